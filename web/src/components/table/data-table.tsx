/**
 * A table with sortable column headers (buttons with aria-sort) for the leaderboards and
 * result lists. Rows arrive already searched, sorted and paged (see useTableState).
 */
import type { ReactNode } from 'react'
import type { SortState } from '@/lib/table'
import './table.css'

export type Column<T, K extends string> = {
  key: K
  label: string
  sortable?: boolean
  align?: 'start' | 'end' | 'center'
  render: (row: T) => ReactNode
}

type DataTableProps<T, K extends string> = {
  caption: string
  columns: Column<T, K>[]
  rows: T[]
  rowKey: (row: T) => string
  sort: SortState<K>
  onSort: (key: K) => void
  /** Marks a row as the current user's (highlighted, aria-current). */
  isCurrent?: (row: T) => boolean
  /** Marks a row whose action is running (dimmed, aria-busy). */
  isBusy?: (row: T) => boolean
  emptyText: string
}

export function DataTable<T, K extends string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  isCurrent,
  isBusy,
  emptyText,
}: DataTableProps<T, K>) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort.key === column.key
              const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortable ? ariaSort : undefined}
                  className={`align-${column.align ?? 'start'}`}
                >
                  {column.sortable ? (
                    <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
                      {column.label}
                      <span className="sort-icon" aria-hidden="true">
                        {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const current = isCurrent?.(row) ?? false
              const busy = isBusy?.(row) ?? false
              const className = [current ? 'row-current' : null, busy ? 'row-busy' : null].filter(Boolean).join(' ')
              return (
                <tr
                  key={rowKey(row)}
                  className={className || undefined}
                  aria-current={current ? 'true' : undefined}
                  aria-busy={busy ? 'true' : undefined}
                >
                  {columns.map((column) => (
                    <td key={column.key} className={`align-${column.align ?? 'start'}`}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}
