import { describe, expect, it } from 'vitest'
import { liveGame, numericQuestion, orderingQuestion, progress, quizInsights, typedQuestion } from '../testing/fixtures'
import { INVALID_INSIGHTS, readInsights, readProgress } from './insights-read'

describe('readInsights', () => {
  it('reads the report as the contract writes it', () => {
    const insights = readInsights(quizInsights({ liveGames: [liveGame] }), 12)
    expect(insights.title).toBe('Warm-up')
    expect(insights.summary.completionRate).toBe(1)
    expect(insights.questions.map((q) => q.questionId)).toEqual([7, 6])
    expect(insights.questions[0].key).toBe('C')
    expect(insights.questions[0].suspectKey).toEqual({ strongWrongShare: 0.8, strongChoice: 'A', strongPlayers: 5 })
    expect(insights.questions[1].suspectKey).toBeNull()
    expect(insights.questions[1].medianTimeMs).toBeNull()
    expect(insights.histogram).toHaveLength(11)
    expect(insights.players.map((p) => p.reason)).toEqual(['player', 'server'])
    expect(insights.liveGames[0].questions[0].counts).toEqual({ A: 3, B: 20, C: 4, D: 1 })
    expect(insights.liveGames[0].questions[0].key).toBe('B')
  })

  it('gives missing or odd fields neutral values', () => {
    const insights = readInsights(
      { questions: [{ options: [{ count: 'x' }, {}], correctShare: null, key: 'z' }], histogram: [], players: [{}], summary: null },
      31,
    )
    expect(insights.quizId).toBe(31)
    expect(insights.title).toBe('')
    expect(insights.summary.averageScore).toBe(0)
    expect(insights.questions[0]).toMatchObject({ number: 1, key: null, correctShare: 0, medianTimeMs: null, suspectKey: null })
    expect(insights.questions[0].options.map((o) => [o.letter, o.count])).toEqual([
      ['A', 0],
      ['B', 0],
    ])
    expect(insights.players[0]).toMatchObject({ name: '', percent: 0, reason: 'player', retaken: false })
    expect(insights.playersTotal).toBe(1)
    expect(insights.days).toEqual([])
    expect(insights.liveGames).toEqual([])
  })

  it("reads an ordering's parts and a numeric question's numbers, and neither for the other questions", () => {
    const [letter, , typed, ordering, numeric] = readInsights(
      quizInsights({ questions: [...quizInsights().questions, typedQuestion({ parts: null, numbers: null }), orderingQuestion(), numericQuestion()] }),
      12,
    ).questions
    expect(ordering.parts).toEqual([
      { label: 'Mercury', right: 6 },
      { label: 'Venus', right: 4 },
      { label: 'Earth', right: 1 },
    ])
    expect(ordering.numbers).toBeNull()
    expect(numeric.numbers).toEqual({
      low: 9,
      high: 11,
      target: 9.81,
      band: [9.71, 9.91],
      values: [
        { value: 9.81, count: 5 },
        { value: 10, count: 3 },
      ],
      unit: 'm/s²',
    })
    expect(numeric.parts).toBeNull()
    expect(numeric.medianTimeMs).toBe(7200)
    // Sent as null, or left out by an older server (the questions A–D of the fixture): null.
    for (const question of [letter, typed]) {
      expect(question.parts).toBeNull()
      expect(question.numbers).toBeNull()
    }
  })

  it('gives odd parts and numbers neutral values', () => {
    const [question] = readInsights(
      quizInsights({
        questions: [
          typedQuestion({
            parts: [{ label: 3 }, 'x'],
            numbers: { target: 5, band: ['a'], values: [{ value: 4, count: 2 }, { value: 6 }, 'x'] },
          }),
        ],
      }),
      12,
    ).questions
    expect(question.parts).toEqual([
      { label: '', right: 0 },
      { label: '', right: 0 },
    ])
    expect(question.numbers).toEqual({ low: 0, high: 0, target: 5, band: [5, 5], values: [{ value: 4, count: 2 }], unit: null })
    const [odd] = readInsights(quizInsights({ questions: [typedQuestion({ parts: {}, numbers: [] })] }), 12).questions
    expect(odd.parts).toBeNull()
    expect(odd.numbers).toBeNull()
  })

  it('refuses a report whose lists are not lists', () => {
    expect(() => readInsights({ questions: 'nope', histogram: [], players: [] }, 1)).toThrow(expect.objectContaining(INVALID_INSIGHTS))
    expect(() => readInsights(null, 1)).toThrow(expect.objectContaining(INVALID_INSIGHTS))
  })
})

describe('readProgress', () => {
  it('reads the progress as the contract writes it', () => {
    const read = readProgress(progress())
    expect(read.quizzes.map((q) => [q.kind, q.rank])).toEqual([
      ['hosted', 2],
      ['curated', null],
    ])
    expect(read.categories[0].trend).toEqual([40, 90, 80])
    expect(read.streak).toEqual({ current: 2, longest: 5, daysPlayed: 9, lastDay: '2026-11-26' })
  })

  it('reads a player who never played', () => {
    expect(readProgress({ quizzes: [], liveGames: [], categories: [], streak: { current: 0, longest: 0, daysPlayed: 0, lastDay: null } })).toEqual({
      quizzes: [],
      liveGames: [],
      categories: [],
      streak: { current: 0, longest: 0, daysPlayed: 0, lastDay: null },
    })
    expect(() => readProgress({})).toThrow(expect.objectContaining(INVALID_INSIGHTS))
  })
})
