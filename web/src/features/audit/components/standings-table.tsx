/** A quiz's standings at a moment: rank, player, points, score, when and by whom submitted, attempts, and the counted attempt's sheet. */
import { Link } from 'react-router'
import { auditAttemptPath } from '@/lib/audit-links'
import type { Standing } from '../api/audit-types'
import { REASON_SHORT, timeText } from '../utils/audit-texts'

export function StandingsTable({ standings, caption }: { standings: Standing[]; caption: string }) {
  if (standings.length === 0) return <p className="empty-state">No one had a counted result at this moment.</p>
  return (
    <div className="table-scroll">
      <table className="data-table audit-standings" data-testid="audit-standings">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="align-center">
              Rank
            </th>
            <th scope="col">Player</th>
            <th scope="col" className="align-end">
              Points
            </th>
            <th scope="col" className="align-end">
              Score
            </th>
            <th scope="col">Submitted</th>
            <th scope="col">By</th>
            <th scope="col" className="align-end">
              Attempts
            </th>
            <th scope="col">Sheet</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((row) => (
            <tr key={row.userId}>
              <td className="align-center rank">{row.rank}</td>
              <th scope="row">{row.name}</th>
              <td className="align-end">{row.points}</td>
              <td className="align-end">
                {row.score}/{row.total}
              </td>
              <td>{timeText(row.submittedAt)}</td>
              <td>{REASON_SHORT[row.reason]}</td>
              <td className="align-end">{row.attempts}</td>
              <td>
                {row.attemptId ? (
                  <Link to={auditAttemptPath(row.attemptId)}>
                    Open <span className="visually-hidden">the attempt sheet of {row.name}</span>
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
