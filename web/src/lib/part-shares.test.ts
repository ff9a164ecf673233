import { describe, expect, it } from 'vitest'
import { partName, partsTitle, shareOfAnswers, weakestParts } from './part-shares'

describe("a question's share right per part", () => {
  it('is a whole percentage of the answers, 0 when nobody answered', () => {
    expect(shareOfAnswers(4, 10)).toBe(40)
    expect(shareOfAnswers(1, 3)).toBe(33)
    expect(shareOfAnswers(2, 3)).toBe(67)
    expect(shareOfAnswers(0, 0)).toBe(0)
    expect(shareOfAnswers(5, 4)).toBe(100)
  })

  it('names the parts by the type', () => {
    expect(partsTitle('ordering')).toBe('Share right per place')
    expect(partsTitle('matching')).toBe('Share right per pair')
    expect(partsTitle('categorize')).toBe('Share right per item')
    expect(partsTitle('gaps')).toBe('Share right per gap')
    expect(partsTitle(null)).toBe('Share right per part')
    expect(partName('matching')).toBe('pair')
  })

  it('finds the parts most often wrong: the fewest right, every one of a tie', () => {
    expect(weakestParts([{ right: 12 }, { right: 6 }, { right: 0 }], 24)).toEqual([2])
    expect(weakestParts([{ right: 3 }, { right: 1 }, { right: 4 }, { right: 1 }], 5)).toEqual([1, 3])
  })

  it('marks no part when none stands out: nobody answered, one part, or all as often right', () => {
    expect(weakestParts([{ right: 0 }, { right: 0 }], 0)).toEqual([])
    expect(weakestParts([{ right: 1 }], 4)).toEqual([])
    expect(weakestParts([{ right: 2 }, { right: 2 }, { right: 2 }], 4)).toEqual([])
    expect(weakestParts([], 4)).toEqual([])
  })
})
