/**
 * The shapes of the insights calls (docs/insights-api.md): a hosted quiz's report for its host and
 * a player's progress. Scores are in percent (0–100), shares from 0 to 1, times in milliseconds.
 */
import type { Letter, QuestionType } from '@/types/api'
import type { RevealNumbers, RevealPart } from '@/types/live-game'

export type InsightsSummary = {
  participants: number
  attemptsStarted: number
  attemptsSubmitted: number
  /** 0 to 1. */
  completionRate: number
  averageScore: number
  medianScore: number
  averageTimeMs: number
  /** Attempts the server submitted at their deadline. */
  submittedByServer: number
}

/** `letter` is A–D for a question A–D, A–F for the other choice types (which may have several keys). */
export type OptionFigures = { letter: string; text: string; count: number; isKey: boolean }

/** An answer of a question of another type than A–D, in words, how many gave it and whether it is fully right. */
export type GivenAnswer = { answer: string; count: number; right: boolean }

/** The key may be wrong: most of the strong players chose `strongChoice`, not the key. */
export type SuspectKey = { strongWrongShare: number; strongChoice: string; strongPlayers: number }

/**
 * A part of an ordering (a place, labelled with the item that belongs there), a matching (a left
 * item), a categorize question (an item) or a text (a gap, labelled with its right answer), and
 * how many of the answers got it right: the shape of a live reveal's parts.
 */
export type PartFigures = RevealPart

/**
 * The numbers given to a numeric or slider question: the line's ends, the right answer, the
 * stretch that counts as right and each number given with how many gave it (the shape of a live
 * reveal's numbers, drawn by the same number line).
 */
export type NumberFigures = RevealNumbers

export type QuestionFigures = {
  questionId: number
  /** Its place in the quiz now (questions removed by an edit come after). */
  number: number
  text: string
  /** Null for an older server that does not say (its questions are all A–D). */
  type: QuestionType | null
  /** The key of a question A–D; null for the other types. */
  key: Letter | null
  /** A question A–D: its four counts; other choice types: up to six; empty for the rest. */
  options: OptionFigures[]
  /** Other types than A–D: the answers given most, most given first; empty for questions A–D. */
  topAnswers: GivenAnswer[]
  /** How right on average, 0 to 1; null when not scored. */
  meanF: number | null
  seen: number
  skipped: number
  correctShare: number
  /** Any type; null when no counted answer has a time. */
  medianTimeMs: number | null
  suspectKey: SuspectKey | null
  /**
   * Ordering, matching, categorize and gaps: one per part in the definition's order, each with
   * how many of the answers (`seen - skipped`) got it right. Null for the other types; absent
   * from an older server (read as null).
   */
  parts?: PartFigures[] | null
  /** Numeric and slider: the numbers given on a line. Null for the other types; absent from an older server. */
  numbers?: NumberFigures | null
}

/** Scores in tens of percent: "0–9%" … "90–99%", "100%". */
export type ScoreBucket = { label: string; from: number; count: number }

export type PlayerFigures = {
  userId: string
  name: string
  email: string
  attemptId: string
  score: number
  total: number
  points: number
  percent: number
  timeMs: number
  submittedAt: string
  /** `player`, or the server at the deadline. */
  reason: 'player' | 'server'
  /** A retake was granted on it (it no longer counts on the board). */
  retaken: boolean
}

export type DayFigures = { day: string; attempts: number; averageScore: number }

export type LiveQuestionFigures = {
  number: number
  text: string
  key: Letter | null
  /** How many chose A, B, C and D. */
  counts: Record<Letter, number>
  answered: number
  correctShare: number
  medianMs: number | null
}

export type LiveGameFigures = { gameId: string; openedAt: string; players: number; questions: LiveQuestionFigures[] }

export type QuizInsights = {
  quizId: number
  title: string
  summary: InsightsSummary
  /** Hardest first. */
  questions: QuestionFigures[]
  histogram: ScoreBucket[]
  /** Best first, at most 500. */
  players: PlayerFigures[]
  playersTotal: number
  /** Oldest first. */
  days: DayFigures[]
  /** Newest first. */
  liveGames: LiveGameFigures[]
}

export type PlayedQuiz = {
  quizId: number
  title: string
  kind: 'curated' | 'hosted'
  attempts: number
  lastPlayedAt: string
  score: number
  total: number
  /** Null when no attempt of the player counts on the quiz's board now. */
  rank: number | null
  players: number | null
}

export type PlayedLiveGame = {
  gameId: string
  title: string
  playedAt: string
  points: number
  correct: number
  rank: number
  players: number
}

export type CategoryProgress = {
  quizId: number
  title: string
  first: number
  best: number
  latest: number
  /** Every attempt's score, oldest first. */
  trend: number[]
  /** 0 to 1. */
  accuracy: number
}

export type Streak = { current: number; longest: number; daysPlayed: number; lastDay: string | null }

export type Progress = {
  quizzes: PlayedQuiz[]
  liveGames: PlayedLiveGame[]
  categories: CategoryProgress[]
  streak: Streak
}
