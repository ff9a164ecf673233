/**
 * The live game's view (docs/live-games.md, "The view"): what the `game` message of the hub and
 * the live-game HTTP answers carry, whole, so a client that reconnects needs nothing else.
 * Times are milliseconds since the Unix epoch on the server's clock.
 */
import type { Letter } from './api'

export type LivePhase = 'lobby' | 'question' | 'reveal' | 'standings' | 'finished'
export type LiveScoring = 'correctness' | 'speed'

export type LiveSettings = {
  /** 5–240. */
  secondsPerQuestion: number
  scoring: LiveScoring
  streakBonus: boolean
  shuffleQuestions: boolean
  shuffleOptions: boolean
  requireSignIn: boolean
  autoAdvance: boolean
}

/** An option as this client sees it; with shuffled options the order differs, the letter does not. */
export type LiveOption = { letter: Letter; text: string }

export type LiveQuestion = {
  index: number
  text: string
  options: LiveOption[]
  startedAt: number
  /** Answers are taken from here (3 s after `startedAt`) … */
  opensAt: number
  /** … until here; null while paused. */
  deadline: number | null
  /** Frozen while paused. */
  remainingMs: number
  paused: boolean
}

/** Reveal and standings: the right answer and how many chose each option. */
export type LiveReveal = {
  answer: Letter
  explanation: string | null
  counts: Record<Letter, number>
}

export type StandingRow = { rank: number; playerId: string; nickname: string; points: number }

/** Players only. */
export type LiveMe = {
  playerId: string
  nickname: string
  points: number
  streak: number
  rank: number | null
  /** The letter this player gave to the current question. */
  answer: Letter | null
  /** The last closed question; null when not answered (or joined after it). */
  lastResult: { correct: boolean; points: number } | null
}

export type LivePlayerName = { playerId: string; nickname: string }

/** The host only. */
export type LiveHost = {
  pin: string
  /** The key of the game's link and QR code ('' for a game from before there were keys). */
  joinKey: string
  /** Answers to the current question. */
  answered: number
  /**
   * The question's time is up (or every player answered) and answers received in time are still
   * being written: the reveal comes once they are all counted.
   */
  counting: boolean
  /** The newest 100 who joined. */
  names: LivePlayerName[]
}

export type GameView = {
  gameId: string
  title: string
  phase: LivePhase
  serverNow: number
  questionCount: number
  players: number
  locked: boolean
  settings: LiveSettings
  question: LiveQuestion | null
  reveal: LiveReveal | null
  standings: StandingRow[] | null
  podium: StandingRow[] | null
  me: LiveMe | null
  host: LiveHost | null
}

/**
 * The view as the server sends it: the API document's schema `GameView` (crates/hub/src/game/view.rs).
 * Every field is always there, `null` when it has nothing to say. `readGameView` makes a
 * `GameView` of it: the settings filled with their defaults when missing, a blank explanation
 * `null`.
 */
export type GameViewJson = Omit<GameView, 'settings' | 'reveal'> & {
  settings: LiveSettings | null
  reveal: LiveRevealJson | null
}

/** The reveal as the server sends it: the explanation is a text, possibly empty. */
export type LiveRevealJson = Omit<LiveReveal, 'explanation'> & { explanation: string }

export type ControlAction = 'start' | 'next' | 'skip' | 'pause' | 'resume' | 'lock' | 'unlock' | 'end'
