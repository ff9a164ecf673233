/** The podium of three at the end of a game: second, first, third side by side, each with its place in words. */
import type { StandingRow } from '@/types/live-game'
import { ordinal, pointsText } from '../utils/live-texts'
import '../live.css'

const ORDER = [2, 1, 3]

export function Podium({ rows, meId }: { rows: StandingRow[]; meId?: string }) {
  if (rows.length === 0) return <p className="empty-state">No one scored in this game.</p>
  const byPlace = ORDER.map((place) => rows.find((row) => row.rank === place) ?? null)
  return (
    <ol className="live-podium" aria-label="Podium">
      {byPlace.map((row, i) =>
        row ? (
          <li key={row.playerId || ORDER[i]} className={`live-podium-step live-podium-${ORDER[i]}${row.playerId === meId ? ' is-me' : ''}`}>
            <span className="live-podium-name">{row.nickname}</span>
            <span className="live-podium-points">{pointsText(row.points)}</span>
            <span className="live-podium-place">{ordinal(row.rank)}</span>
          </li>
        ) : null,
      )}
    </ol>
  )
}
