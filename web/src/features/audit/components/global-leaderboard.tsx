/**
 * The global leaderboard (curated categories) as it was at a chosen time or position of the log,
 * or now; auditors only (anyone else is told so).
 */
import { useCallback, useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { useLoaded } from '@/hooks/use-loaded'
import { AUDIT_PATH } from '@/lib/audit-links'
import { getLeaderboard } from '../api/audit-api'
import type { MomentQuery } from '../api/audit-types'
import { timeText } from '../utils/audit-texts'
import { AuditProblem } from './audit-problem'
import '@/components/table/table.css'
import '../audit.css'

/** A datetime-local value ("2026-11-26T10:00") as milliseconds since the epoch in this browser's zone, or null. */
export function localTimeToMs(value: string): number | null {
  if (!value) return null
  const ms = new Date(value).getTime()
  return Number.isNaN(ms) ? null : ms
}

function MomentForm({ onShow }: { onShow: (moment: MomentQuery) => void }) {
  const id = useId()
  const [time, setTime] = useState('')
  const [position, setPosition] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const at = position.trim()
    if (at !== '') {
      if (!/^\d+$/.test(at)) return setError('The position is a whole number.')
      setError(null)
      return onShow({ at: Number(at) })
    }
    const ms = localTimeToMs(time)
    if (ms === null) return setError('Choose a time or enter a position.')
    setError(null)
    onShow({ time: ms })
  }

  return (
    <form className="audit-moment-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-time`} className="field-label">
          Time
        </label>
        <input id={`${id}-time`} type="datetime-local" className="field-input" value={time} onChange={(e) => setTime(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-position`} className="field-label">
          Or position
        </label>
        <input
          id={`${id}-position`}
          inputMode="numeric"
          className="field-input narrow-input"
          value={position}
          onChange={(e) => setPosition(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
      </div>
      <p id={`${id}-hint`} className="field-hint">
        A position wins over a time.
      </p>
      <div className="section-actions">
        <button type="submit" className="btn btn-primary">
          Show
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setTime('')
            setPosition('')
            setError(null)
            onShow({})
          }}
        >
          Now
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}

export function GlobalLeaderboard() {
  const [moment, setMoment] = useState<MomentQuery>({})
  const load = useCallback(() => getLeaderboard(moment), [moment])
  const { state, retry } = useLoaded(load)
  return (
    <section className="card audit-card" aria-labelledby="audit-board-title">
      <p className="audit-crumb">
        <Link to={AUDIT_PATH}>Audit</Link>
      </p>
      <h1 id="audit-board-title">Global leaderboard over time</h1>
      <MomentForm onShow={setMoment} />
      {state.status === 'loading' ? <Loading label="Loading the leaderboard..." /> : null}
      {state.status === 'failed' ? <AuditProblem error={state.error} subject="leaderboard" fallback="Failed to load the leaderboard" retry={retry} /> : null}
      {state.status === 'loaded' ? (
        <>
          <p className="audit-as-of" role="status">
            As of position {state.data.at} ({timeText(state.data.atTime)}){state.data.at === state.data.head ? ', the latest' : ''}
          </p>
          {state.data.rows.length === 0 ? (
            <p className="empty-state">No one was on the leaderboard then.</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <caption>Top {state.data.rows.length} as of position {state.data.at}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="align-center">
                      Rank
                    </th>
                    <th scope="col">Player</th>
                    <th scope="col" className="align-end">
                      Points
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {state.data.rows.map((row) => (
                    <tr key={row.userId}>
                      <td className="align-center rank">{row.rank}</td>
                      <th scope="row">{row.name}</th>
                      <td className="align-end">{row.points}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  )
}
