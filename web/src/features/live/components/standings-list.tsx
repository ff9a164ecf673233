/** The top of the standings (top 5 after each question, the final table at the end); a player's own row is marked. */
import type { StandingRow } from '@/types/live-game'
import { pointsText } from '../utils/live-texts'
import '../live.css'

export function StandingsList({ rows, meId, label = 'Standings' }: { rows: StandingRow[]; meId?: string; label?: string }) {
  if (rows.length === 0) return <p className="empty-state">No scores yet.</p>
  return (
    <ol className="live-standings" aria-label={label}>
      {rows.map((row) => {
        const mine = row.playerId === meId
        return (
          <li key={`${row.rank}-${row.playerId}`} className={`live-standing${mine ? ' is-me' : ''}`} aria-current={mine ? 'true' : undefined}>
            <span className="live-standing-rank">{row.rank}</span>
            <span className="live-standing-name">
              {row.nickname}
              {mine ? <span className="live-you"> (you)</span> : null}
            </span>
            <span className="live-standing-points">{pointsText(row.points)}</span>
          </li>
        )
      })}
    </ol>
  )
}
