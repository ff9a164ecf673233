import { describe, expect, it } from 'vitest'
import { nextSort, pageCount, pageRange, pageRows, pageWindow, searchRows, sortRows } from './table'

describe('table helpers', () => {
  it('toggles the active column and sorts another one ascending', () => {
    expect(nextSort({ key: 'rank', direction: 'asc' }, 'rank')).toEqual({ key: 'rank', direction: 'desc' })
    expect(nextSort({ key: 'rank', direction: 'desc' }, 'rank')).toEqual({ key: 'rank', direction: 'asc' })
    expect(nextSort({ key: 'rank', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' })
  })

  it('searches case-insensitively by substring', () => {
    expect(searchRows(['Ada Lovelace', 'Alan Turing', 'Grace'], '  LOVE ', (s) => s)).toEqual(['Ada Lovelace'])
    expect(searchRows(['a', 'b'], '', (s) => s)).toEqual(['a', 'b'])
  })

  it('sorts numbers and text, stably, both ways', () => {
    const rows = [
      { n: 'b', v: 2 },
      { n: 'A', v: 1 },
      { n: 'c', v: 2 },
    ]
    expect(sortRows(rows, 'asc', (r) => r.v).map((r) => r.n)).toEqual(['A', 'b', 'c'])
    expect(sortRows(rows, 'desc', (r) => r.v).map((r) => r.n)).toEqual(['b', 'c', 'A'])
    expect(sortRows(rows, 'asc', (r) => r.n).map((r) => r.n)).toEqual(['A', 'b', 'c'])
  })

  it('pages by 10 and reports the shown range', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i + 1)
    expect(pageCount(23)).toBe(3)
    expect(pageCount(0)).toBe(1)
    expect(pageRows(rows, 3)).toEqual([21, 22, 23])
    expect(pageRange(1, 23)).toEqual({ from: 1, to: 10 })
    expect(pageRange(3, 23)).toEqual({ from: 21, to: 23 })
    expect(pageRange(1, 0)).toEqual({ from: 0, to: 0 })
  })

  it('shows at most 5 page buttons in a sliding window', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6])
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10])
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10])
  })
})
