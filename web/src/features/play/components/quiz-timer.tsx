/**
 * The countdown as hh:mm:ss; red and pulsing at 5% of the time limit or less (no pulse for
 * prefers-reduced-motion, see play.css); stops at 00:00:00. The clock itself is a `timer`, which
 * screen readers do not read out as it changes; two visually hidden live regions say the
 * remaining time at the milestones of utils/timer-announcements (politely, and assertively in the
 * last 5%).
 */
import { useState } from 'react'
import { TIMER_WARNING_FRACTION } from '@/lib/constants'
import { formatClock } from '../utils/play-texts'
import { announcementFor, passedMilestone } from '../utils/timer-announcements'
import '../play.css'

export const NO_TIME_LIMIT = 'No time limit'

/** More time than this above the last milestone means the deadline moved later (not a clock correction). */
const MORE_TIME_TOLERANCE_MS = 2000

export function isTimerWarning(remainingMs: number, timeLimitMs: number): boolean {
  return timeLimitMs > 0 && remainingMs <= timeLimitMs * TIMER_WARNING_FRACTION
}

type Speech = { last: number | null; polite: string; assertive: string }

/** The live regions' texts, moved on as the remaining time passes each milestone. */
function useTimerSpeech(remainingMs: number, timeLimitMs: number): Speech {
  const [speech, setSpeech] = useState<Speech>(() => ({ last: passedMilestone(remainingMs, timeLimitMs), polite: '', assertive: '' }))
  let next = speech
  // The deadline moved later (more time was given): start again from where the timer now is.
  if (next.last !== null && remainingMs > next.last + MORE_TIME_TOLERANCE_MS) {
    next = { ...next, last: passedMilestone(remainingMs, timeLimitMs) }
  }
  const announcement = announcementFor(remainingMs, timeLimitMs, next.last)
  if (announcement) {
    next =
      announcement.politeness === 'assertive'
        ? { last: announcement.milestone, polite: '', assertive: announcement.text }
        : { last: announcement.milestone, polite: announcement.text, assertive: '' }
  }
  // Adjusted while rendering (not in an effect), as React's docs advise for state derived from props.
  if (next !== speech) setSpeech(next)
  return next
}

/** `untimed`: the host gave the player unlimited time (issue 15): "No time limit", no warning, nothing announced. */
export function QuizTimer({ remainingMs, timeLimitMs, untimed = false }: { remainingMs: number; timeLimitMs: number; untimed?: boolean }) {
  const warning = !untimed && isTimerWarning(remainingMs, timeLimitMs)
  const clock = untimed ? NO_TIME_LIMIT : formatClock(remainingMs)
  const speech = useTimerSpeech(remainingMs, timeLimitMs)
  return (
    <>
      <div className={`quiz-timer${warning ? ' timer-warning' : ''}`} role="timer" aria-label={untimed ? clock : `Time left ${clock}`}>
        {untimed ? null : <span className="timer-label">Time left</span>}
        <span className="timer-value" data-testid="quiz-timer">
          {clock}
        </span>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="timer-announcement">
        {untimed ? '' : speech.polite}
      </p>
      <p className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="timer-urgent-announcement">
        {untimed ? '' : speech.assertive}
      </p>
    </>
  )
}
