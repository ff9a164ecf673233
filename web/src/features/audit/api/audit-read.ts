/**
 * Reads the audit API's JSON into the screens' types (audit-types.ts): a list that is not a list
 * is refused, a missing field gets a neutral value (`''`, `0`, `null`), so the screens never meet
 * `undefined`.
 */
import { readAccommodation } from '@/lib/accommodation'
import { count, listOr, maybeCount, maybeText, record, text } from '@/lib/read-json'
import { readPictures } from '@/lib/served-media'
import type { ApiError } from '@/types/api'
import type {
  AttemptSheet,
  AuditRole,
  BoardAt,
  Broken,
  Integrity,
  Moment,
  Move,
  PersonDetails,
  PersonRef,
  Proof,
  QuestionChange,
  QuizRef,
  SearchResults,
  SheetQuestion,
  Standing,
  StandingsAt,
  SubmitReason,
  TimelineEntry,
  TimelinePage,
} from './audit-types'

export const INVALID_AUDIT_DATA: ApiError = { error: 'Invalid audit data received. Please try again.' }

const reason = (value: unknown): SubmitReason | null => (value === 'player' || value === 'timeout' ? value : null)

const list = listOr(INVALID_AUDIT_DATA)

/** A list that may be absent (null when it is). */
function maybeList<T>(value: unknown, read: (raw: unknown) => T): T[] | null {
  return Array.isArray(value) ? value.map(read) : null
}

function personRef(raw: unknown): PersonRef | null {
  const p = record(raw)
  const id = text(p.id)
  return id ? { id, name: text(p.name) || id } : null
}

function personDetails(raw: unknown): PersonDetails {
  const p = record(raw)
  return { id: text(p.id), name: text(p.name), email: text(p.email) }
}

function quizRef(raw: unknown): QuizRef | null {
  const q = record(raw)
  if (typeof q.id !== 'number') return null
  return { id: q.id, title: text(q.title), code: maybeText(q.code), host: personRef(q.host) }
}

function change(raw: unknown): QuestionChange {
  const c = record(raw)
  return { questionId: count(c.questionId), field: text(c.field), before: maybeText(c.before), after: maybeText(c.after) }
}

export function readEntry(raw: unknown): TimelineEntry {
  const e = record(raw)
  return {
    position: count(e.position),
    at: text(e.at),
    kind: text(e.kind),
    eventType: text(e.eventType),
    streamId: text(e.streamId),
    actor: personRef(e.actor),
    person: personRef(e.person),
    attemptId: maybeText(e.attemptId),
    summary: text(e.summary),
    changes: maybeList(e.changes, change),
  }
}

export function readTimeline(raw: unknown): TimelinePage {
  const t = record(raw)
  return {
    quiz: quizRef(t.quiz),
    person: t.person ? personDetails(t.person) : null,
    entries: list(t.entries).map(readEntry),
    nextCursor: maybeCount(t.nextCursor),
    total: count(t.total),
    indexedUpTo: count(t.indexedUpTo),
  }
}

export function readRole(raw: unknown): AuditRole {
  const r = record(raw)
  return { userId: text(r.userId), auditor: r.auditor === true }
}

export function readSearch(raw: unknown): SearchResults {
  const s = record(raw)
  return {
    quizzes: list(s.quizzes ?? []).map((item) => {
      const q = record(item)
      return { id: count(q.id), title: text(q.title), code: maybeText(q.code), hosted: q.hosted !== false }
    }),
    people: list(s.people ?? []).map(personDetails),
  }
}

function sheetQuestion(raw: unknown): SheetQuestion {
  const q = record(raw)
  return {
    questionId: count(q.questionId),
    text: text(q.text),
    options: Array.isArray(q.options) ? q.options.map(text) : [],
    key: text(q.key),
    explanation: text(q.explanation),
    answer: maybeText(q.answer),
    answeredAt: maybeText(q.answeredAt),
    changes: count(q.changes),
    marked: q.marked === true,
    correct: q.correct === true,
    pictures: readPictures(q.pictures),
  }
}

export function readSheet(raw: unknown): AttemptSheet {
  const s = record(raw)
  return {
    attemptId: text(s.attemptId),
    quizId: count(s.quizId),
    quizTitle: text(s.quizTitle),
    player: personRef(s.player) ?? { id: '', name: '' },
    quizVersion: count(s.quizVersion),
    startedAt: text(s.startedAt),
    deadline: text(s.deadline),
    submittedAt: maybeText(s.submittedAt),
    reason: reason(s.reason),
    late: s.late === true,
    score: maybeCount(s.score),
    total: maybeCount(s.total),
    points: maybeCount(s.points),
    retakeGrantedBy: personRef(s.retakeGrantedBy),
    retakeGrantedAt: maybeText(s.retakeGrantedAt),
    accommodation: readAccommodation(s.accommodation),
    questions: list(s.questions).map(sheetQuestion),
    positions: Array.isArray(s.positions) ? s.positions.map(count) : [],
  }
}

function standing(raw: unknown): Standing {
  const s = record(raw)
  return {
    rank: count(s.rank),
    userId: text(s.userId),
    name: text(s.name),
    points: count(s.points),
    score: count(s.score),
    total: count(s.total),
    submittedAt: text(s.submittedAt),
    reason: reason(s.reason) ?? 'player',
    attempts: count(s.attempts),
    attemptId: text(s.attemptId),
  }
}

function moment(raw: unknown): Moment {
  const m = record(raw)
  return { position: count(m.position), at: text(m.at), kind: text(m.kind), eventType: text(m.eventType) }
}

function move(raw: unknown): Move {
  const m = record(raw)
  return {
    userId: text(m.userId),
    name: text(m.name),
    rankBefore: maybeCount(m.rankBefore),
    rankAfter: maybeCount(m.rankAfter),
    pointsBefore: maybeCount(m.pointsBefore),
    pointsAfter: maybeCount(m.pointsAfter),
  }
}

export function readStandings(raw: unknown): StandingsAt {
  const s = record(raw)
  return {
    quiz: quizRef(s.quiz),
    at: count(s.at),
    atTime: maybeText(s.atTime),
    head: count(s.head),
    standings: list(s.standings).map(standing),
    moments: list(s.moments ?? []).map(moment),
    since: maybeCount(s.since),
    moves: maybeList(s.moves, move),
    changes: maybeList(s.changes, readEntry),
  }
}

export function readBoard(raw: unknown): BoardAt {
  const b = record(raw)
  return {
    at: count(b.at),
    atTime: maybeText(b.atTime),
    head: count(b.head),
    rows: list(b.rows).map((item) => {
      const r = record(item)
      return { rank: count(r.rank), userId: text(r.userId), name: text(r.name), points: count(r.points) }
    }),
  }
}

function broken(raw: unknown): Broken | null {
  if (!raw || typeof raw !== 'object') return null
  const b = record(raw)
  return { problem: text(b.problem), position: maybeCount(b.position), chainedAt: maybeCount(b.chainedAt), message: text(b.message) }
}

export function readIntegrity(raw: unknown): Integrity {
  const i = record(raw)
  const head = record(i.head)
  return {
    intact: i.intact === true,
    verified: count(i.verified),
    head: typeof head.digest === 'string' ? { position: count(head.position), events: count(head.events), digest: head.digest } : null,
    broken: broken(i.broken),
    pending: count(i.pending),
    mode: i.mode === 'full' ? 'full' : 'incremental',
    checked: count(i.checked),
    checkedAt: text(i.checkedAt),
  }
}

export function readProof(raw: unknown): Proof {
  const p = record(raw)
  const outcome = p.outcome === 'unchanged' || p.outcome === 'differs' ? p.outcome : 'unknown'
  return { outcome, verified: maybeCount(p.verified), digest: maybeText(p.digest), broken: broken(p.broken), message: text(p.message) }
}
