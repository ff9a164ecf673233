/**
 * Pure helpers behind the searchable, sortable, paged tables (leaderboards, results):
 * PRODUCT.md section 4 "Tables" and the pagination footer of section 2.
 */
import { TABLE_MAX_PAGE_BUTTONS, TABLE_PAGE_SIZE } from './constants'

export type SortDirection = 'asc' | 'desc'
export type SortState<K extends string> = { key: K; direction: SortDirection }

/** Clicking the active column toggles asc/desc; another column sorts asc. */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
  return { key, direction: 'asc' }
}

/** Rows whose text contains the query, ignoring case and surrounding spaces. */
export function searchRows<T>(rows: readonly T[], query: string, textOf: (row: T) => string): T[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return [...rows]
  return rows.filter((row) => textOf(row).toLowerCase().includes(needle))
}

export type SortValue = string | number | null | undefined

/** A stable sort by one value: numbers numerically, text with the locale's collation. */
export function sortRows<T>(rows: readonly T[], direction: SortDirection, valueOf: (row: T) => SortValue): T[] {
  const factor = direction === 'asc' ? 1 : -1
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row) }))
    .sort((a, b) => {
      let order = 0
      if (typeof a.value === 'number' && typeof b.value === 'number') order = a.value - b.value
      else order = String(a.value ?? '').localeCompare(String(b.value ?? ''), undefined, { sensitivity: 'base' })
      return order !== 0 ? order * factor : a.index - b.index
    })
    .map((entry) => entry.row)
}

export function pageCount(total: number, pageSize: number = TABLE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

export function pageRows<T>(rows: readonly T[], page: number, pageSize: number = TABLE_PAGE_SIZE): T[] {
  const start = (page - 1) * pageSize
  return rows.slice(start, start + pageSize)
}

/** "Showing X to Y of Z": the 1-based range of the page's rows (0 to 0 when empty). */
export function pageRange(page: number, total: number, pageSize: number = TABLE_PAGE_SIZE): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 }
  const from = (page - 1) * pageSize + 1
  return { from, to: Math.min(total, page * pageSize) }
}

/** Up to `max` page numbers around the current page, sliding at the ends. */
export function pageWindow(current: number, totalPages: number, max: number = TABLE_MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, totalPages)
  const start = Math.min(Math.max(1, current - Math.floor(max / 2)), totalPages - count + 1)
  return Array.from({ length: count }, (_, i) => start + i)
}
