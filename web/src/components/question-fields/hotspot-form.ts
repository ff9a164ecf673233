/**
 * A hotspot's regions while the host edits them (issue 30): each region's name, its right mark
 * and its shape, the shape's numbers as typed in percent of the picture (across from its left
 * edge, down from its top; a circle's radius in percent of its width), a polygon's corners as one
 * text "x1 y1, x2 y2, …" in percent. Read from a definition's regions (in units of the picture,
 * 0 to 1) and turned back into them when saved; a number that does not read is NaN, which the
 * checks refuse before anything is sent. A region's name found in the question's text is one a
 * player choosing by name could take for the answer (`nameInText`).
 */
import { formatNumber } from '@/components/feedback/answer-words'
import type { HotspotRegion, HotspotShape } from '@/types/api'

export type ShapeKind = HotspotShape['kind']

/** A shape as typed, in percent of the picture. */
export type ShapeForm =
  | { kind: 'circle'; x: string; y: string; r: string }
  | { kind: 'rect'; x: string; y: string; w: string; h: string }
  | { kind: 'polygon'; points: string }

export type RegionRow = { key: string; name: string; right: boolean; shape: ShapeForm }

export const SHAPE_NAMES: Record<ShapeKind, string> = { circle: 'Circle', rect: 'Rectangle', polygon: 'Polygon' }

let lastKey = 0

/** A key no other region of this page has. */
function regionKey(): string {
  lastKey += 1
  return `h${lastKey}`
}

/** A share of the picture (0…1) as a percentage as typed: 0.125 is "12.5". */
export const percentText = (value: number): string => formatNumber(value * 100)

/** A percentage as typed as a share of the picture; NaN when blank or not a number. */
export function fromPercent(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? Number.NaN : Number((Number(trimmed) / 100).toPrecision(12))
}

/** Corners as one text: "10 20, 30 40, 20 60" (percent across and down). */
export const cornersText = (points: Array<[number, number]>): string => points.map(([x, y]) => `${percentText(x)} ${percentText(y)}`).join(', ')

/** Corners from their text; a corner that is not two numbers is [NaN, NaN] (the checks say so). */
export function readCorners(text: string): Array<[number, number]> {
  return text
    .split(',')
    .map((corner) => corner.trim())
    .filter((corner) => corner !== '')
    .map((corner) => {
      const parts = corner.split(/\s+/)
      return parts.length === 2 ? [fromPercent(parts[0]), fromPercent(parts[1])] : [Number.NaN, Number.NaN]
    })
}

export function toShapeForm(shape: HotspotShape): ShapeForm {
  switch (shape.kind) {
    case 'circle':
      return { kind: 'circle', x: percentText(shape.x), y: percentText(shape.y), r: percentText(shape.r) }
    case 'rect':
      return { kind: 'rect', x: percentText(shape.x), y: percentText(shape.y), w: percentText(shape.w), h: percentText(shape.h) }
    case 'polygon':
      return { kind: 'polygon', points: cornersText(shape.points) }
  }
}

export function toShape(form: ShapeForm): HotspotShape {
  switch (form.kind) {
    case 'circle':
      return { kind: 'circle', x: fromPercent(form.x), y: fromPercent(form.y), r: fromPercent(form.r) }
    case 'rect':
      return { kind: 'rect', x: fromPercent(form.x), y: fromPercent(form.y), w: fromPercent(form.w), h: fromPercent(form.h) }
    case 'polygon':
      return { kind: 'polygon', points: readCorners(form.points) }
  }
}

export const regionRow = (shape: HotspotShape, name = '', right = false): RegionRow => ({ key: regionKey(), name, right, shape: toShapeForm(shape) })

export const toRegionRows = (regions: HotspotRegion[]): RegionRow[] => regions.map((region) => regionRow(region.shape, region.name, Boolean(region.right)))

export const toRegions = (rows: RegionRow[]): HotspotRegion[] => rows.map((row) => ({ name: row.name.trim(), right: row.right, shape: toShape(row.shape) }))

/** A shape of `kind` in the middle of the picture, for a host who adds a region by keyboard. */
export function middleShape(kind: ShapeKind): HotspotShape {
  switch (kind) {
    case 'circle':
      return { kind, x: 0.5, y: 0.5, r: 0.1 }
    case 'rect':
      return { kind, x: 0.4, y: 0.4, w: 0.2, h: 0.2 }
    case 'polygon':
      return {
        kind,
        points: [
          [0.5, 0.4],
          [0.6, 0.6],
          [0.4, 0.6],
        ],
      }
  }
}

/** The shape of a row as drawn now: what reads of it (a corner that does not read is left out). */
export function drawnShape(form: ShapeForm): HotspotShape | null {
  const shape = toShape(form)
  const ok = (...values: number[]) => values.every(Number.isFinite)
  switch (shape.kind) {
    case 'circle':
      return ok(shape.x, shape.y, shape.r) ? shape : null
    case 'rect':
      return ok(shape.x, shape.y, shape.w, shape.h) ? shape : null
    case 'polygon': {
      const points = shape.points.filter(([x, y]) => ok(x, y))
      return points.length >= 2 ? { kind: 'polygon', points } : null
    }
  }
}

/** A text's words to compare: without accents, in lower case (ß as ss), split at all but letters and digits. */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
}

/**
 * Whether a region's name appears in the question's text, as whole words, whatever their case
 * and accents: "Paris" in "Where is Paris?", "Île-de-France" in "Where is ILE DE FRANCE?", not
 * "Paris" in "Parisian". Players without a pointer choose a region by its name: such a name may give the
 * answer away.
 */
export function nameInText(name: string, text: string): boolean {
  const wanted = words(name)
  if (wanted.length === 0) return false
  const found = words(text)
  return found.some((_, start) => wanted.every((word, i) => found[start + i] === word))
}
