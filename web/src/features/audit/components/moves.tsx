/**
 * What changed between two moments: who moved (rank and points before and after; "Not ranked"
 * when not on the board then) and the submissions and retakes in between.
 */
import type { Move, TimelineEntry as Entry } from '../api/audit-types'
import { TimelineEntry } from './timeline-entry'

const NOT_RANKED = 'Not ranked'

const value = (n: number | null) => (n === null ? NOT_RANKED : String(n))

export function Moves({ moves, changes, since, at }: { moves: Move[]; changes: Entry[]; since: number; at: number }) {
  return (
    <section className="audit-moves" aria-labelledby="audit-moves-title">
      <h3 id="audit-moves-title">
        From position {since} to {at}
      </h3>
      {moves.length === 0 ? (
        <p className="empty-state">No one moved.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="audit-moves">
            <caption>Who moved between position {since} and {at}</caption>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col" className="align-center">
                  Rank before
                </th>
                <th scope="col" className="align-center">
                  Rank after
                </th>
                <th scope="col" className="align-end">
                  Points before
                </th>
                <th scope="col" className="align-end">
                  Points after
                </th>
              </tr>
            </thead>
            <tbody>
              {moves.map((move) => (
                <tr key={move.userId}>
                  <th scope="row">{move.name}</th>
                  <td className="align-center">{value(move.rankBefore)}</td>
                  <td className="align-center">{value(move.rankAfter)}</td>
                  <td className="align-end">{value(move.pointsBefore)}</td>
                  <td className="align-end">{value(move.pointsAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4>What happened in between</h4>
      {changes.length === 0 ? (
        <p className="empty-state">No submissions or retakes in between.</p>
      ) : (
        <ol className="audit-entries" aria-label="Changes in between">
          {changes.map((entry) => (
            <TimelineEntry key={entry.position} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  )
}
