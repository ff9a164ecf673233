/**
 * The global leaderboard (PRODUCT.md screen 14): 'Leaderboard Rankings', columns Rank, Name,
 * Score; search by name; sortable; 10 per page; the signed-in player's row highlighted. Rank
 * is the position in the server's order (highest points first) and stays with the row when
 * the table is searched or re-sorted.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Column } from '@/components/table/data-table'
import { PagedTable } from '@/components/table/paged-table'
import { SearchInput } from '@/components/table/search-input'
import { Loading } from '@/components/ui/loading'
import { useTableState } from '@/hooks/use-table-state'
import type { SortValue } from '@/lib/table'
import type { LeaderboardEntry, User } from '@/types/api'
import { getGlobalLeaderboard } from '../api/leaderboard-api'
import '../leaderboard.css'

export type RankedEntry = LeaderboardEntry & { rank: number; name: string }
type SortKey = 'rank' | 'name' | 'score'

export const LEADERBOARD_TEXTS = {
  loading: 'Loading leaderboard data...',
  empty: 'No leaderboard data available.',
  noMatch: 'No players match your search.',
  error: 'Failed to load leaderboard data. Please try again later.',
} as const

export function rankEntries(entries: LeaderboardEntry[]): RankedEntry[] {
  return entries.map((entry, index) => ({
    ...entry,
    rank: index + 1,
    name: `${entry.firstName ?? ''} ${entry.lastName ?? ''}`.trim(),
  }))
}

export function isCurrentUser(entry: LeaderboardEntry, user: User | null): boolean {
  if (!user) return false
  if (entry.userId) return entry.userId === user.id
  return entry.firstName === user.firstName && entry.lastName === user.lastName
}

const searchText = (row: RankedEntry) => row.name
const sortValue = (row: RankedEntry, key: SortKey): SortValue =>
  key === 'rank' ? row.rank : key === 'score' ? row.points : row.name

function columnsFor(user: User | null): Column<RankedEntry, SortKey>[] {
  return [
    { key: 'rank', label: 'Rank', sortable: true, align: 'center', render: (row) => <span className="rank">{row.rank}</span> },
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (row) => (
        <>
          {row.name || 'Anonymous'}
          {isCurrentUser(row, user) ? <span className="you-badge">You</span> : null}
        </>
      ),
    },
    { key: 'score', label: 'Score', sortable: true, align: 'end', render: (row) => row.points },
  ]
}

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; rows: RankedEntry[] }

const NO_ROWS: RankedEntry[] = []

export function LeaderboardRankings({
  user,
  load = getGlobalLeaderboard,
  onRetry = () => window.location.reload(),
}: {
  user: User | null
  load?: () => Promise<LeaderboardEntry[]>
  onRetry?: () => void
}) {
  const [state, setState] = useState<LoadState>({ status: 'loading' })

  useEffect(() => {
    let cancelled = false
    load()
      .then((entries) => {
        if (!cancelled) setState({ status: 'loaded', rows: rankEntries(Array.isArray(entries) ? entries : []) })
      })
      .catch((error: unknown) => {
        console.error('Failed to fetch leaderboard data', error)
        if (!cancelled) setState({ status: 'failed' })
      })
    return () => {
      cancelled = true
    }
  }, [load])

  const rows = state.status === 'loaded' ? state.rows : NO_ROWS
  const table = useTableState<RankedEntry, SortKey>({
    rows,
    initialSort: { key: 'rank', direction: 'asc' },
    searchText,
    sortValue,
  })
  const isCurrent = useCallback((row: RankedEntry) => isCurrentUser(row, user), [user])
  const columns = useMemo(() => columnsFor(user), [user])

  return (
    <section className="card leaderboard" aria-labelledby="leaderboard-title">
      <div className="leaderboard-head">
        <h1 id="leaderboard-title">Leaderboard Rankings</h1>
        {state.status === 'loaded' && rows.length > 0 ? (
          <SearchInput
            id="leaderboard-search"
            label="Search by name"
            placeholder="Search by name"
            value={table.query}
            onChange={table.setQuery}
          />
        ) : null}
      </div>
      {state.status === 'loading' ? <Loading label={LEADERBOARD_TEXTS.loading} /> : null}
      {state.status === 'failed' ? (
        <div className="alert alert-error leaderboard-error" role="alert">
          <p>{LEADERBOARD_TEXTS.error}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : null}
      {state.status === 'loaded' && rows.length === 0 ? <p className="empty-state">{LEADERBOARD_TEXTS.empty}</p> : null}
      {state.status === 'loaded' && rows.length > 0 ? (
        <PagedTable
          table={table}
          caption="Leaderboard Rankings"
          columns={columns}
          rowKey={(row) => `${row.rank}-${row.userId ?? row.name}`}
          isCurrent={isCurrent}
          emptyText={LEADERBOARD_TEXTS.noMatch}
          label="players"
        />
      ) : null}
    </section>
  )
}
