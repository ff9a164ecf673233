/** The countdown as hh:mm:ss; red and pulsing at 5% of the time limit or less; stops at 00:00:00. */
import { TIMER_WARNING_FRACTION } from '@/lib/constants'
import { formatClock } from '../utils/play-texts'
import '../play.css'

export function isTimerWarning(remainingMs: number, timeLimitMs: number): boolean {
  return timeLimitMs > 0 && remainingMs <= timeLimitMs * TIMER_WARNING_FRACTION
}

export function QuizTimer({ remainingMs, timeLimitMs }: { remainingMs: number; timeLimitMs: number }) {
  const warning = isTimerWarning(remainingMs, timeLimitMs)
  const clock = formatClock(remainingMs)
  return (
    <div className={`quiz-timer${warning ? ' timer-warning' : ''}`} role="timer" aria-label={`Time left ${clock}`}>
      <span className="timer-label">Time left</span>
      <span className="timer-value" data-testid="quiz-timer">
        {clock}
      </span>
    </div>
  )
}
