/**
 * The shapes of the audit API (docs/audit-api.md) as the screens use them: every field present,
 * missing parts as `null` (audit-read.ts reads the server's JSON into these).
 */
import type { Accommodation } from '@/lib/accommodation'
import type { ServedPictures } from '@/types/api'

/** The kinds of timeline entries, in the order the filter lists them. */
export const AUDIT_KINDS = ['hosted', 'edited', 'attempt', 'retake', 'tokens', 'live', 'generated', 'account', 'audit'] as const

export type AuditKind = (typeof AUDIT_KINDS)[number]

/** The kinds a timeline shows unless asked otherwise: all but the audit reads (the server's default). */
export const DEFAULT_KINDS: readonly AuditKind[] = AUDIT_KINDS.filter((kind) => kind !== 'audit')

/** GET /api/audit/me. */
export type AuditRole = { userId: string; auditor: boolean }

/** Someone a timeline names: a person, or `server` / `operator` / `catalogue`. */
export type PersonRef = { id: string; name: string }

/** A person with their e-mail (search results, a person's history). */
export type PersonDetails = PersonRef & { email: string }

export type QuizRef = { id: number; title: string; code: string | null; host: PersonRef | null }

/** One field of one question an edit changed. */
export type QuestionChange = { questionId: number; field: string; before: string | null; after: string | null }

export type TimelineEntry = {
  position: number
  /** RFC 3339. */
  at: string
  kind: string
  eventType: string
  streamId: string
  actor: PersonRef | null
  person: PersonRef | null
  attemptId: string | null
  summary: string
  /** For edits only. */
  changes: QuestionChange[] | null
}

/** A page of a quiz's or a person's history. */
export type TimelinePage = {
  quiz: QuizRef | null
  person: PersonDetails | null
  entries: TimelineEntry[]
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: number | null
  /** Entries of the whole history (audit reads left out). */
  total: number
  /** The trail is indexed up to this position of the log (a moment behind it). */
  indexedUpTo: number
}

export type Order = 'newest' | 'oldest'

/** What a timeline asks for. */
export type TimelineFilters = {
  order: Order
  kinds: readonly AuditKind[]
  /** A user id, or null for everyone. */
  person: string | null
}

export type FoundQuiz = { id: number; title: string; code: string | null; hosted: boolean }

export type SearchResults = { quizzes: FoundQuiz[]; people: PersonDetails[] }

/** A raw event as stored, shown as it came. */
export type RawEvent = Record<string, unknown>

export type SheetQuestion = {
  questionId: number
  text: string
  /** A to D. */
  options: string[]
  /** The right letter in the version the attempt was scored against. */
  key: string
  explanation: string
  /** The answer that counted. */
  answer: string | null
  answeredAt: string | null
  /** How often the player saved an answer to it. */
  changes: number
  marked: boolean
  correct: boolean
  /** The options' pictures (issue 30), A to D, each checked; null when none has one. */
  pictures: ServedPictures | null
}

export type SubmitReason = 'player' | 'timeout'

export type AttemptSheet = {
  attemptId: string
  quizId: number
  quizTitle: string
  player: PersonRef
  quizVersion: number
  startedAt: string
  deadline: string
  submittedAt: string | null
  reason: SubmitReason | null
  late: boolean
  score: number | null
  total: number | null
  points: number | null
  retakeGrantedBy: PersonRef | null
  retakeGrantedAt: string | null
  /** The accommodations the attempt started with (its deadline includes the extra time). */
  accommodation: Accommodation
  questions: SheetQuestion[]
  positions: number[]
}

export type Standing = {
  rank: number
  userId: string
  name: string
  points: number
  score: number
  total: number
  submittedAt: string
  reason: SubmitReason
  attempts: number
  attemptId: string
}

/** A point of a quiz's time line: its hosting, an edit, a submission or a retake. */
export type Moment = { position: number; at: string; kind: string; eventType: string }

/** A player's move between two moments; null: not on the board then. */
export type Move = {
  userId: string
  name: string
  rankBefore: number | null
  rankAfter: number | null
  pointsBefore: number | null
  pointsAfter: number | null
}

export type StandingsAt = {
  quiz: QuizRef | null
  /** The position they are as of, and its time. */
  at: number
  atTime: string | null
  head: number
  standings: Standing[]
  /** Oldest first. */
  moments: Moment[]
  since: number | null
  moves: Move[] | null
  changes: TimelineEntry[] | null
}

/** Which moment to read: a position, a time (ms since the epoch), or the head (neither). */
export type MomentQuery = { at?: number | null; time?: number | null; since?: number | null }

export type BoardRow = { rank: number; userId: string; name: string; points: number }

export type BoardAt = { at: number; atTime: string | null; head: number; rows: BoardRow[] }

export type SavedDigest = { position: number; events: number; digest: string }

export type Broken = { problem: string; position: number | null; chainedAt: number | null; message: string }

export type Integrity = {
  intact: boolean
  verified: number
  head: SavedDigest | null
  broken: Broken | null
  /** Events not chained yet. */
  pending: number
  /** `incremental`: the server's head, each event verified once when chained; `full`: all recomputed now. */
  mode: 'incremental' | 'full'
  /** Events this check recomputed. */
  checked: number
  checkedAt: string
}

export type ProofOutcome = 'unchanged' | 'differs' | 'unknown'

export type Proof = {
  outcome: ProofOutcome
  verified: number | null
  /** For `differs`: what the log up to there hashes to now. */
  digest: string | null
  broken: Broken | null
  message: string
}

export type ExportFormat = 'jsonl' | 'csv'
