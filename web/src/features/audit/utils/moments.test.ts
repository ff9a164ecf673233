import { describe, expect, it } from 'vitest'
import { formatDateTime } from '@/lib/format'
import { MOMENTS } from '../testing/fixtures'
import { momentIndexAt, momentLabel, momentsBefore, positionAtIndex } from './moments'

describe('the time line of moments', () => {
  it('puts a position on the last moment at or before it', () => {
    expect(momentIndexAt(MOMENTS, 31)).toBe(0)
    expect(momentIndexAt(MOMENTS, 56)).toBe(2)
    expect(momentIndexAt(MOMENTS, 57)).toBe(3)
    // The head, after the last moment.
    expect(momentIndexAt(MOMENTS, 61)).toBe(5)
    // Before the first moment: the first step.
    expect(momentIndexAt(MOMENTS, 3)).toBe(0)
    expect(momentIndexAt([], 10)).toBe(-1)
  })

  it('maps a step back to its moment, clamped to the time line', () => {
    expect(positionAtIndex(MOMENTS, 4)).toBe(58)
    expect(positionAtIndex(MOMENTS, -1)).toBe(31)
    expect(positionAtIndex(MOMENTS, 99)).toBe(60)
    expect(positionAtIndex(MOMENTS, 2.6)).toBe(57)
    expect(positionAtIndex([], 0)).toBeNull()
  })

  it('round-trips every moment', () => {
    MOMENTS.forEach((moment, index) => {
      expect(momentIndexAt(MOMENTS, moment.position)).toBe(index)
      expect(positionAtIndex(MOMENTS, index)).toBe(moment.position)
    })
  })

  it('says what a moment was and when', () => {
    expect(momentLabel(MOMENTS[4])).toBe(`Retake granted, #58, ${formatDateTime(MOMENTS[4].at)}`)
    expect(momentLabel(MOMENTS[3])).toMatch(/^Submitted, #57, /)
    expect(momentLabel(MOMENTS[0])).toMatch(/^Hosted, #31, /)
  })

  it('offers only earlier moments to compare with', () => {
    expect(momentsBefore(MOMENTS, 58).map((m) => m.position)).toEqual([31, 47, 54, 57])
    expect(momentsBefore(MOMENTS, 31)).toEqual([])
  })
})
