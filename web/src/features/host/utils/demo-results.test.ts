import { describe, expect, it } from 'vitest'
import { generateDemoResults, mulberry32, SCORE_BAND_LABELS, scoreBand } from './demo-results'

const now = Date.parse('2026-03-10T12:00:00Z')

describe('demo results', () => {
  it('makes 132 participants with scores 0-100 submitted within the last 14 days', () => {
    const rows = generateDemoResults(now)
    expect(rows).toHaveLength(132)
    expect(new Set(rows.map((row) => row.id)).size).toBe(132)
    for (const row of rows) {
      expect(Number.isInteger(row.score)).toBe(true)
      expect(row.score).toBeGreaterThanOrEqual(0)
      expect(row.score).toBeLessThanOrEqual(100)
      const at = Date.parse(row.submittedAt)
      expect(at).toBeLessThanOrEqual(now)
      expect(at).toBeGreaterThan(now - 14 * 24 * 60 * 60 * 1000)
      expect(row.email).toMatch(/^[a-z.]+\d+@[a-z.]+$/)
      expect(row.name).toMatch(/^\S+ \S+$/)
    }
  })

  it('is the same on every run (seeded)', () => {
    expect(generateDemoResults(now)).toEqual(generateDemoResults(now))
    const a = mulberry32(7)
    const b = mulberry32(7)
    expect([a(), a(), a()]).toEqual([b(), b(), b()])
    expect(generateDemoResults(now, 5, 1)).not.toEqual(generateDemoResults(now, 5, 2))
  })

  it('colours scores by band: 80 green, 60 blue, 40 yellow, else red', () => {
    expect([100, 80, 79, 60, 59, 40, 39, 0].map(scoreBand)).toEqual(['green', 'green', 'blue', 'blue', 'yellow', 'yellow', 'red', 'red'])
    // Each band also has its own word and shape (not the colour alone).
    const labels = (['green', 'blue', 'yellow', 'red'] as const).map((band) => SCORE_BAND_LABELS[band])
    expect(new Set(labels.map((label) => label.text)).size).toBe(4)
    expect(new Set(labels.map((label) => label.icon)).size).toBe(4)
  })
})
