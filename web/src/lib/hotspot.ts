/**
 * The geometry of a hotspot question (issue 30), as the server judges it (crates/domain
 * question/hotspot.rs): places in units of the picture (x from 0 at its left edge to 1 at its
 * right, y from 0 at its top to 1 at its bottom), a circle's radius in units of the picture's
 * width, so on a picture `aspect` high per unit of width a circle's point is inside when
 * dx² + (dy·aspect)² ≤ r²; a rectangle's edge counts as inside; a polygon by the even–odd rule.
 * Also the point a click or a tap makes on the picture's box, and what a point or a chosen region
 * says in words. Only lazily loaded screens use it (the answer view, feedback, the editor).
 */
import type { HotspotRegion, HotspotShape, QuestionDefinition, Response } from '@/types/api'

export type HotspotDefinition = Extract<QuestionDefinition, { type: 'hotspot' }>

/** A point on the picture, in its units. */
export type PicturePoint = [number, number]

/** A definition's aspect: height per width, 1 when missing or not a positive number. */
export function aspectOf(definition: Pick<HotspotDefinition, 'aspect'>): number {
  const { aspect } = definition
  return typeof aspect === 'number' && Number.isFinite(aspect) && aspect > 0 ? aspect : 1
}

/** Whether (x, y) lies inside `shape` (its edge included) on a picture `aspect` high per width. */
export function contains(shape: HotspotShape, x: number, y: number, aspect: number): boolean {
  switch (shape.kind) {
    case 'circle': {
      const dx = x - shape.x
      const dy = (y - shape.y) * aspect
      return dx * dx + dy * dy <= shape.r * shape.r
    }
    case 'rect':
      return x >= shape.x && x <= shape.x + shape.w && y >= shape.y && y <= shape.y + shape.h
    case 'polygon': {
      // Even–odd crossing rule, as the server's.
      const { points } = shape
      let inside = false
      for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
        const [xi, yi] = points[i]
        const [xj, yj] = points[j]
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
      }
      return inside
    }
  }
}

/** The region a point falls in, a right one first (as the server words it), or -1. */
export function regionAt(regions: HotspotRegion[], aspect: number, [x, y]: PicturePoint): number {
  const right = regions.findIndex((region) => region.right && contains(region.shape, x, y, aspect))
  return right >= 0 ? right : regions.findIndex((region) => contains(region.shape, x, y, aspect))
}

/** Whether a point is right: inside a right region. */
export function isRightPoint(regions: HotspotRegion[], aspect: number, [x, y]: PicturePoint): boolean {
  return regions.some((region) => region.right === true && contains(region.shape, x, y, aspect))
}

export const clamp01 = (value: number): number => Math.min(1, Math.max(0, value))

/** A number of the picture's units kept to 4 decimals (a tenth of a pixel on a 1,000-pixel picture). */
export const tidy = (value: number): number => Math.round(value * 10_000) / 10_000

/** The point a click at (clientX, clientY) makes on a picture drawn in `box`, in its units (0…1). */
export function pointIn(box: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>, clientX: number, clientY: number): PicturePoint {
  if (box.width <= 0 || box.height <= 0) return [0.5, 0.5]
  return [tidy(clamp01((clientX - box.left) / box.width)), tidy(clamp01((clientY - box.top) / box.height))]
}

/** "42% across, 30% down": a point in words. */
export function pointWords([x, y]: PicturePoint): string {
  return `${Math.round(x * 100)}% across, ${Math.round(y * 100)}% down`
}

/** The names of the right regions, "Paris or Lyon". */
export function rightNames(regions: HotspotRegion[]): string {
  return regions
    .filter((region) => region.right)
    .map((region) => region.name)
    .join(' or ')
}

/**
 * What a response points at, by the definition's indices: the region chosen, or the one a point
 * falls in (-1 outside every region); null when there is no hotspot response.
 */
export function pointedRegion(definition: HotspotDefinition, response: Response | null): { region: number; point: PicturePoint | null } | null {
  if (!response) return null
  if ('region' in response) return { region: response.region, point: null }
  if ('point' in response) return { region: regionAt(definition.regions, aspectOf(definition), response.point), point: response.point }
  return null
}
