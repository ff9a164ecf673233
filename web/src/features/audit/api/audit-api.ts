/**
 * The audit calls (docs/audit-api.md), all with the session's token: who the caller is, search,
 * a quiz's or a person's timeline, one raw event, an attempt's sheet, standings and the global
 * leaderboard as of a moment, and the log's integrity. The exports are in audit-export.ts.
 */
import { apiRequest } from '@/lib/api-client'
import { timelineQuery } from '../utils/timeline-query'
import {
  readBoard,
  readIntegrity,
  readProof,
  readRole,
  readSearch,
  readSheet,
  readStandings,
  readTimeline,
} from './audit-read'
import type {
  AttemptSheet,
  AuditRole,
  BoardAt,
  Integrity,
  MomentQuery,
  Proof,
  RawEvent,
  SearchResults,
  StandingsAt,
  TimelineFilters,
  TimelinePage,
} from './audit-types'

const BASE = '/api/audit'

async function get(path: string, defaultError: string): Promise<unknown> {
  return apiRequest<unknown>(`${BASE}${path}`, { auth: true, defaultError })
}

/** `?at=…&time=…&since=…` of the parts given ('' when none). */
export function momentQuery({ at, time, since }: MomentQuery): string {
  const params = new URLSearchParams()
  if (at !== undefined && at !== null) params.set('at', String(at))
  else if (time !== undefined && time !== null) params.set('time', String(time))
  if (since !== undefined && since !== null) params.set('since', String(since))
  const query = params.toString()
  return query ? `?${query}` : ''
}

export async function getAuditRole(): Promise<AuditRole> {
  return readRole(await get('/me', 'Failed to load your audit role'))
}

export async function searchAudit(q: string): Promise<SearchResults> {
  return readSearch(await get(`/search?q=${encodeURIComponent(q)}`, 'Search failed'))
}

/** Which history a timeline reads: a quiz's or a person's. */
export type TimelineSubject = { quizId: number } | { userId: string }

export function subjectPath(subject: TimelineSubject): string {
  return 'quizId' in subject ? `/quizzes/${subject.quizId}` : `/people/${encodeURIComponent(subject.userId)}`
}

export async function getTimeline(subject: TimelineSubject, filters: TimelineFilters, cursor: number | null = null): Promise<TimelinePage> {
  return readTimeline(await get(`${subjectPath(subject)}/timeline?${timelineQuery(filters, cursor)}`, 'Failed to load the history'))
}

export async function getRawEvent(position: number): Promise<RawEvent> {
  const data = await get(`/events/${position}`, 'Failed to load the event')
  return data && typeof data === 'object' ? (data as RawEvent) : {}
}

export async function getAttemptSheet(attemptId: string): Promise<AttemptSheet> {
  return readSheet(await get(`/attempts/${encodeURIComponent(attemptId)}`, 'Failed to load the attempt'))
}

export async function getStandings(quizId: number, moment: MomentQuery = {}): Promise<StandingsAt> {
  return readStandings(await get(`/quizzes/${quizId}/standings${momentQuery(moment)}`, 'Failed to load the standings'))
}

export async function getLeaderboard(moment: MomentQuery = {}): Promise<BoardAt> {
  return readBoard(await get(`/leaderboard${momentQuery({ at: moment.at, time: moment.time })}`, 'Failed to load the leaderboard'))
}

/** The server's incrementally verified head, or (`full`, auditors only) the whole log recomputed. */
export async function getIntegrity(full = false): Promise<Integrity> {
  return readIntegrity(await get(full ? '/integrity?full=true' : '/integrity', 'Failed to verify the log'))
}

export async function proveDigest(position: number, digest: string): Promise<Proof> {
  const data = await apiRequest<unknown>(`${BASE}/integrity/proof`, {
    method: 'POST',
    body: { position, digest },
    auth: true,
    defaultError: 'Failed to prove the digest',
  })
  return readProof(data)
}
