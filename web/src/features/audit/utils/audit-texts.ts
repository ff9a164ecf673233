/**
 * The audit screens' words: the kinds of entries, what each kind of event was (the time line's
 * moments say "Retake granted", "Submitted"), how an attempt was submitted, and the refusals
 * (403, 404, 429) per thing being audited.
 */
import { isApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import type { AuditKind, SubmitReason } from '../api/audit-types'

export const NONE = '—'

export const KIND_LABELS: Record<AuditKind, string> = {
  hosted: 'Hosting',
  edited: 'Edits',
  attempt: 'Attempts',
  retake: 'Retakes',
  tokens: 'Tokens',
  live: 'Live games',
  generated: 'Generation',
  account: 'Account',
  audit: 'Audit reads',
}

/** The label of a kind the server sent (an unknown one as it came). */
export function kindLabel(kind: string): string {
  return (KIND_LABELS as Record<string, string>)[kind] ?? kind
}

const EVENT_LABELS: Record<string, string> = {
  QuizHosted: 'Hosted',
  QuestionsUpdated: 'Questions edited',
  CuratedCategoryPublished: 'Published',
  CuratedCategoryRevised: 'Revised',
  JoinedByCode: 'Joined by code',
  AttemptStarted: 'Started',
  AnswerSaved: 'Answer saved',
  AttemptSubmitted: 'Submitted',
  RetakeGranted: 'Retake granted',
  AuditRead: 'Audit read',
}

/** What an event was, in words: "Retake granted"; an unknown type spaced out ("TokensSpent" → "Tokens spent"). */
export function eventLabel(eventType: string): string {
  const known = EVENT_LABELS[eventType]
  if (known) return known
  const spaced = eventType.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

/** A local date and time for an RFC 3339 time ('—' for none). */
export function timeText(iso: string | null): string {
  return iso ? formatDateTime(iso) : NONE
}

export const REASON_TEXTS: Record<SubmitReason, string> = {
  player: 'Submitted by the player',
  timeout: 'Submitted by the server at the deadline',
}

/** Who submitted, in a table cell. */
export const REASON_SHORT: Record<SubmitReason, string> = {
  player: 'Player',
  timeout: 'Server, at the deadline',
}

export const TOO_MANY_AUDIT_READS = 'Too many audit requests. Please wait a moment and try again.'

/** What is being audited, for the refusals. */
export type AuditSubject = 'quiz' | 'attempt' | 'person' | 'leaderboard' | 'event'

const FORBIDDEN: Record<AuditSubject, string> = {
  quiz: 'You may not audit this quiz.',
  attempt: 'You may not audit this attempt.',
  person: "You may not see this person's history.",
  leaderboard: 'Only auditors may see the global leaderboard over time.',
  event: 'You may not see this event.',
}

const MISSING: Record<AuditSubject, string> = {
  quiz: 'No such quiz.',
  attempt: 'No such attempt.',
  person: 'No such person.',
  leaderboard: 'Nothing to show.',
  event: 'No such event (it may not be indexed yet).',
}

/** The words for a failed audit call: fixed ones for 403, 404 and 429, else the server's or `fallback`. */
export function auditErrorText(error: unknown, subject: AuditSubject, fallback: string): string {
  if (!isApiError(error)) return fallback
  if (error.status === 403 && error.code !== 'email_unverified') return FORBIDDEN[subject]
  if (error.status === 404) return MISSING[subject]
  if (error.status === 429) return TOO_MANY_AUDIT_READS
  return error.error || fallback
}

/** Whether a failure is for good (refused or missing), so trying again will not help. */
export function isFinalRefusal(error: unknown): boolean {
  return isApiError(error) && (error.status === 403 || error.status === 404)
}

/** "1 entry", "3 entries". */
export function entriesText(n: number): string {
  return `${n} ${n === 1 ? 'entry' : 'entries'}`
}
