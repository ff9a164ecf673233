/**
 * How the insights read: percents, shares, durations, dates, places and streaks, in plain words.
 */
import { formatDateTime } from '@/lib/format'

export const NONE = '—'

/** "66.7%" for 66.67, "100%" for 100 (one decimal at most). */
export function percentText(value: number): string {
  const rounded = Math.round(value * 10) / 10
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}%`
}

/** A share from 0 to 1 as a whole percent, "71%". */
export function shareText(share: number): string {
  return `${Math.round(share * 100)}%`
}

/** "4.1 s" under a minute, "1 min 33 s" from a minute on ('—' for none). */
export function durationText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return NONE
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`
}

/** A local date and time for an RFC 3339 time ('—' for none). */
export function dateTimeText(iso: string | null): string {
  return iso ? formatDateTime(iso) : NONE
}

/** A day `YYYY-MM-DD` (UTC) as "26 Nov 2026"; the input itself when it is not one. */
export function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return day
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
}

/** A day `YYYY-MM-DD` as "26 Nov", for a chart's axis. */
export function shortDayText(day: string): string {
  const long = dayText(day)
  return long === day ? day : long.replace(/ \d{4}$/, '')
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'
  return `${n}${suffix}`
}

/** "2nd of 3"; '—' without a place. */
export function rankText(rank: number | null, players: number | null): string {
  if (rank === null || rank <= 0) return NONE
  return players !== null && players > 0 ? `${ordinal(rank)} of ${players}` : ordinal(rank)
}

/** "2 / 3 (67%)". */
export function scoreText(score: number, total: number): string {
  return total > 0 ? `${score} / ${total} (${Math.round((score * 100) / total)}%)` : String(score)
}

/** "1 day", "2 days". */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/** The current streak: "2 days in a row", or "No days in a row yet". */
export function streakText(current: number): string {
  return current > 0 ? `${daysText(current)} in a row` : 'No days in a row yet'
}

/** "1 attempt", "4 attempts" (or any noun with a plain s). */
export function countText(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`
}
