/**
 * One quiz's results for its host (PRODUCT.md screen 15): 'Quiz Title: {title}', the
 * participant count, and a table of Rank, Name, Score and Actions with search by name,
 * sorting and 10 rows a page. 'Allow Retake' removes the player's entry (the row is busy
 * meanwhile); 'View Submission' opens the Feedback Summary. The rows follow the hub: every
 * `leaderboard` message of `quiz:<id>` reloads them without a loading flash. 'Download CSV'
 * saves GET …/export.csv. Under a player's name and e-mail, the accommodations their attempt had
 * (issue 15), in words.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Column } from '@/components/table/data-table'
import { PagedTable } from '@/components/table/paged-table'
import { SearchInput } from '@/components/table/search-input'
import { Loading } from '@/components/ui/loading'
import { useTableState } from '@/hooks/use-table-state'
import { accommodationText, readAccommodation, type Accommodation } from '@/lib/accommodation'
import { errorMessage } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-file'
import type { SortValue } from '@/lib/table'
import {
  deleteLeaderboardEntry,
  downloadResultsCsv,
  getQuizResults,
  type QuizResultsResponse,
  type ResultRow,
} from '../api/host-api'
import { useLiveResults } from '../hooks/use-live-results'
import { RESULTS_TEXTS } from '../utils/host-texts'
import { FeedbackModal } from './feedback-modal'
import '../host.css'

export type RankedResult = ResultRow & { name: string; accommodation: Accommodation }
type SortKey = 'rank' | 'name' | 'score' | 'actions'

export function rankResults(rows: ResultRow[]): RankedResult[] {
  return rows.map((row, index) => ({
    ...row,
    rank: typeof row.rank === 'number' && row.rank > 0 ? row.rank : index + 1,
    name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email || 'Anonymous',
    accommodation: readAccommodation(row.accommodation),
  }))
}

const searchText = (row: RankedResult) => row.name
const sortValue = (row: RankedResult, key: SortKey): SortValue =>
  key === 'rank' ? row.rank : key === 'score' ? row.points ?? row.score : key === 'name' ? row.name : null

export function scoreText(row: ResultRow): string {
  return typeof row.total === 'number' ? `${row.score} / ${row.total}` : String(row.score ?? row.points ?? 0)
}

type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; data: QuizResultsResponse }

const NO_ROWS: RankedResult[] = []

type QuizResultsProps = {
  categoryId: number
  titleFromState?: string
}

export function QuizResults({ categoryId, titleFromState }: QuizResultsProps) {
  const [state, setState] = useState<LoadState>({ status: 'loading' })
  const [busyUser, setBusyUser] = useState<string | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)
  const [viewing, setViewing] = useState<RankedResult | null>(null)
  const [downloading, setDownloading] = useState(false)
  const inFlight = useRef<Promise<void> | null>(null)
  const again = useRef(false)
  const alive = useRef(true)

  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  /** Loads the rows; `quiet` keeps the table on screen (live updates, after a retake). */
  const load = useCallback(
    (quiet: boolean): Promise<void> => {
      const start = (quietly: boolean): Promise<void> => {
        if (inFlight.current) {
          // One reload at a time; a change during a reload asks for one more after it.
          again.current = true
          return inFlight.current
        }
        if (!quietly) setState({ status: 'loading' })
        const run = getQuizResults(categoryId)
          .then((data) => {
            if (alive.current) setState({ status: 'loaded', data: { ...data, data: Array.isArray(data?.data) ? data.data : [] } })
          })
          .catch((error: unknown) => {
            console.error('Failed to load results', error)
            if (alive.current) setState({ status: 'failed', message: errorMessage(error, 'Failed to load results') })
          })
          .finally(() => {
            inFlight.current = null
            if (again.current && alive.current) {
              again.current = false
              void start(true)
            }
          })
        inFlight.current = run
        return run
      }
      return start(quiet)
    },
    [categoryId],
  )

  useEffect(() => {
    void load(false)
  }, [load])

  const onLive = useCallback(() => void load(true), [load])
  const closeViewing = useCallback(() => setViewing(null), [])
  useLiveResults(categoryId, onLive)

  const rows = useMemo(() => (state.status === 'loaded' ? rankResults(state.data.data) : NO_ROWS), [state])
  const table = useTableState<RankedResult, SortKey>({
    rows,
    initialSort: { key: 'rank', direction: 'asc' },
    searchText,
    sortValue,
  })

  const allowRetake = useCallback(
    async (row: RankedResult) => {
      if (!row.userId || !categoryId) {
        setActionError(RESULTS_TEXTS.missingInfo)
        return
      }
      setActionError(null)
      setBusyUser(row.userId)
      try {
        const result = await deleteLeaderboardEntry(row.userId, categoryId)
        if (result.success) await load(true)
        else setActionError(RESULTS_TEXTS.actionFailed(result.error || result.message || RESULTS_TEXTS.deleteFailed))
      } catch (error) {
        console.error('Failed to delete the entry', error)
        setActionError(RESULTS_TEXTS.actionFailed(RESULTS_TEXTS.deleteException))
      } finally {
        if (alive.current) setBusyUser(null)
      }
    },
    [categoryId, load],
  )

  const onDownload = async () => {
    setDownloading(true)
    setActionError(null)
    try {
      const { blob, fileName } = await downloadResultsCsv(categoryId)
      saveBlob(blob, fileName || `quiz-${categoryId}-results.csv`)
    } catch (error) {
      setActionError(RESULTS_TEXTS.actionFailed(errorMessage(error, 'Failed to download the results')))
    } finally {
      setDownloading(false)
    }
  }

  const columns: Column<RankedResult, SortKey>[] = [
    { key: 'rank', label: 'Rank', sortable: true, align: 'center', render: (row) => <span className="rank">{row.rank}</span> },
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (row) => (
        <span className="result-name">
          {row.name}
          {row.email ? <span className="result-email">{row.email}</span> : null}
          {accommodationText(row.accommodation) ? (
            <span className="result-accommodation">Accommodations: {accommodationText(row.accommodation)}</span>
          ) : null}
        </span>
      ),
    },
    { key: 'score', label: 'Score', sortable: true, align: 'end', render: (row) => scoreText(row) },
    {
      key: 'actions',
      label: 'Actions',
      align: 'end',
      render: (row) => {
        const busy = busyUser !== null && busyUser === row.userId
        return (
          <span className="row-actions">
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={busy}
              aria-label={busy ? `Working... Allow Retake for ${row.name}` : `Allow Retake for ${row.name}`}
              onClick={() => void allowRetake(row)}
            >
              {busy ? 'Working...' : 'Allow Retake'}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={busy}
              aria-label={`View Submission of ${row.name}`}
              onClick={() => setViewing(row)}
            >
              View Submission
            </button>
          </span>
        )
      },
    },
  ]

  const title = titleFromState || (state.status === 'loaded' ? state.data.title : undefined) || ''
  const participants =
    state.status === 'loaded' ? (typeof state.data.participants === 'number' ? state.data.participants : rows.length) : null

  return (
    <section className="card leaderboard results" aria-labelledby="results-title">
      <div className="leaderboard-head">
        <div>
          <h1 id="results-title">Quiz Title: {title}</h1>
          {participants !== null ? <p className="muted participants">Participants: {participants}</p> : null}
        </div>
        <div className="section-actions results-tools">
          {state.status === 'loaded' && rows.length > 0 ? (
            <SearchInput id="results-search" label="Search by name" placeholder="Search by name" value={table.query} onChange={table.setQuery} />
          ) : null}
          <button type="button" className="btn btn-secondary" disabled={downloading} onClick={onDownload}>
            {downloading ? 'Downloading...' : 'Download CSV'}
          </button>
        </div>
      </div>

      {actionError ? (
        <div className="alert alert-error" role="alert">
          <p>{actionError}</p>
        </div>
      ) : null}

      {state.status === 'loading' ? <Loading label={RESULTS_TEXTS.loading} /> : null}
      {state.status === 'failed' ? (
        <div className="alert alert-error leaderboard-error" role="alert">
          <p>{RESULTS_TEXTS.loadError(state.message)}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void load(false)}>
            Retry Load
          </button>
        </div>
      ) : null}
      {state.status === 'loaded' && rows.length === 0 ? <p className="empty-state">{RESULTS_TEXTS.empty}</p> : null}
      {state.status === 'loaded' && rows.length > 0 ? (
        <PagedTable
          table={table}
          caption={`Results of ${title}`}
          columns={columns}
          rowKey={(row) => row.userId || `${row.rank}-${row.name}`}
          isBusy={(row) => busyUser !== null && row.userId === busyUser}
          emptyText={RESULTS_TEXTS.noMatch}
          label="participants"
        />
      ) : null}

      {viewing ? (
        <FeedbackModal userId={viewing.userId} categoryId={categoryId} playerName={viewing.name} onClose={closeViewing} />
      ) : null}
    </section>
  )
}
