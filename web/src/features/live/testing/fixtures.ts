/** Views of docs/live-games.md for the live game's tests, built from one base. */
import type { ServedQuestion } from '@/types/api'
import type { GameView, GivenAnswer, LiveQuestion, LiveTypedReveal, StandingRow } from '@/types/live-game'

export const SERVER_NOW = 1_764_100_000_000

export function makeQuestion(overrides: Partial<LiveQuestion> = {}, startedAt = SERVER_NOW): LiveQuestion {
  return {
    index: 0,
    text: 'Capital of France?',
    options: [
      { letter: 'A', text: 'Paris' },
      { letter: 'B', text: 'Lyon' },
      { letter: 'C', text: 'Nice' },
      { letter: 'D', text: 'Lille' },
    ],
    startedAt,
    opensAt: startedAt + 3000,
    deadline: startedAt + 23_000,
    remainingMs: 20_000,
    paused: false,
    ...overrides,
  }
}

/**
 * A question of another type (issue 29): no options, the question as served. The default is an
 * ordering served in the game's secret order (the right one is Mercury, Venus, Earth).
 */
export function makeTypedQuestion(
  served: ServedQuestion = { type: 'ordering', items: ['Venus', 'Mercury', 'Earth'] },
  overrides: Partial<LiveQuestion> = {},
  startedAt = SERVER_NOW,
): LiveQuestion {
  return makeQuestion({ text: 'Nearest the Sun first', options: [], served, ...overrides }, startedAt)
}

/** The reveal of a question of another type; the default is the ordering's, 24 answers. */
export function makeTypedReveal(overrides: Partial<LiveTypedReveal> = {}): LiveTypedReveal {
  return {
    type: 'ordering',
    definition: { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'], partial: true },
    explanation: 'Mercury is the closest planet to the Sun.',
    answered: 24,
    right: 10,
    partly: 6,
    wrong: 8,
    options: null,
    given: null,
    ...overrides,
  }
}

/**
 * A numeric question's reveal (9.81 m/s², ± 0.1), 12 answers, with its numbers on a line: 4 gave
 * 9.8, 6 gave 9.81 (both right), 2 gave 10.5.
 */
export function makeNumericReveal(overrides: Partial<LiveTypedReveal> = {}): LiveTypedReveal {
  return makeTypedReveal({
    type: 'numeric',
    definition: { type: 'numeric', answer: 9.81, tolerance: { kind: 'absolute', value: 0.1 }, unit: 'm/s²' },
    explanation: null,
    answered: 12,
    right: 10,
    partly: 0,
    wrong: 2,
    given: [
      { answer: '9.81', count: 6 },
      { answer: '9.8', count: 4 },
      { answer: '10.5', count: 2 },
    ],
    parts: null,
    numbers: {
      low: 9,
      high: 11,
      target: 9.81,
      band: [9.71, 9.91],
      values: [
        { value: 9.8, count: 4 },
        { value: 9.81, count: 6 },
        { value: 10.5, count: 2 },
      ],
      unit: 'm/s²',
    },
    ...overrides,
  })
}

/** A word cloud's reveal, 19 answers; `given` stays null while they wait for the host. */
export function makeWordCloudReveal(given: GivenAnswer[] | null = null): LiveTypedReveal {
  return makeTypedReveal({ type: 'word_cloud', definition: { type: 'word_cloud' }, explanation: null, answered: 19, right: 0, partly: 0, wrong: 0, given })
}

/** Words of a word cloud, most given first. */
export const CLOUD_WORDS: GivenAnswer[] = [
  { answer: 'fun', count: 12 },
  { answer: 'hard', count: 5 },
  { answer: 'long', count: 2 },
]

export const rows = (names: string[]): StandingRow[] =>
  names.map((nickname, i) => ({ rank: i + 1, playerId: `p-${nickname}`, nickname, points: 1000 - i * 100 }))

export function makeView(overrides: Partial<GameView> = {}): GameView {
  return {
    gameId: 'g1',
    title: 'World capitals',
    phase: 'lobby',
    serverNow: SERVER_NOW,
    questionCount: 3,
    players: 0,
    locked: false,
    settings: {
      secondsPerQuestion: 20,
      scoring: 'speed',
      streakBonus: false,
      shuffleQuestions: false,
      shuffleOptions: false,
      requireSignIn: false,
      autoAdvance: false,
    },
    question: null,
    reveal: null,
    standings: null,
    podium: null,
    me: null,
    host: null,
    ...overrides,
  }
}

/** The host's view (with `host`). */
export function hostView(overrides: Partial<GameView> = {}, names: string[] = []): GameView {
  return makeView({
    players: names.length,
    host: { pin: '123456', joinKey: 'k123', answered: 0, counting: false, names: names.map((nickname) => ({ playerId: `p-${nickname}`, nickname })), pendingWords: null },
    ...overrides,
  })
}

/**
 * The host at the reveal of a word cloud: its answers waiting for the host (`pendingWords`, the
 * reveal's `given` null), or, with `pending` null, shown (`given` the cloud's words).
 */
export function wordCloudView(pending: GivenAnswer[] | null, overrides: Partial<GameView> = {}): GameView {
  const question = makeTypedQuestion({ type: 'word_cloud' })
  const view = hostView({ phase: 'reveal', question, reveal: makeWordCloudReveal(pending ? null : CLOUD_WORDS), ...overrides }, ['Ana', 'Bo'])
  return { ...view, host: { ...(view.host as NonNullable<GameView['host']>), pendingWords: pending } }
}

/** A player's view (with `me`). */
export function playerView(overrides: Partial<GameView> = {}, me: Partial<NonNullable<GameView['me']>> = {}): GameView {
  return makeView({
    players: 2,
    me: { playerId: 'p1', nickname: 'Ana', points: 0, streak: 0, rank: null, answer: null, lastResult: null, ...me },
    ...overrides,
  })
}

/** GET /api/live/games?quizId=31: a running game, then a finished one (newest first). */
export const quizGames = [
  { gameId: 'g2', title: 'World capitals', openedAt: '2026-11-20T18:30:00Z', finishedAt: null, players: 1 },
  { gameId: 'g1', title: 'World capitals', openedAt: '2026-11-19T09:00:00Z', finishedAt: '2026-11-19T09:12:00Z', players: 2 },
]

/**
 * GET /api/live/games/g1/results: two players, three questions (right: A, C, B). Ana answered
 * A, C and nothing; Bo answered B, C, B.
 */
export function gameResults(overrides: Record<string, unknown> = {}) {
  return {
    gameId: 'g1',
    quizId: 31,
    title: 'World capitals',
    openedAt: '2026-11-19T09:00:00Z',
    finishedAt: '2026-11-19T09:12:00Z',
    players: [
      { rank: 1, playerId: 'p-Ana', nickname: 'Ana', signedIn: true, points: 1850, correct: 2, answered: 2, answers: ['A', 'C', null] },
      { rank: 2, playerId: 'p-Bo', nickname: 'Bo', signedIn: false, points: 1700, correct: 2, answered: 3, answers: ['B', 'C', 'B'] },
    ],
    questions: [
      { index: 0, text: 'Capital of France?', answer: 'A', answered: 2, correct: 1, counts: { A: 1, B: 1, C: 0, D: 0 }, medianMs: 2200 },
      { index: 1, text: 'Capital of Italy?', answer: 'C', answered: 2, correct: 2, counts: { A: 0, B: 0, C: 2, D: 0 }, medianMs: 4000 },
      { index: 2, text: 'Capital of Spain?', answer: 'B', answered: 1, correct: 1, counts: { A: 0, B: 1, C: 0, D: 0 }, medianMs: 900 },
    ],
    ...overrides,
  }
}

/** GET /api/live/history: a running game, then a finished one (newest first). */
export const playedGames = [
  { gameId: 'g2', title: 'Rivers', playedAt: '2026-11-20T18:30:00Z', finished: false, nickname: 'Ada L', points: 300, correct: 1, rank: 3, players: 12 },
  { gameId: 'g1', title: 'World capitals', playedAt: '2026-11-19T09:00:00Z', finished: true, nickname: 'Ada', points: 1850, correct: 2, rank: 1, players: 2 },
]
