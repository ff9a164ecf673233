/** The player's streak: days in a row up to today or yesterday, the longest run, days played. */
import type { Streak } from '../../api/insights-types'
import { daysText, dayText, streakText } from '../../utils/insights-format'

export function StreakCards({ streak }: { streak: Streak }) {
  return (
    <section aria-labelledby="progress-streak-title">
      <h2 id="progress-streak-title" className="visually-hidden">
        Streak
      </h2>
      <dl className="insights-stats">
        <div className="insights-stat insights-stat-main">
          <dt>Streak</dt>
          <dd>
            <span className="insights-stat-value" data-testid="streak-current">
              {streakText(streak.current)}
            </span>
            {streak.lastDay ? <span className="insights-stat-detail">last played {dayText(streak.lastDay)}</span> : null}
          </dd>
        </div>
        <div className="insights-stat">
          <dt>Longest streak</dt>
          <dd>
            <span className="insights-stat-value">{daysText(streak.longest)}</span>
          </dd>
        </div>
        <div className="insights-stat">
          <dt>Days played</dt>
          <dd>
            <span className="insights-stat-value">{streak.daysPlayed}</span>
          </dd>
        </div>
      </dl>
    </section>
  )
}
