/**
 * A live game's results (crates/api/src/live/results.rs), all with the session's token: the
 * host's games of a quiz, one game's results per player and per question (the host only: 404 to
 * anyone else) and their CSV, and the games a signed-in player played. Lists that are not lists
 * are refused, and missing parts of a row get neutral values, so the screens never meet
 * `undefined`.
 */
import { apiDownload, apiRequest } from '@/lib/api-client'
import { LETTERS } from '@/lib/constants'
import { count, listOr, maybeText as time, record, text } from '@/lib/read-json'
import type { ApiError, Letter } from '@/types/api'

/** One game of a quiz (GET /api/live/games?quizId=N), newest first. */
export type QuizGame = {
  gameId: string
  title: string
  /** RFC 3339. */
  openedAt: string
  /** RFC 3339; null while the game runs. */
  finishedAt: string | null
  players: number
}

/** A player's line of a game's results, best first. */
export type PlayerResult = {
  rank: number
  playerId: string
  nickname: string
  signedIn: boolean
  points: number
  correct: number
  answered: number
  /** The letter given to each question, in the questions' order (null: no answer). */
  answers: Array<Letter | null>
}

/** A question's line of a game's results. */
export type QuestionResult = {
  /** 0-based, in the order the game served them. */
  index: number
  text: string
  /** The right letter. */
  answer: Letter | null
  answered: number
  correct: number
  counts: Record<Letter, number>
  /** The median time to answer, from the question's opening (null: nobody answered). */
  medianMs: number | null
}

export type GameResults = {
  gameId: string
  quizId: number
  title: string
  openedAt: string
  finishedAt: string | null
  players: PlayerResult[]
  questions: QuestionResult[]
}

/** A live game the signed-in player played (GET /api/live/history), newest first. */
export type PlayedGame = {
  gameId: string
  title: string
  playedAt: string
  finished: boolean
  nickname: string
  points: number
  correct: number
  rank: number
  players: number
}

const INVALID_DATA: ApiError = { error: 'Invalid results received. Please try again.' }

const letter = (value: unknown): Letter | null => (LETTERS as readonly unknown[]).includes(value) ? (value as Letter) : null

const list = listOr(INVALID_DATA)

function readGame(raw: unknown): QuizGame {
  const g = record(raw)
  return { gameId: text(g.gameId), title: text(g.title), openedAt: text(g.openedAt), finishedAt: time(g.finishedAt), players: count(g.players) }
}

function readPlayer(raw: unknown): PlayerResult {
  const p = record(raw)
  return {
    rank: count(p.rank),
    playerId: text(p.playerId),
    nickname: text(p.nickname),
    signedIn: p.signedIn === true,
    points: count(p.points),
    correct: count(p.correct),
    answered: count(p.answered),
    answers: Array.isArray(p.answers) ? p.answers.map(letter) : [],
  }
}

function readQuestion(raw: unknown, position: number): QuestionResult {
  const q = record(raw)
  const counts = record(q.counts)
  return {
    index: typeof q.index === 'number' ? q.index : position,
    text: text(q.text),
    answer: letter(q.answer),
    answered: count(q.answered),
    correct: count(q.correct),
    counts: { A: count(counts.A), B: count(counts.B), C: count(counts.C), D: count(counts.D) },
    medianMs: typeof q.medianMs === 'number' && Number.isFinite(q.medianMs) ? q.medianMs : null,
  }
}

function readPlayed(raw: unknown): PlayedGame {
  const p = record(raw)
  return {
    gameId: text(p.gameId),
    title: text(p.title),
    playedAt: text(p.playedAt),
    finished: p.finished === true,
    nickname: text(p.nickname),
    points: count(p.points),
    correct: count(p.correct),
    rank: count(p.rank),
    players: count(p.players),
  }
}

const resultsPath = (gameId: string) => `/api/live/games/${encodeURIComponent(gameId)}/results`

export async function listQuizGames(quizId: number): Promise<QuizGame[]> {
  const games = await apiRequest<unknown>(`/api/live/games?quizId=${quizId}`, { auth: true, defaultError: 'Failed to load the live games' })
  return list(games).map(readGame)
}

export async function getGameResults(gameId: string): Promise<GameResults> {
  const raw = record(await apiRequest<unknown>(resultsPath(gameId), { auth: true, defaultError: 'Failed to load the results' }))
  return {
    gameId: text(raw.gameId) || gameId,
    quizId: count(raw.quizId),
    title: text(raw.title),
    openedAt: text(raw.openedAt),
    finishedAt: time(raw.finishedAt),
    players: list(raw.players).map(readPlayer),
    questions: list(raw.questions).map(readQuestion),
  }
}

/** The results as CSV (a row per player, a column per question), with the server's file name. */
export function downloadGameResultsCsv(gameId: string): Promise<{ blob: Blob; fileName: string | null }> {
  return apiDownload(`${resultsPath(gameId)}.csv`, { auth: true, defaultError: 'Failed to download the results' })
}

export async function getLiveHistory(): Promise<PlayedGame[]> {
  const played = await apiRequest<unknown>('/api/live/history', { auth: true, defaultError: 'Failed to load your live games' })
  return list(played).map(readPlayed)
}
