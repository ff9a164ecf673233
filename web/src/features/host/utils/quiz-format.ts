/**
 * How the hosting screens show a quiz's figures: duration, status, validity and the share
 * link (PRODUCT.md sections 4 and 9).
 */
import { VIEW_QUIZ_TEXTS } from './host-texts'

/** Minutes, or hours and minutes when over 60: 45 → "45 min", 90 → "1h 30m". */
export function formatDuration(minutes: number | null | undefined): string {
  const total = Math.max(0, Math.round(Number(minutes) || 0))
  if (total <= 60) return `${total} min`
  return `${Math.floor(total / 60)}h ${total % 60}m`
}

export type QuizStatus = 'active' | 'completed' | 'draft'

/** Completed once valid_until has passed, otherwise active (draft is styled but never set). */
export function quizStatus(validUntil: string | null | undefined, now: number = Date.now()): QuizStatus {
  if (!validUntil) return 'active'
  const time = new Date(validUntil).getTime()
  if (Number.isNaN(time)) return 'active'
  return time < now ? 'completed' : 'active'
}

/** Validity after this instant means "no expiration" (PRODUCT.md section 9). */
export const NO_EXPIRATION_AFTER = Date.UTC(2099, 11, 31, 23, 59, 59, 999)

/** The expiry as a local date and time, or 'No expiration' when missing, unreadable or after 2099-12-31. */
export function formatValidity(validUntil: string | null | undefined): string {
  if (!validUntil) return VIEW_QUIZ_TEXTS.noExpiration
  const date = new Date(validUntil)
  const time = date.getTime()
  if (Number.isNaN(time) || time > NO_EXPIRATION_AFTER) return VIEW_QUIZ_TEXTS.noExpiration
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/** The sharable join link, absolute: {origin}/host/attemptQuiz?code={code}. */
export function joinLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/host/attemptQuiz?code=${encodeURIComponent(code)}`
}

/** A route parameter as a positive integer id, or null. */
export function parseCategoryId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
