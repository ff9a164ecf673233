/**
 * A question's clock as a big number: "Get ready" with the seconds before answers open, then
 * the seconds left to answer, or "Paused". It is a `timer` (not announced every second).
 */
import { seconds, type QuestionClock } from '../utils/game-clock'
import '../live.css'

export function Countdown({ clock, paused, size = 'large' }: { clock: QuestionClock; paused: boolean; size?: 'large' | 'small' }) {
  const ready = !paused && clock.getReadyMs > 0
  const value = seconds(ready ? clock.getReadyMs : clock.remainingMs)
  const label = paused ? 'Paused' : ready ? 'Get ready' : value === 0 ? "Time's up" : 'Seconds left'
  const classes = ['live-countdown', `live-countdown-${size}`]
  if (ready) classes.push('is-ready')
  if (paused) classes.push('is-paused')
  if (!ready && !paused && value <= 5) classes.push('is-ending')
  return (
    <div className={classes.join(' ')} role="timer" data-testid="live-countdown">
      <span className="live-countdown-label">{label}</span>
      {paused ? (
        <span className="live-countdown-value" aria-hidden="true">
          ❚❚
        </span>
      ) : (
        <span className="live-countdown-value">{value}</span>
      )}
    </div>
  )
}
