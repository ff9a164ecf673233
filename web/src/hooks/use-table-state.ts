/**
 * Search, sort and paging state of a table (PRODUCT.md section 4 "Tables"): any search change
 * goes back to page 1; the page is kept inside the range when the rows shrink.
 */
import { useMemo, useState } from 'react'
import { TABLE_PAGE_SIZE } from '@/lib/constants'
import {
  nextSort,
  pageCount,
  pageRange,
  pageRows,
  searchRows,
  sortRows,
  type SortState,
  type SortValue,
} from '@/lib/table'

export type TableConfig<T, K extends string> = {
  rows: readonly T[]
  initialSort: SortState<K>
  searchText: (row: T) => string
  sortValue: (row: T, key: K) => SortValue
  pageSize?: number
}

export function useTableState<T, K extends string>({
  rows,
  initialSort,
  searchText,
  sortValue,
  pageSize = TABLE_PAGE_SIZE,
}: TableConfig<T, K>) {
  const [query, setQueryState] = useState('')
  const [sort, setSort] = useState<SortState<K>>(initialSort)
  const [page, setPageState] = useState(1)

  const matching = useMemo(() => searchRows(rows, query, searchText), [rows, query, searchText])
  const sorted = useMemo(
    () => sortRows(matching, sort.direction, (row) => sortValue(row, sort.key)),
    [matching, sort, sortValue],
  )
  const pages = pageCount(sorted.length, pageSize)
  const current = Math.min(page, pages)

  return {
    query,
    setQuery: (value: string) => {
      setQueryState(value)
      setPageState(1)
    },
    sort,
    toggleSort: (key: K) => setSort((previous) => nextSort(previous, key)),
    page: current,
    pages,
    setPage: (value: number) => setPageState(Math.min(Math.max(1, value), pages)),
    total: sorted.length,
    range: pageRange(current, sorted.length, pageSize),
    visible: pageRows(sorted, current, pageSize),
  }
}

export type TableState<T, K extends string> = ReturnType<typeof useTableState<T, K>>
