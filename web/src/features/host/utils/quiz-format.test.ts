import { describe, expect, it } from 'vitest'
import { formatDuration, formatValidity, joinLink, parseCategoryId, quizStatus } from './quiz-format'

describe('quiz card figures', () => {
  it('shows minutes up to 60, then hours and minutes', () => {
    expect(formatDuration(1)).toBe('1 min')
    expect(formatDuration(30)).toBe('30 min')
    expect(formatDuration(60)).toBe('60 min')
    expect(formatDuration(61)).toBe('1h 1m')
    expect(formatDuration(90)).toBe('1h 30m')
    expect(formatDuration(120)).toBe('2h 0m')
    expect(formatDuration(180)).toBe('3h 0m')
    expect(formatDuration(null)).toBe('0 min')
  })

  it('is completed once valid_until has passed, otherwise active', () => {
    const now = Date.parse('2026-03-10T12:00:00Z')
    expect(quizStatus('2026-03-10T11:59:59Z', now)).toBe('completed')
    expect(quizStatus('2026-03-10T12:00:01Z', now)).toBe('active')
    expect(quizStatus(null, now)).toBe('active')
    expect(quizStatus('not a date', now)).toBe('active')
  })

  it("shows the validity, or 'No expiration' when missing or after 2099-12-31", () => {
    expect(formatValidity(undefined)).toBe('No expiration')
    expect(formatValidity(null)).toBe('No expiration')
    expect(formatValidity('')).toBe('No expiration')
    expect(formatValidity('garbage')).toBe('No expiration')
    expect(formatValidity('2100-01-01T00:00:00Z')).toBe('No expiration')
    expect(formatValidity('9999-12-31T23:59:59Z')).toBe('No expiration')
    const date = '2099-12-31T12:00:00Z'
    expect(formatValidity(date)).not.toBe('No expiration')
    expect(formatValidity('2026-03-11T09:30:00Z')).toBe(
      new Date('2026-03-11T09:30:00Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    )
  })

  it('builds the absolute join link', () => {
    expect(joinLink('K7QH2M', 'https://quizroom.example')).toBe('https://quizroom.example/host/attemptQuiz?code=K7QH2M')
    expect(joinLink('A B')).toBe(`${window.location.origin}/host/attemptQuiz?code=A%20B`)
  })

  it('accepts only positive whole numbers as category ids', () => {
    expect(parseCategoryId('31')).toBe(31)
    for (const bad of [undefined, '', 'abc', '3.5', '-2', '0', '12abc', '1e3']) expect(parseCategoryId(bad)).toBeNull()
  })
})
