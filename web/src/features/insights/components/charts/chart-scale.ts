/**
 * The arithmetic of the hand-made SVG charts: a round top for an axis, lengths along it, points
 * of a line and its path, and labels cut to fit. Pure, so the charts' geometry is tested here.
 */

/** The smallest 1, 2 or 5 × 10ⁿ at or above `max` (1 for nothing to show). */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1
  const power = 10 ** Math.floor(Math.log10(max))
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power
  }
  return 10 * power
}

/** `value` of `max` as a length of `size` (0 to size; a negative or odd value is 0). */
export function scaled(value: number, max: number, size: number): number {
  if (!Number.isFinite(value) || value <= 0 || max <= 0) return 0
  return Math.min(size, (value / max) * size)
}

/** Rounds to a tenth of a unit, to keep the SVG's numbers short. */
export const round1 = (n: number): number => Math.round(n * 10) / 10

export type Point = { x: number; y: number }

export type LineFrame = { left: number; top: number; width: number; height: number; min: number; max: number }

/**
 * The points of `values` spread evenly across the frame (one value sits in the middle), higher
 * values nearer the top; values are clamped to min…max.
 */
export function linePoints(values: number[], frame: LineFrame): Point[] {
  const { left, top, width, height, min, max } = frame
  const span = max - min || 1
  return values.map((value, i) => {
    const x = values.length === 1 ? left + width / 2 : left + (i * width) / (values.length - 1)
    const clamped = Math.min(max, Math.max(min, Number.isFinite(value) ? value : min))
    return { x: round1(x), y: round1(top + height - ((clamped - min) / span) * height) }
  })
}

/** "M x y L x y …" through the points ('' for none). */
export function linePath(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ')
}

/** The text cut to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`
}

/** Which of `count` axis labels to show so that at most `room` are written (always the first and last). */
export function labelShown(index: number, count: number, room: number): boolean {
  if (count <= room) return true
  if (index === 0 || index === count - 1) return true
  const step = Math.ceil(count / Math.max(1, room - 1))
  return index % step === 0 && count - 1 - index >= step / 2
}
