/**
 * Every submitted attempt, best first (searchable, sortable, 10 a page): name and e-mail, score,
 * percent, time, when and by whom it was submitted, whether a retake was granted on it, and a
 * button that opens the player's submission (the screen that shows it is given by the app).
 */
import { useCallback, useState, type ComponentType } from 'react'
import type { Column } from '@/components/table/data-table'
import { PagedTable } from '@/components/table/paged-table'
import { SearchInput } from '@/components/table/search-input'
import { useTableState } from '@/hooks/use-table-state'
import type { SortValue } from '@/lib/table'
import type { PlayerFigures } from '../api/insights-types'
import { dateTimeText, durationText, percentText } from '../utils/insights-format'
import { INSIGHTS_TEXTS } from '../utils/insights-texts'

/** A player's submission, shown over the page (the host's Feedback Summary). */
export type SubmissionView = ComponentType<{ userId: string; categoryId: number; playerName: string; onClose: () => void }>

type SortKey = 'name' | 'score' | 'percent' | 'time' | 'submitted' | 'by' | 'retake' | 'actions'

const nameOf = (p: PlayerFigures) => p.name || p.email || 'Anonymous'
const searchText = (p: PlayerFigures) => `${p.name} ${p.email}`
const sortValue = (p: PlayerFigures, key: SortKey): SortValue => {
  switch (key) {
    case 'name':
      return nameOf(p)
    case 'score':
    case 'percent':
      return p.percent
    case 'time':
      return p.timeMs
    case 'submitted':
      return p.submittedAt
    case 'by':
      return p.reason
    case 'retake':
      return p.retaken ? 1 : 0
    default:
      return null
  }
}

type PlayersTableProps = { quizId: number; players: PlayerFigures[]; playersTotal: number; Submission: SubmissionView }

export function PlayersTable({ quizId, players, playersTotal, Submission }: PlayersTableProps) {
  const [viewing, setViewing] = useState<PlayerFigures | null>(null)
  const close = useCallback(() => setViewing(null), [])
  const table = useTableState<PlayerFigures, SortKey>({
    rows: players,
    initialSort: { key: 'percent', direction: 'desc' },
    searchText,
    sortValue,
  })
  const columns: Column<PlayerFigures, SortKey>[] = [
    {
      key: 'name',
      label: 'Name and email',
      sortable: true,
      render: (p) => (
        <span className="insights-player">
          <span className="insights-player-name">{nameOf(p)}</span>
          {p.email ? <span className="insights-player-email">{p.email}</span> : null}
        </span>
      ),
    },
    { key: 'score', label: 'Score', align: 'end', render: (p) => `${p.score} / ${p.total}` },
    { key: 'percent', label: '%', sortable: true, align: 'end', render: (p) => percentText(p.percent) },
    { key: 'time', label: 'Time', sortable: true, align: 'end', render: (p) => durationText(p.timeMs) },
    { key: 'submitted', label: 'Submitted', sortable: true, render: (p) => dateTimeText(p.submittedAt) },
    { key: 'by', label: 'Submitted by', sortable: true, render: (p) => (p.reason === 'player' ? 'Player' : 'Server, at the deadline') },
    { key: 'retake', label: 'Retake', sortable: true, render: (p) => (p.retaken ? 'Retake granted' : 'No') },
    {
      key: 'actions',
      label: 'Submission',
      align: 'end',
      render: (p) => (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={!p.userId}
          aria-label={`View submission of ${nameOf(p)}`}
          onClick={() => setViewing(p)}
        >
          View submission
        </button>
      ),
    },
  ]
  return (
    <section className="insights-section" aria-labelledby="insights-players-title">
      <div className="insights-section-head">
        <h2 id="insights-players-title">Players</h2>
        <SearchInput id="insights-search" label="Search players" placeholder="Search by name or email" value={table.query} onChange={table.setQuery} />
      </div>
      {playersTotal > players.length ? <p className="muted">{INSIGHTS_TEXTS.playersCapped(players.length, playersTotal)}</p> : null}
      <PagedTable
        table={table}
        caption="Submitted attempts, best first"
        columns={columns}
        rowKey={(p) => p.attemptId || `${p.userId}-${p.submittedAt}`}
        emptyText="No player matches the search."
        label="attempts"
      />
      {viewing ? <Submission userId={viewing.userId} categoryId={quizId} playerName={nameOf(viewing)} onClose={close} /> : null}
    </section>
  )
}
