/** Views of docs/live-games.md for the live game's tests, built from one base. */
import type { GameView, LiveQuestion, StandingRow } from '@/types/live-game'

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
    host: { pin: '123456', answered: 0, names: names.map((nickname) => ({ playerId: `p-${nickname}`, nickname })) },
    ...overrides,
  })
}

/** A player's view (with `me`). */
export function playerView(overrides: Partial<GameView> = {}, me: Partial<NonNullable<GameView['me']>> = {}): GameView {
  return makeView({
    players: 2,
    me: { playerId: 'p1', nickname: 'Ana', points: 0, streak: 0, rank: null, answer: null, lastResult: null, ...me },
    ...overrides,
  })
}
