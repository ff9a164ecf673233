/** The server's insights answers as docs/insights-api.md writes them, for the tests. */

const option = (letter: string, text: string, count: number, isKey: boolean) => ({ letter, text, count, isKey })

/** A quiz of three questions, four submitted attempts; question 7 (the hardest) has a suspect key. */
export function quizInsights(overrides: Record<string, unknown> = {}) {
  return {
    quizId: 12,
    title: 'Warm-up',
    summary: {
      participants: 3,
      attemptsStarted: 4,
      attemptsSubmitted: 4,
      completionRate: 1.0,
      averageScore: 66.7,
      medianScore: 66.7,
      averageTimeMs: 93000,
      submittedByServer: 1,
    },
    questions: [
      {
        questionId: 7,
        number: 2,
        text: 'Which planet is known as the Red Planet?',
        key: 'C',
        options: [option('A', 'Venus', 3, false), option('B', 'Jupiter', 0, false), option('C', 'Mars', 1, true), option('D', 'Saturn', 0, false)],
        seen: 4,
        skipped: 0,
        correctShare: 0.25,
        medianTimeMs: 4100,
        suspectKey: { strongWrongShare: 0.8, strongChoice: 'A', strongPlayers: 5 },
      },
      {
        questionId: 6,
        number: 1,
        text: 'What is 2 + 2?',
        key: 'B',
        options: [option('A', '3', 1, false), option('B', '4', 2, true), option('C', '5', 0, false), option('D', '22', 0, false)],
        seen: 4,
        skipped: 1,
        correctShare: 0.5,
        medianTimeMs: null,
        suspectKey: null,
      },
    ],
    histogram: [
      ...Array.from({ length: 10 }, (_, i) => ({ label: `${i * 10}–${i * 10 + 9}%`, from: i * 10, count: i === 3 ? 1 : i === 6 ? 2 : 0 })),
      { label: '100%', from: 100, count: 1 },
    ],
    players: [
      {
        userId: 'u-ada',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        attemptId: 'a1',
        score: 3,
        total: 3,
        points: 30,
        percent: 100.0,
        timeMs: 61000,
        submittedAt: '2026-11-26T10:00:00.000Z',
        reason: 'player',
        retaken: true,
      },
      {
        userId: 'u-bo',
        name: 'Bo Brown',
        email: 'bo@example.com',
        attemptId: 'a2',
        score: 1,
        total: 3,
        points: 10,
        percent: 33.3,
        timeMs: 300000,
        submittedAt: '2026-11-25T09:00:00.000Z',
        reason: 'timeout',
        retaken: false,
      },
    ],
    playersTotal: 2,
    days: [
      { day: '2026-11-25', attempts: 1, averageScore: 33.3 },
      { day: '2026-11-26', attempts: 3, averageScore: 77.8 },
    ],
    liveGames: [],
    ...overrides,
  }
}

export const liveGame = {
  gameId: 'g1',
  openedAt: '2026-11-20T18:30:00Z',
  players: 28,
  questions: [{ number: 1, text: 'Capital of France?', key: 'B', counts: [3, 20, 4, 1], answered: 28, correctShare: 0.714, medianMs: 5200 }],
}

export function progress(overrides: Record<string, unknown> = {}) {
  return {
    quizzes: [
      { quizId: 12, title: 'Warm-up', kind: 'hosted', attempts: 2, lastPlayedAt: '2026-11-26T10:00:00Z', score: 2, total: 3, rank: 2, players: 3 },
      { quizId: 1, title: 'Science', kind: 'curated', attempts: 3, lastPlayedAt: '2026-11-25T10:00:00Z', score: 8, total: 10, rank: null, players: null },
    ],
    liveGames: [{ gameId: 'g1', title: 'Quiz night', playedAt: '2026-11-24T20:00:00Z', points: 4200, correct: 7, rank: 3, players: 28 }],
    categories: [{ quizId: 1, title: 'Science', first: 40.0, best: 90.0, latest: 80.0, trend: [40.0, 90.0, 80.0], accuracy: 0.7 }],
    streak: { current: 2, longest: 5, daysPlayed: 9, lastDay: '2026-11-26' },
    ...overrides,
  }
}

/** A question of another type than A–D as the server writes it (`options` only for choice types). */
export function typedQuestion(overrides: Record<string, unknown> = {}) {
  return {
    questionId: 9,
    number: 3,
    text: 'Capital of Australia?',
    type: 'type_answer',
    key: '',
    options: [],
    topAnswers: [
      { answer: 'Sydney', count: 5, right: false },
      { answer: 'Canberra', count: 3, right: true },
    ],
    meanF: 0.375,
    seen: 9,
    skipped: 1,
    correctShare: 0.333,
    medianTimeMs: 7200,
    suspectKey: null,
    ...overrides,
  }
}

/** An ordering of three planets: 8 answered (9 seen, 1 skipped); Earth's place was most often wrong. */
export function orderingQuestion(overrides: Record<string, unknown> = {}) {
  return typedQuestion({
    questionId: 10,
    number: 4,
    text: 'Order the planets from the Sun',
    type: 'ordering',
    topAnswers: [{ answer: 'Mercury, Venus, Earth', count: 3, right: true }],
    meanF: 0.6,
    parts: [
      { label: 'Mercury', right: 6 },
      { label: 'Venus', right: 4 },
      { label: 'Earth', right: 1 },
    ],
    numbers: null,
    ...overrides,
  })
}

/** A numeric question (g = 9.81 ± 0.1): 8 answered; the numbers given, most of them right. */
export function numericQuestion(overrides: Record<string, unknown> = {}) {
  return typedQuestion({
    questionId: 11,
    number: 5,
    text: 'Acceleration due to gravity, in m/s²?',
    type: 'numeric',
    topAnswers: [
      { answer: '9.81', count: 5, right: true },
      { answer: '10', count: 3, right: false },
    ],
    meanF: 0.625,
    correctShare: 0.625,
    parts: null,
    numbers: {
      low: 9,
      high: 11,
      target: 9.81,
      band: [9.71, 9.91],
      values: [
        { value: 9.81, count: 5 },
        { value: 10, count: 3 },
      ],
      unit: 'm/s²',
    },
    ...overrides,
  })
}
