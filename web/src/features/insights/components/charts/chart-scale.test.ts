import { describe, expect, it } from 'vitest'
import { labelShown, linePath, linePoints, niceMax, scaled, truncate } from './chart-scale'

describe('chart scale', () => {
  it('rounds an axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 20, 21, 48, 51, 101, 480].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 20, 50, 50, 100, 200, 500])
  })

  it('scales values to lengths, never past the size or below nothing', () => {
    expect(scaled(3, 4, 200)).toBe(150)
    expect(scaled(0, 4, 200)).toBe(0)
    expect(scaled(-2, 4, 200)).toBe(0)
    expect(scaled(9, 4, 200)).toBe(200)
    expect(scaled(1, 0, 200)).toBe(0)
    expect(scaled(Number.NaN, 4, 200)).toBe(0)
  })

  it('spreads a line across its frame, higher values nearer the top', () => {
    const frame = { left: 10, top: 0, width: 100, height: 50, min: 0, max: 100 }
    expect(linePoints([0, 50, 100], frame)).toEqual([
      { x: 10, y: 50 },
      { x: 60, y: 25 },
      { x: 110, y: 0 },
    ])
    // One value sits in the middle; values outside the scale are clamped.
    expect(linePoints([120], frame)).toEqual([{ x: 60, y: 0 }])
    expect(linePath(linePoints([0, 100], frame))).toBe('M10 50 L110 0')
    expect(linePath([])).toBe('')
  })

  it('cuts long labels with an ellipsis', () => {
    expect(truncate('Mars', 10)).toBe('Mars')
    expect(truncate('Which planet is red', 10)).toBe('Which pla…')
  })

  it('writes every axis label while there is room, else the first, the last and some between', () => {
    expect(Array.from({ length: 5 }, (_, i) => labelShown(i, 5, 12))).toEqual([true, true, true, true, true])
    const shown = Array.from({ length: 30 }, (_, i) => i).filter((i) => labelShown(i, 30, 6))
    expect(shown[0]).toBe(0)
    expect(shown[shown.length - 1]).toBe(29)
    expect(shown.length).toBeLessThanOrEqual(7)
  })
})
