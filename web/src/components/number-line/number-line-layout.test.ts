import { describe, expect, it } from 'vitest'
import type { RevealNumbers } from '@/types/live-game'
import { givenNumberText, inBand, layoutNumberLine, LINE_BOX, numberLineCaption } from './number-line-layout'

/** A slider from 0 to 100, target 40 ± 10. */
const slider: RevealNumbers = {
  low: 0,
  high: 100,
  target: 40,
  band: [30, 50],
  values: [
    { value: 0, count: 1 },
    { value: 35, count: 4 },
    { value: 100, count: 2 },
  ],
}

const { left, right, tallest, shortest } = LINE_BOX

describe("a numeric or slider reveal's number line", () => {
  it('places the band, the answer and each number given along the line, each as tall as how many gave it', () => {
    const line = layoutNumberLine(slider)
    const at = (share: number) => left + share * (right - left)
    expect(line.band.x).toBeCloseTo(at(0.3))
    expect(line.band.width).toBeCloseTo(at(0.5) - at(0.3))
    expect(line.target).toBeCloseTo(at(0.4))
    expect(line.values.map((row) => [row.x, row.height, row.right])).toEqual([
      [left, tallest / 4, false],
      [at(0.35), tallest, true],
      [right, tallest / 2, false],
    ])
  })

  it('keeps every mark on the line: numbers beyond its ends, reversed ends, a line of one number', () => {
    const outside = layoutNumberLine({ ...slider, band: [90, 120], values: [{ value: -5, count: 1 }, { value: 250, count: 40 }] })
    expect(outside.values.map((row) => row.x)).toEqual([left, right])
    expect(outside.band.x + outside.band.width).toBeCloseTo(right)
    // One given by 1 of 40 is still visible.
    expect(outside.values[0].height).toBe(shortest)
    expect(layoutNumberLine({ ...slider, low: 100, high: 0 }).target).toBeCloseTo(layoutNumberLine(slider).target)
    const point = layoutNumberLine({ low: 5, high: 5, target: 5, band: [5, 5], values: [{ value: 5, count: 3 }] })
    expect(point.target).toBe((left + right) / 2)
    expect(point.band.width).toBe(0)
    expect(point.values[0].right).toBe(true)
  })

  it('counts a number at the edge of the band as right despite the rounding of decimals', () => {
    expect(inBand(9.8, [9.7, 9.7 + 0.1])).toBe(true)
    expect(inBand(9.81, [9.7, 9.8])).toBe(false)
  })

  it('says the answer, the right band and each number given in words, with the unit', () => {
    expect(numberLineCaption({ ...slider, target: 9.81, band: [9.71, 9.91] }, 'm/s²')).toBe('The answer is 9.81 m/s², right from 9.71 to 9.91 m/s².')
    expect(numberLineCaption({ ...slider, band: [40, 40] })).toBe('The answer is 40, only that number is right.')
    const [first, second] = layoutNumberLine(slider).values
    expect(givenNumberText(first)).toBe('1 gave 0')
    expect(givenNumberText(second, 'cm')).toBe('4 gave 35 cm (right)')
  })
})
