/**
 * When the quiz timer speaks to a screen reader (issue 15): not every second, only as the
 * remaining time passes a milestone — every whole minute while ten minutes or less remain (every
 * five minutes up to an hour, every fifteen above), then 30 s and 10 s left — politely, and
 * urgently (assertively) from the last 5% of the time limit on, which is when the timer turns
 * red and pulses. Pure functions of the remaining time, so the schedule is tested directly.
 */
import { TIMER_WARNING_FRACTION } from '@/lib/constants'

export type TimerAnnouncement = {
  /** The milestone (remaining milliseconds) that was passed; pass it back as `lastAnnounced`. */
  milestone: number
  text: string
  politeness: 'polite' | 'assertive'
}

const SECOND = 1000
const MINUTE = 60 * SECOND

/** The remaining times (ms) worth announcing for a time limit, largest first. */
export function timerMilestones(limitMs: number): number[] {
  if (!Number.isFinite(limitMs) || limitMs <= 0) return []
  const marks = new Set<number>([30 * SECOND, 10 * SECOND, Math.floor(limitMs * TIMER_WARNING_FRACTION)])
  for (let minutes = 1; minutes * MINUTE < limitMs; minutes += 1) {
    const step = minutes <= 10 ? 1 : minutes <= 60 ? 5 : 15
    if (minutes % step === 0) marks.add(minutes * MINUTE)
  }
  // Only times strictly inside the limit: the start is not announced, and nothing at 0 (the
  // quiz is submitted then, and the result is announced instead).
  return [...marks].filter((mark) => mark > 0 && mark < limitMs).sort((a, b) => b - a)
}

/**
 * The milestone already behind a timer showing `remainingMs` (the smallest one at or above it),
 * or null when none is: what a timer that appears mid-quiz (a reload, a resumed attempt) starts
 * from, so it does not announce a milestone passed before it was on screen.
 */
export function passedMilestone(remainingMs: number, limitMs: number): number | null {
  const above = timerMilestones(limitMs).filter((mark) => mark >= remainingMs)
  return above.length > 0 ? above[above.length - 1] : null
}

/** "2 minutes 30 seconds", "1 minute", "10 seconds". */
export function spokenDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND))
  const minutes = Math.floor(total / 60)
  const seconds = total % 60
  const parts: string[] = []
  if (minutes > 0) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`)
  if (seconds > 0 || minutes === 0) parts.push(`${seconds} second${seconds === 1 ? '' : 's'}`)
  return parts.join(' ')
}

/**
 * What to announce now, or null: the latest milestone that `remainingMs` has reached and that
 * is below `lastAnnounced` (the milestone announced last, or passed when the timer appeared; null
 * for none yet). When several were passed at once (a sleeping tab), only the latest is said.
 * From the last 5% of the limit on, announcements are assertive.
 */
export function announcementFor(remainingMs: number, limitMs: number, lastAnnounced: number | null): TimerAnnouncement | null {
  if (remainingMs <= 0) return null
  const reached = timerMilestones(limitMs).filter(
    (mark) => remainingMs <= mark && (lastAnnounced === null || mark < lastAnnounced),
  )
  if (reached.length === 0) return null
  const milestone = reached[reached.length - 1]
  const urgent = remainingMs <= limitMs * TIMER_WARNING_FRACTION
  const left = `${spokenDuration(remainingMs)} left`
  return {
    milestone,
    text: urgent ? `Time is almost up: ${left}.` : `${left}.`,
    politeness: urgent ? 'assertive' : 'polite',
  }
}
