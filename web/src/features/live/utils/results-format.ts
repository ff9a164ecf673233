/**
 * How a live game's results read: dates, shares, times and places, and whether an answer was
 * right (shown in words and a mark, never by colour alone).
 */
import { formatDateTime } from '@/lib/format'
import type { Letter } from '@/types/api'
import { ordinal } from './live-texts'

export const NONE = '—'

/** A local date and time for an RFC 3339 time ('—' for none). */
export function dateText(iso: string | null): string {
  return iso ? formatDateTime(iso) : NONE
}

/** "4.2 s" for 4,150 ms ('—' when nobody answered). */
export function secondsText(ms: number | null): string {
  return ms === null ? NONE : `${(ms / 1000).toFixed(1)} s`
}

/** The share of right answers among the answers given, "67%" ('—' when nobody answered). */
export function shareText(correct: number, answered: number): string {
  return answered > 0 ? `${Math.round((correct * 100) / answered)}%` : NONE
}

/** "2nd of 5". */
export function placeText(rank: number, players: number): string {
  if (rank <= 0) return NONE
  return players > 0 ? `${ordinal(rank)} of ${players}` : ordinal(rank)
}

export type AnswerMark = 'right' | 'wrong' | 'none'

/** Whether a player's letter was the question's right one. */
export function answerMark(given: Letter | null, right: Letter | null): AnswerMark {
  if (given === null) return 'none'
  return given === right ? 'right' : 'wrong'
}
