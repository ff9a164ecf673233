/**
 * The live game's view (docs/live-games.md, "The view"): what the `game` message of the hub and
 * the live-game HTTP answers carry, whole, so a client that reconnects needs nothing else.
 * Times are milliseconds since the Unix epoch on the server's clock.
 */
import type { Letter, QuestionDefinition, QuestionType, Response, ServedMedia, ServedPictures, ServedQuestion } from './api'

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
  /** The four options A–D; `[]` for a question of another type (`served`). */
  options: LiveOption[]
  /**
   * A question of any type but A–D (issue 29) as the self-paced play API serves it, without its
   * id and text, answered by the positions served; null (or absent) for four options A–D.
   */
  served?: ServedQuestion | null
  /**
   * A picture, a sound or a video (issue 30), each file with a signed link; absent when none. Its
   * shape is checked where it is shown (QuestionMedia).
   */
  media?: ServedMedia | null
  /**
   * The pictures on its options or items (issue 30), one per entry of the list as this view shows
   * it: `options` (A–D, in this player's order) or `served`'s options, items or matching `left`;
   * absent when none. Checked where shown (OptionPicture).
   */
  pictures?: ServedPictures | null
  startedAt: number
  /** Answers are taken from here (3 s after `startedAt`, 5 s with media, so devices can load it) … */
  opensAt: number
  /** … until here; null while paused. */
  deadline: number | null
  /** Frozen while paused. */
  remainingMs: number
  paused: boolean
}

/** Reveal and standings, four options A–D: the right answer and how many chose each option. */
export type LiveLetterReveal = {
  answer: Letter
  explanation: string | null
  counts: Record<Letter, number>
}

/** One answer of the most given (typed answers, numbers, sliders, word clouds). */
export type GivenAnswer = { answer: string; count: number }

/**
 * Reveal and standings, any other type (issue 29): the question with its answer key (lists in
 * the definition's order) and how the answers went: `right` / `partly` / `wrong` count the
 * answers judged 1, between 0 and 1, and 0.
 */
export type LiveTypedReveal = {
  type: QuestionType
  definition: QuestionDefinition
  explanation: string | null
  answered: number
  right: number
  partly: number
  wrong: number
  /** Answers per option (single choice, multi-select, poll; `true`, `false` for true/false); else null. */
  options: number[] | null
  /** The answers given most, most first (at most 20); null for the types without. */
  given: GivenAnswer[] | null
  /**
   * Ordering, matching, categorize and gaps: how many of the `answered` got each part right, one
   * per part in the definition's order; null for the other types, absent from older servers.
   */
  parts?: RevealPart[] | null
  /** Numeric and slider: the numbers given on a line; null for the other types, absent from older servers. */
  numbers?: RevealNumbers | null
}

/**
 * A part of a reveal (`parts`): an ordering's place (`label` the item that belongs there), a
 * matching's left item, a categorize question's item, or a text's gap (its right answer in
 * words), and how many players got it right.
 */
export type RevealPart = { label: string; right: number }

/** One number given and how many gave it. */
export type NumberCount = { value: number; count: number }

/**
 * The numbers of a numeric or slider reveal (`numbers`): the ends of a line to draw (`low`,
 * `high`), the right answer (`target`), the stretch where an answer counts as right (`band`, from
 * and to), the distinct numbers given (at most 100, the most given), sorted by value, and a
 * numeric answer's unit.
 */
export type RevealNumbers = {
  low: number
  high: number
  target: number
  band: [number, number]
  values: NumberCount[]
  /** A numeric answer's unit (`°C`); null without one and for a slider, absent from an older server. */
  unit?: string | null
}

/** Four options A–D have an `answer` (the letter), any other type a `type`. */
export type LiveReveal = LiveLetterReveal | LiveTypedReveal

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
  /** The response this player gave to the current question of another type, as sent (absent for A–D). */
  response?: Response | null
  /** The last closed question; null when not answered (or joined after it). */
  lastResult: LiveResult | null
}

/**
 * A player's result of the last closed question. `f` (questions of other types) is how right the
 * answer was, 0 to 1 (a part-right answer earns that share of the points). The server leaves it
 * out (absent) for four options A–D, a poll and a word cloud; it is null only when the server sent
 * something that is not a number.
 */
export type LiveResult = { correct: boolean; points: number; f?: number | null }

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
  /**
   * A closed word cloud whose answers the room has not been shown: its answers given most
   * (offensive ones already left out by the server), for the host to check before showing them
   * (`showAnswers`); null otherwise. Until then the reveal's `given` is null.
   */
  pendingWords: GivenAnswer[] | null
  /**
   * A poll while its question is open: the answers so far per option, in the options' order;
   * null otherwise (absent from older servers). The presenter's live bars; never on a phone.
   */
  pollCounts?: number[] | null
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
 * Every field is always there, `null` when it has nothing to say — but for those of questions of
 * other types (issue 29: `served`, `response`, `f`), which four options A–D leave out, and the
 * reveal's `parts` and `numbers` and the host's `pollCounts`, which older servers leave out.
 * `readGameView` makes a `GameView` of it: the settings filled with their defaults when missing,
 * a blank explanation `null`.
 */
export type GameViewJson = Omit<GameView, 'settings' | 'reveal'> & {
  settings: LiveSettings | null
  reveal: LiveRevealJson | null
}

/** The reveal as the server sends it: the explanation is a text, possibly empty. */
export type LiveRevealJson = LetterRevealJson | TypedRevealJson
export type LetterRevealJson = Omit<LiveLetterReveal, 'explanation'> & { explanation: string }
export type TypedRevealJson = Omit<LiveTypedReveal, 'explanation'> & { explanation: string }

export type ControlAction = 'start' | 'next' | 'skip' | 'pause' | 'resume' | 'lock' | 'unlock' | 'showAnswers' | 'end'
