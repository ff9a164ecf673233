import { describe, expect, it } from 'vitest'
import { readInsights } from '../api/insights-read'
import { liveGame, quizInsights } from '../testing/fixtures'
import { accuracyItems, histogramItems, liveOptionItems, optionItems, scorePerDayItems } from './chart-items'

const insights = readInsights(quizInsights({ liveGames: [liveGame] }), 12)

describe('chart items', () => {
  it('marks the key "(key)" and a wrong option chosen more than the key "(most chosen)"', () => {
    const items = optionItems(insights.questions[0])
    expect(items.map((i) => [i.label, i.value, i.note ?? null, i.tone ?? 'plain'])).toEqual([
      ['A. Venus', 3, '(most chosen)', 'warn'],
      ['B. Jupiter', 0, null, 'plain'],
      ['C. Mars', 1, '(key)', 'key'],
      ['D. Saturn', 0, null, 'plain'],
    ])
    expect(items[2].icon).toBe('✓')
  })

  it('marks no wrong option when none beats the key', () => {
    const items = optionItems(insights.questions[1])
    expect(items.map((i) => i.note ?? null)).toEqual([null, '(key)', null, null])
  })

  it('marks only the first of two wrong options tied above the key', () => {
    const question = { ...insights.questions[1], options: insights.questions[1].options.map((o) => ({ ...o, count: o.isKey ? 0 : 2 })) }
    expect(optionItems(question).map((i) => i.note ?? null)).toEqual(['(most chosen)', '(key)', null, null])
  })

  it('counts a live question by letter', () => {
    expect(liveOptionItems(insights.liveGames[0].questions[0]).map((i) => [i.label, i.value, i.note ?? null])).toEqual([
      ['A', 3, null],
      ['B', 20, '(key)'],
      ['C', 4, null],
      ['D', 1, null],
    ])
  })

  it('labels the histogram short under the columns and whole in the table', () => {
    const items = histogramItems(insights.histogram)
    expect(items).toHaveLength(11)
    expect(items[6]).toMatchObject({ label: '60', fullLabel: '60–69%', value: 2 })
    expect(items[10]).toMatchObject({ label: '100', fullLabel: '100%', value: 1 })
  })

  it('writes days and accuracy in words', () => {
    expect(scorePerDayItems(insights.days).map((i) => [i.label, i.fullLabel, i.valueText])).toEqual([
      ['25 Nov', '25 Nov 2026', '33.3%'],
      ['26 Nov', '26 Nov 2026', '77.8%'],
    ])
    expect(accuracyItems([{ quizId: 1, title: 'Science', first: 0, best: 0, latest: 0, trend: [], accuracy: 0.7 }])).toEqual([
      { key: '1', label: 'Science', value: 70, valueText: '70%' },
    ])
  })
})
