/**
 * Reads a live game's view (docs/live-games.md, "The view") from JSON: the `game` message of the
 * hub and the live-game HTTP answers carry the same shape, `GameViewJson` (the API document's
 * `GameView`). Each object is read as `Unchecked` of its type, so a field name the server does not
 * send does not compile; each value is checked before use. What the screens rely on is checked
 * (the game id, a known phase, the server's clock, a question's options and times); fields the
 * server left out are filled with their "nothing" value, so the screens never meet `undefined` —
 * but for the fields of questions of other types (issue 29: a question's `served`, the player's
 * `response`, a result's `f`), which a question of four options A–D leaves out, and the fields an
 * older server leaves out (a reveal's `parts` and `numbers`, the host's `pollCounts`), and a
 * question's `media` and `pictures` (issue 30), left out when it has none: those stay out here
 * too, so such a view reads as exactly what the server sent. A question's media is checked where
 * it is shown (QuestionMedia, OptionPicture, loaded lazily: their checks stay off the first load).
 */
import { LETTERS } from '@/lib/constants'
import { isResponse, isServedQuestion } from '@/lib/served-question'
import type { Letter, QuestionDefinition, QuestionType, ServedMedia, ServedPictures } from '@/types/api'
import type {
  GameView,
  GameViewJson,
  GivenAnswer,
  LetterRevealJson,
  LiveHost,
  LiveMe,
  LiveOption,
  LivePhase,
  LivePlayerName,
  LiveQuestion,
  LiveResult,
  LiveReveal,
  LiveSettings,
  NumberCount,
  RevealNumbers,
  RevealPart,
  StandingRow,
  TypedRevealJson,
} from '@/types/live-game'

const PHASES: readonly LivePhase[] = ['lobby', 'question', 'reveal', 'standings', 'finished']

/** A JSON object that may hold the fields of `T`, each of a shape still to be checked. */
type Unchecked<T> = { readonly [K in keyof T]?: unknown }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
/** `value` as an object with the fields of `T`, or null when it is not an object. */
const fieldsOf = <T>(value: unknown): Unchecked<T> | null => (isObject(value) ? (value as Unchecked<T>) : null)
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isLetter = (value: unknown): value is Letter => typeof value === 'string' && (LETTERS as readonly string[]).includes(value)
const numberOr = (value: unknown, fallback: number) => (isNumber(value) ? value : fallback)
const stringOr = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback)
/** A field of other question types: as sent when it checks, absent when left out, else null. */
const optional = <T,>(value: unknown, check: (value: unknown) => value is T): T | null | undefined =>
  check(value) ? value : value === undefined ? undefined : null
/** A list whose every row is an object that passes `check`. */
const isRows = <T,>(value: unknown, check: (row: Unchecked<T>) => boolean): value is T[] =>
  Array.isArray(value) && value.every((row: unknown) => {
    const fields = fieldsOf<T>(row)
    return fields !== null && check(fields)
  })
const isNumbers = (value: unknown): value is number[] => Array.isArray(value) && value.every(isNumber)
const isParts = (value: unknown): value is RevealPart[] => isRows<RevealPart>(value, (part) => typeof part.label === 'string' && isNumber(part.right))
/** A numeric or slider reveal's numbers: each one a number, the band two of them, the unit text or none. */
function isRevealNumbers(value: unknown): value is RevealNumbers {
  const raw = fieldsOf<RevealNumbers>(value)
  return (
    raw !== null &&
    isNumbers([raw.low, raw.high, raw.target]) &&
    isNumbers(raw.band) &&
    raw.band.length === 2 &&
    isRows<NumberCount>(raw.values, (row) => isNumber(row.value) && isNumber(row.count)) &&
    (raw.unit === undefined || raw.unit === null || typeof raw.unit === 'string')
  )
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  secondsPerQuestion: 20,
  scoring: 'correctness',
  streakBonus: false,
  shuffleQuestions: false,
  shuffleOptions: false,
  requireSignIn: false,
  autoAdvance: false,
}

function readSettings(value: unknown): LiveSettings {
  const raw = fieldsOf<LiveSettings>(value)
  if (!raw) return DEFAULT_LIVE_SETTINGS
  const flag = (key: keyof LiveSettings) => (typeof raw[key] === 'boolean' ? (raw[key] as boolean) : (DEFAULT_LIVE_SETTINGS[key] as boolean))
  return {
    secondsPerQuestion: numberOr(raw.secondsPerQuestion, DEFAULT_LIVE_SETTINGS.secondsPerQuestion),
    scoring: raw.scoring === 'speed' ? 'speed' : 'correctness',
    streakBonus: flag('streakBonus'),
    shuffleQuestions: flag('shuffleQuestions'),
    shuffleOptions: flag('shuffleOptions'),
    requireSignIn: flag('requireSignIn'),
    autoAdvance: flag('autoAdvance'),
  }
}

/** The pictures of options A–D in the order given, or undefined when none has one. */
function optionPictures(options: unknown[]): ServedPictures | undefined {
  const pictures = options.map((option) => (isObject(option) && isObject(option.picture) ? (option.picture as ServedPictures[number]) : null))
  return pictures.some((picture) => picture !== null) ? pictures : undefined
}

function readQuestion(value: unknown): LiveQuestion | null {
  const raw = fieldsOf<LiveQuestion>(value)
  if (!raw || !isNumber(raw.index) || !Array.isArray(raw.options)) return null
  const options: LiveOption[] = raw.options
    .map((option: unknown) => fieldsOf<LiveOption>(option))
    .filter((option): option is Unchecked<LiveOption> => option !== null && isLetter(option.letter))
    .map((option) => ({ letter: option.letter as Letter, text: stringOr(option.text, '') }))
  const startedAt = numberOr(raw.startedAt, 0)
  return {
    index: raw.index,
    text: stringOr(raw.text, ''),
    options,
    served: optional(raw.served, isServedQuestion),
    // Absent when the question has none; an object is checked where it is shown (QuestionMedia).
    media: isObject(raw.media) ? (raw.media as ServedMedia) : raw.media === undefined ? undefined : null,
    // So are the pictures on its options or items: a list, checked entry by entry where shown
    // (OptionPicture). Options A–D carry their own `picture` (so a shuffled order keeps it):
    // gathered here into one list in this view's order, as the other types' lists are.
    pictures: optionPictures(raw.options) ?? (Array.isArray(raw.pictures) ? (raw.pictures as ServedPictures) : raw.pictures === undefined ? undefined : null),
    startedAt,
    opensAt: numberOr(raw.opensAt, startedAt),
    deadline: isNumber(raw.deadline) ? raw.deadline : null,
    remainingMs: Math.max(0, numberOr(raw.remainingMs, 0)),
    paused: raw.paused === true,
  }
}

function readReveal(value: unknown): LiveReveal | null {
  const raw = fieldsOf<LetterRevealJson>(value)
  if (!raw) return null
  const explanation = typeof raw.explanation === 'string' && raw.explanation.trim() !== '' ? raw.explanation : null
  if (!isLetter(raw.answer)) return readTypedReveal(raw as Unchecked<TypedRevealJson>, explanation)
  const counts: Unchecked<LetterRevealJson['counts']> = fieldsOf<LetterRevealJson['counts']>(raw.counts) ?? {}
  return {
    answer: raw.answer,
    explanation,
    counts: Object.fromEntries(LETTERS.map((letter) => [letter, Math.max(0, numberOr(counts[letter], 0))])) as Record<Letter, number>,
  }
}

/** The reveal of a question of another type (issue 29): its definition must be of its type. */
function readTypedReveal(raw: Unchecked<TypedRevealJson>, explanation: string | null): LiveReveal | null {
  if (typeof raw.type !== 'string' || fieldsOf<QuestionDefinition>(raw.definition)?.type !== raw.type) return null
  return {
    type: raw.type as QuestionType,
    definition: raw.definition as QuestionDefinition,
    explanation,
    answered: numberOr(raw.answered, 0),
    right: numberOr(raw.right, 0),
    partly: numberOr(raw.partly, 0),
    wrong: numberOr(raw.wrong, 0),
    options: isNumbers(raw.options) ? raw.options : null,
    given: readGiven(raw.given),
    parts: optional(raw.parts, isParts),
    numbers: optional(raw.numbers, isRevealNumbers),
  }
}

/** Answers given most (a reveal's `given`, the host's `pendingWords`): rows without a text are dropped. */
function readGiven(value: unknown): GivenAnswer[] | null {
  if (!Array.isArray(value)) return null
  return value
    .map((row: unknown) => fieldsOf<GivenAnswer>(row))
    .filter((row): row is Unchecked<GivenAnswer> => row !== null && typeof row.answer === 'string')
    .map((row) => ({ answer: row.answer as string, count: numberOr(row.count, 0) }))
}

function readRows(raw: unknown): StandingRow[] | null {
  if (!Array.isArray(raw)) return null
  return raw
    .map((row: unknown) => fieldsOf<StandingRow>(row))
    .filter((row): row is Unchecked<StandingRow> => row !== null && isNumber(row.rank))
    .map((row) => ({
      rank: row.rank as number,
      playerId: stringOr(row.playerId, ''),
      nickname: stringOr(row.nickname, ''),
      points: numberOr(row.points, 0),
    }))
}

function readMe(value: unknown): LiveMe | null {
  const raw = fieldsOf<LiveMe>(value)
  if (!raw) return null
  const last = fieldsOf<LiveResult>(raw.lastResult)
  return {
    playerId: stringOr(raw.playerId, ''),
    nickname: stringOr(raw.nickname, ''),
    points: numberOr(raw.points, 0),
    streak: numberOr(raw.streak, 0),
    rank: isNumber(raw.rank) ? raw.rank : null,
    answer: isLetter(raw.answer) ? raw.answer : null,
    response: optional(raw.response, isResponse),
    lastResult: last ? { correct: last.correct === true, points: numberOr(last.points, 0), f: optional(last.f, isNumber) } : null,
  }
}

function readHost(value: unknown): LiveHost | null {
  const raw = fieldsOf<LiveHost>(value)
  if (!raw) return null
  const names = Array.isArray(raw.names) ? raw.names.map((name: unknown) => fieldsOf<LivePlayerName>(name)).filter((name) => name !== null) : []
  return {
    pin: stringOr(raw.pin, ''),
    joinKey: stringOr(raw.joinKey, ''),
    answered: numberOr(raw.answered, 0),
    counting: raw.counting === true,
    names: names.map((name) => ({ playerId: stringOr(name.playerId, ''), nickname: stringOr(name.nickname, '') })),
    // Left out by servers from before word clouds waited for the host: nothing waits.
    pendingWords: readGiven(raw.pendingWords),
    pollCounts: optional(raw.pollCounts, isNumbers),
  }
}

/** The view in `raw`, or null when it is not one (no game id, unknown phase, no server time). */
export function readGameView(value: unknown): GameView | null {
  const raw = fieldsOf<GameViewJson>(value)
  if (!raw || typeof raw.gameId !== 'string' || !isNumber(raw.serverNow)) return null
  if (!PHASES.includes(raw.phase as LivePhase)) return null
  const phase = raw.phase as LivePhase
  const question = readQuestion(raw.question)
  // A question phase without its question is not a view a screen can show.
  if (phase === 'question' && !question) return null
  return {
    gameId: raw.gameId,
    title: stringOr(raw.title, ''),
    phase,
    serverNow: raw.serverNow,
    questionCount: numberOr(raw.questionCount, 0),
    players: numberOr(raw.players, 0),
    locked: raw.locked === true,
    settings: readSettings(raw.settings),
    question,
    reveal: readReveal(raw.reveal),
    standings: readRows(raw.standings),
    podium: readRows(raw.podium),
    me: readMe(raw.me),
    host: readHost(raw.host),
  }
}
