import { describe, expect, it } from 'vitest'
import { readInsights } from '../api/insights-read'
import { orderingQuestion, quizInsights } from '../testing/fixtures'
import { answeredCount, partRows } from './part-rows'

const question = (raw: Record<string, unknown>) => readInsights(quizInsights({ questions: [raw] }), 12).questions[0]

describe('partRows', () => {
  it("gives each part its share of the answers (seen less skipped), in the definition's order, the fewest right marked", () => {
    expect(partRows(question(orderingQuestion()))).toEqual([
      { key: '0', label: 'Mercury', share: 75, weakest: false },
      { key: '1', label: 'Venus', share: 50, weakest: false },
      { key: '2', label: 'Earth', share: 13, weakest: true },
    ])
  })

  it('marks every part of a tie for the fewest right', () => {
    const parts = [
      { label: 'France', right: 2 },
      { label: 'Italy', right: 5 },
      { label: 'Spain', right: 2 },
    ]
    expect(partRows(question(orderingQuestion({ type: 'matching', parts }))).map((row) => [row.label, row.share, row.weakest])).toEqual([
      ['France', 25, true],
      ['Italy', 63, false],
      ['Spain', 25, true],
    ])
  })

  it('is 0% and marks nothing when nobody answered, and marks nothing when every part is as often right', () => {
    const nobody = question(orderingQuestion({ seen: 3, skipped: 3 }))
    expect(answeredCount(nobody)).toBe(0)
    expect(partRows(nobody).map((row) => [row.share, row.weakest])).toEqual([
      [0, false],
      [0, false],
      [0, false],
    ])
    const even = [
      { label: 'a', right: 8 },
      { label: 'b', right: 8 },
    ]
    expect(partRows(question(orderingQuestion({ type: 'gaps', parts: even }))).map((row) => [row.share, row.weakest])).toEqual([
      [100, false],
      [100, false],
    ])
  })

  it('has no rows for a question without parts', () => {
    expect(partRows(question(orderingQuestion({ parts: null })))).toEqual([])
    expect(partRows(question({ ...orderingQuestion(), parts: undefined }))).toEqual([])
  })
})
