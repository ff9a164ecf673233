import { describe, expect, it } from 'vitest'
import type { HotspotRegion } from '@/types/api'
import { aspectOf, contains, isRightPoint, pointedRegion, pointIn, pointWords, regionAt, rightNames } from './hotspot'

const circle = { kind: 'circle', x: 0.5, y: 0.5, r: 0.1 } as const
const rect = { kind: 'rect', x: 0.1, y: 0.2, w: 0.3, h: 0.4 } as const
// An L shape: the notch at its top right is outside.
const ell = {
  kind: 'polygon',
  points: [
    [0, 0],
    [0.5, 0],
    [0.5, 0.25],
    [0.25, 0.25],
    [0.25, 0.5],
    [0, 0.5],
  ],
} as const satisfies HotspotRegion['shape']

describe('hotspot geometry (as the server judges)', () => {
  it('given each shape, when a point is inside, on the edge or outside, then it says so', () => {
    expect(contains(circle, 0.5, 0.5, 1)).toBe(true)
    expect(contains(circle, 0.6, 0.5, 1)).toBe(true)
    expect(contains(circle, 0.61, 0.5, 1)).toBe(false)
    expect(contains(rect, 0.1, 0.2, 1)).toBe(true)
    expect(contains(rect, 0.4, 0.6, 1)).toBe(true)
    expect(contains(rect, 0.41, 0.5, 1)).toBe(false)
    expect(contains(ell, 0.1, 0.1, 1)).toBe(true)
    expect(contains(ell, 0.1, 0.4, 1)).toBe(true)
    expect(contains(ell, 0.4, 0.4, 1)).toBe(false)
    expect(contains(ell, 0.6, 0.1, 1)).toBe(false)
  })

  it('given a picture half as high as wide, then a circle’s radius down is a fifth of the height (dx² + (dy·aspect)² ≤ r²)', () => {
    expect(contains(circle, 0.5, 0.69, 0.5)).toBe(true)
    expect(contains(circle, 0.5, 0.71, 0.5)).toBe(false)
    // A tall picture (4:3 portrait): a tenth of the width down is 0.075 of the height.
    expect(contains(circle, 0.5, 0.574, 4 / 3)).toBe(true)
    expect(contains(circle, 0.5, 0.58, 4 / 3)).toBe(false)
    // Across is the same on any picture.
    expect(contains(circle, 0.6, 0.5, 0.5)).toBe(true)
  })

  it('given overlapping regions, then a point in a right one is right and words as that one', () => {
    const regions: HotspotRegion[] = [
      { name: 'France', shape: { kind: 'rect', x: 0, y: 0, w: 0.6, h: 0.6 } },
      { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.3, y: 0.3, r: 0.05 } },
    ]
    expect(isRightPoint(regions, 1, [0.31, 0.3])).toBe(true)
    expect(regionAt(regions, 1, [0.31, 0.3])).toBe(1)
    expect(isRightPoint(regions, 1, [0.5, 0.5])).toBe(false)
    expect(regionAt(regions, 1, [0.5, 0.5])).toBe(0)
    expect(regionAt(regions, 1, [0.9, 0.9])).toBe(-1)
    expect(rightNames(regions)).toBe('Paris')
    const definition = { type: 'hotspot' as const, regions, aspect: 1 }
    expect(pointedRegion(definition, { point: [0.9, 0.9] })).toEqual({ region: -1, point: [0.9, 0.9] })
    expect(pointedRegion(definition, { region: 0 })).toEqual({ region: 0, point: null })
    expect(pointedRegion(definition, null)).toBeNull()
  })

  it('given a click on the picture’s box, then the point is its share across and down, kept on the picture', () => {
    const box = { left: 100, top: 50, width: 400, height: 200 }
    expect(pointIn(box, 200, 100)).toEqual([0.25, 0.25])
    expect(pointIn(box, 500, 250)).toEqual([1, 1])
    expect(pointIn(box, 90, 400)).toEqual([0, 1])
    expect(pointWords([0.254, 0.5])).toBe('25% across, 50% down')
  })

  it('reads a missing or odd aspect as a square picture', () => {
    expect(aspectOf({})).toBe(1)
    expect(aspectOf({ aspect: 0 })).toBe(1)
    expect(aspectOf({ aspect: 0.75 })).toBe(0.75)
  })
})
