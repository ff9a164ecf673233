/**
 * The number line of a numeric or slider question (issue 29), as plain numbers and words the
 * component draws and reads out: where on the line (in the drawing's own units) each number
 * given, the right answer and the right band fall, how tall each number's bar is (by how many
 * gave it), whether it counts as right, and the words of the text alternative. Shared by the live
 * presenter's reveal and a hosted quiz's insights, which both get the server's `RevealNumbers`.
 */
import { formatNumber, withUnit } from '@/components/feedback/answer-words'
import type { NumberCount, RevealNumbers } from '@/types/live-game'

/** The drawing's box (`viewBox`): the line runs from `left` to `right` along `axisY`. */
export const LINE_BOX = { width: 1000, height: 210, left: 70, right: 930, axisY: 150, tallest: 100, shortest: 8 } as const

export type PlacedNumber = NumberCount & { x: number; height: number; right: boolean }

export type NumberLine = {
  /** Where the right band starts on the line, and how wide it is (0 for a band of one number). */
  band: { x: number; width: number }
  target: number
  values: PlacedNumber[]
}

/** Whether `value` lies in `band`, with room for the rounding of decimals (9.7 + 0.1 is 9.799999999999999). */
export function inBand(value: number, [from, to]: readonly [number, number]): boolean {
  const slack = 1e-9 * Math.max(1, Math.abs(from), Math.abs(to))
  return value >= from - slack && value <= to + slack
}

/** The line's geometry: every position clamped to the line, the ends swapped if the server sent them reversed. */
export function layoutNumberLine(numbers: RevealNumbers): NumberLine {
  const low = Math.min(numbers.low, numbers.high)
  const high = Math.max(numbers.low, numbers.high)
  const { left, right, tallest, shortest } = LINE_BOX
  const at = (value: number) => {
    if (high === low) return (left + right) / 2
    const share = (Math.min(high, Math.max(low, value)) - low) / (high - low)
    return left + share * (right - left)
  }
  const from = at(Math.min(...numbers.band))
  const most = Math.max(1, ...numbers.values.map((row) => row.count))
  return {
    band: { x: from, width: at(Math.max(...numbers.band)) - from },
    target: at(numbers.target),
    values: numbers.values.map((row) => ({
      ...row,
      x: at(row.value),
      height: Math.max(shortest, (row.count / most) * tallest),
      right: inBand(row.value, numbers.band),
    })),
  }
}

/** "The answer is 9.81 m/s², right from 9.71 to 9.91 m/s²." */
export function numberLineCaption(numbers: RevealNumbers, unit?: string | null): string {
  const [from, to] = [Math.min(...numbers.band), Math.max(...numbers.band)]
  const band = from === to ? 'only that number is right' : `right from ${formatNumber(from)} to ${withUnit(to, unit)}`
  return `The answer is ${withUnit(numbers.target, unit)}, ${band}.`
}

/** "4 gave 9.8 m/s² (right)": one number given, for the text alternative. */
export function givenNumberText(row: PlacedNumber, unit?: string | null): string {
  return `${row.count} gave ${withUnit(row.value, unit)}${row.right ? ' (right)' : ''}`
}
