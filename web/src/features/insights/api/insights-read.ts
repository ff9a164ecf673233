/**
 * Reads the insights answers defensively, as the live results do: a report or a progress whose
 * lists are not lists is refused; a missing or odd field of a row gets a neutral value (0, '',
 * null), so the screens and charts never meet `undefined` or NaN.
 */
import { LETTERS } from '@/lib/constants'
import { QUESTION_TYPE_NAMES } from '@/lib/question-types'
import { count as num, listOr, maybeCount as numOrNull, maybeText, record, text } from '@/lib/read-json'
import type { ApiError, Letter, QuestionType } from '@/types/api'
import type {
  CategoryProgress,
  DayFigures,
  GivenAnswer,
  InsightsSummary,
  LiveGameFigures,
  LiveQuestionFigures,
  NumberFigures,
  OptionFigures,
  PartFigures,
  PlayedLiveGame,
  PlayedQuiz,
  PlayerFigures,
  Progress,
  QuestionFigures,
  QuizInsights,
  ScoreBucket,
  Streak,
  SuspectKey,
} from './insights-types'

export const INVALID_INSIGHTS: ApiError = { error: 'Invalid insights received. Please try again.' }

const letter = (value: unknown): Letter | null => {
  const upper = typeof value === 'string' ? value.toUpperCase() : value
  return (LETTERS as readonly unknown[]).includes(upper) ? (upper as Letter) : null
}

const list = listOr(INVALID_INSIGHTS)

/** A list that may be missing (an older server): empty then. */
const optionalList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

function readSummary(raw: unknown): InsightsSummary {
  const s = record(raw)
  return {
    participants: num(s.participants),
    attemptsStarted: num(s.attemptsStarted),
    attemptsSubmitted: num(s.attemptsSubmitted),
    completionRate: num(s.completionRate),
    averageScore: num(s.averageScore),
    medianScore: num(s.medianScore),
    averageTimeMs: num(s.averageTimeMs),
    submittedByServer: num(s.submittedByServer),
  }
}

/** Choice types other than A–D have up to six options. */
const OPTION_LETTERS = 'ABCDEF'

function readOption(raw: unknown, position: number): OptionFigures {
  const o = record(raw)
  const upper = typeof o.letter === 'string' ? o.letter.toUpperCase() : ''
  const fallback = OPTION_LETTERS[position] ?? LETTERS[position % LETTERS.length]
  const optionLetter = upper.length === 1 && OPTION_LETTERS.includes(upper) ? upper : fallback
  return { letter: optionLetter, text: text(o.text), count: num(o.count), isKey: o.isKey === true }
}

const questionType = (value: unknown): QuestionType | null =>
  typeof value === 'string' && Object.hasOwn(QUESTION_TYPE_NAMES, value) ? (value as QuestionType) : null

function readGivenAnswer(raw: unknown): GivenAnswer {
  const a = record(raw)
  return { answer: text(a.answer), count: num(a.count), right: a.right === true }
}

const meanF = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : null

function readSuspect(raw: unknown): SuspectKey | null {
  if (!raw || typeof raw !== 'object') return null
  const s = record(raw)
  return { strongWrongShare: num(s.strongWrongShare), strongChoice: text(s.strongChoice), strongPlayers: num(s.strongPlayers) }
}

function readPart(raw: unknown): PartFigures {
  const p = record(raw)
  return { label: text(p.label), right: num(p.right) }
}

/** The parts of an ordering, matching, categorize or gaps question; null when not a list (another type, an older server). */
const readParts = (value: unknown): PartFigures[] | null => (Array.isArray(value) ? value.map(readPart) : null)

/**
 * The numbers of a numeric or slider question; null when not an object (another type, an older
 * server). A missing end or answer is 0, a missing end of the band the answer, and numbers given
 * by nobody are left out.
 */
function readNumbers(value: unknown): NumberFigures | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const n = record(value)
  const target = num(n.target)
  const band = optionalList(n.band)
  return {
    low: num(n.low),
    high: num(n.high),
    target,
    band: [numOrNull(band[0]) ?? target, numOrNull(band[1]) ?? target],
    values: optionalList(n.values)
      .map((row) => {
        const r = record(row)
        return { value: num(r.value), count: num(r.count) }
      })
      .filter((row) => row.count > 0),
    unit: maybeText(n.unit),
  }
}

function readQuestion(raw: unknown, position: number): QuestionFigures {
  const q = record(raw)
  return {
    questionId: num(q.questionId),
    number: num(q.number) || position + 1,
    text: text(q.text),
    type: questionType(q.type),
    key: letter(q.key),
    options: optionalList(q.options).map(readOption),
    topAnswers: optionalList(q.topAnswers).map(readGivenAnswer),
    meanF: meanF(q.meanF),
    seen: num(q.seen),
    skipped: num(q.skipped),
    correctShare: num(q.correctShare),
    medianTimeMs: numOrNull(q.medianTimeMs),
    suspectKey: readSuspect(q.suspectKey),
    parts: readParts(q.parts),
    numbers: readNumbers(q.numbers),
  }
}

function readBucket(raw: unknown): ScoreBucket {
  const b = record(raw)
  return { label: text(b.label), from: num(b.from), count: num(b.count) }
}

function readPlayer(raw: unknown): PlayerFigures {
  const p = record(raw)
  return {
    userId: text(p.userId),
    name: text(p.name),
    email: text(p.email),
    attemptId: text(p.attemptId),
    score: num(p.score),
    total: num(p.total),
    points: num(p.points),
    percent: num(p.percent),
    timeMs: num(p.timeMs),
    submittedAt: text(p.submittedAt),
    // The server writes `timeout` (or `server`) for an attempt it submitted at the deadline.
    reason: p.reason === 'player' || p.reason === undefined ? 'player' : 'server',
    retaken: p.retaken === true,
  }
}

function readDay(raw: unknown): DayFigures {
  const d = record(raw)
  return { day: text(d.day), attempts: num(d.attempts), averageScore: num(d.averageScore) }
}

function readLiveQuestion(raw: unknown, position: number): LiveQuestionFigures {
  const q = record(raw)
  const counts = Array.isArray(q.counts) ? q.counts : []
  return {
    number: num(q.number) || position + 1,
    text: text(q.text),
    key: letter(q.key),
    counts: { A: num(counts[0]), B: num(counts[1]), C: num(counts[2]), D: num(counts[3]) },
    answered: num(q.answered),
    correctShare: num(q.correctShare),
    medianMs: numOrNull(q.medianMs),
  }
}

function readLiveGame(raw: unknown): LiveGameFigures {
  const g = record(raw)
  return { gameId: text(g.gameId), openedAt: text(g.openedAt), players: num(g.players), questions: optionalList(g.questions).map(readLiveQuestion) }
}

export function readInsights(raw: unknown, quizId: number): QuizInsights {
  const r = record(raw)
  const players = list(r.players).map(readPlayer)
  return {
    quizId: num(r.quizId) || quizId,
    title: text(r.title),
    summary: readSummary(r.summary),
    questions: list(r.questions).map(readQuestion),
    histogram: list(r.histogram).map(readBucket),
    players,
    playersTotal: Math.max(num(r.playersTotal), players.length),
    days: optionalList(r.days).map(readDay),
    liveGames: optionalList(r.liveGames).map(readLiveGame),
  }
}

function readPlayedQuiz(raw: unknown): PlayedQuiz {
  const q = record(raw)
  return {
    quizId: num(q.quizId),
    title: text(q.title),
    kind: q.kind === 'curated' ? 'curated' : 'hosted',
    attempts: num(q.attempts),
    lastPlayedAt: text(q.lastPlayedAt),
    score: num(q.score),
    total: num(q.total),
    rank: numOrNull(q.rank),
    players: numOrNull(q.players),
  }
}

function readPlayedGame(raw: unknown): PlayedLiveGame {
  const g = record(raw)
  return {
    gameId: text(g.gameId),
    title: text(g.title),
    playedAt: text(g.playedAt),
    points: num(g.points),
    correct: num(g.correct),
    rank: num(g.rank),
    players: num(g.players),
  }
}

function readCategory(raw: unknown): CategoryProgress {
  const c = record(raw)
  return {
    quizId: num(c.quizId),
    title: text(c.title),
    first: num(c.first),
    best: num(c.best),
    latest: num(c.latest),
    trend: optionalList(c.trend).map(num),
    accuracy: num(c.accuracy),
  }
}

function readStreak(raw: unknown): Streak {
  const s = record(raw)
  return { current: num(s.current), longest: num(s.longest), daysPlayed: num(s.daysPlayed), lastDay: text(s.lastDay) || null }
}

export function readProgress(raw: unknown): Progress {
  const r = record(raw)
  return {
    quizzes: list(r.quizzes).map(readPlayedQuiz),
    liveGames: optionalList(r.liveGames).map(readPlayedGame),
    categories: optionalList(r.categories).map(readCategory),
    streak: readStreak(r.streak),
  }
}
