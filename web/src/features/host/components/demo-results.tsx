/**
 * The demo 'Quiz Results' table of /host/result (PRODUCT.md screen 16): 132 generated
 * participants, search by name or email, sortable name / email / score / submitted, newest
 * first by default, 10 a page, a score badge by band (colour, shape and word) and a Details
 * button that does nothing.
 */
import { useState } from 'react'
import type { Column } from '@/components/table/data-table'
import { PagedTable } from '@/components/table/paged-table'
import { SearchInput } from '@/components/table/search-input'
import { useTableState } from '@/hooks/use-table-state'
import { formatDateTime } from '@/lib/format'
import type { SortValue } from '@/lib/table'
import { generateDemoResults, SCORE_BAND_LABELS, scoreBand, type DemoResult } from '../utils/demo-results'
import '../host.css'

export type DemoSortKey = 'name' | 'email' | 'score' | 'submittedAt' | 'details'

export const demoSearchText = (row: DemoResult) => `${row.name} ${row.email}`
export const demoSortValue = (row: DemoResult, key: DemoSortKey): SortValue =>
  key === 'score' ? row.score : key === 'submittedAt' ? Date.parse(row.submittedAt) : key === 'details' ? null : row[key]

const columns: Column<DemoResult, DemoSortKey>[] = [
  { key: 'name', label: 'Name', sortable: true, render: (row) => row.name },
  { key: 'email', label: 'Email', sortable: true, render: (row) => <span className="result-email-cell">{row.email}</span> },
  {
    key: 'score',
    label: 'Score',
    sortable: true,
    align: 'center',
    render: (row) => {
      const band = scoreBand(row.score)
      const label = SCORE_BAND_LABELS[band]
      return (
        <span className={`score-badge score-${band}`}>
          <span className="score-icon" aria-hidden="true">
            {label.icon}
          </span>
          <span className="score-value">{row.score}</span> <span className="score-band">{label.text}</span>
        </span>
      )
    },
  },
  { key: 'submittedAt', label: 'Submitted At', sortable: true, render: (row) => formatDateTime(row.submittedAt) },
  {
    key: 'details',
    label: 'Actions',
    align: 'end',
    render: (row) => (
      <button type="button" className="btn btn-secondary btn-small" aria-label={`Details for ${row.name}`}>
        Details
      </button>
    ),
  },
]

export function DemoResults({ now }: { now?: number }) {
  const [rows] = useState(() => generateDemoResults(now ?? Date.now()))
  const table = useTableState<DemoResult, DemoSortKey>({
    rows,
    initialSort: { key: 'submittedAt', direction: 'desc' },
    searchText: demoSearchText,
    sortValue: demoSortValue,
  })
  return (
    <section className="card leaderboard" aria-labelledby="demo-results-title">
      <div className="leaderboard-head">
        <h1 id="demo-results-title">Quiz Results</h1>
        <SearchInput
          id="demo-search"
          label="Search by name or email"
          placeholder="Search by name or email"
          value={table.query}
          onChange={table.setQuery}
        />
      </div>
      <p className="muted">Sample data: {rows.length} generated participants.</p>
      <PagedTable
        table={table}
        caption="Quiz Results"
        columns={columns}
        rowKey={(row) => String(row.id)}
        emptyText="No participants match your search."
        label="participants"
      />
    </section>
  )
}
