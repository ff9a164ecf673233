/**
 * A DataTable over a table state (useTableState) followed by its pagination: the wiring the
 * leaderboard and the result lists share.
 */
import type { TableState } from '@/hooks/use-table-state'
import { DataTable, type Column } from './data-table'
import { Pagination } from './pagination'

type PagedTableProps<T, K extends string> = {
  table: TableState<T, K>
  caption: string
  columns: Column<T, K>[]
  rowKey: (row: T) => string
  /** Marks a row as the current user's (highlighted, aria-current). */
  isCurrent?: (row: T) => boolean
  /** Marks a row whose action is running (dimmed, aria-busy). */
  isBusy?: (row: T) => boolean
  emptyText: string
  /** What the rows are, for the pagination's summary ("participants", "players"). */
  label: string
}

export function PagedTable<T, K extends string>({
  table,
  caption,
  columns,
  rowKey,
  isCurrent,
  isBusy,
  emptyText,
  label,
}: PagedTableProps<T, K>) {
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={table.visible}
        rowKey={rowKey}
        sort={table.sort}
        onSort={table.toggleSort}
        isCurrent={isCurrent}
        isBusy={isBusy}
        emptyText={emptyText}
      />
      <Pagination
        page={table.page}
        pages={table.pages}
        from={table.range.from}
        to={table.range.to}
        total={table.total}
        label={label}
        onPage={table.setPage}
      />
    </>
  )
}
