import { describe, expect, it } from 'vitest'
import { answerMark, dateText, placeText, secondsText, shareText } from './results-format'

describe('results format', () => {
  it('writes dates, times, shares and places', () => {
    expect(dateText(null)).toBe('—')
    expect(dateText('2026-11-19T09:00:00Z')).toBe(new Date('2026-11-19T09:00:00Z').toLocaleString())
    expect(dateText('not a date')).toBe('not a date')
    expect(secondsText(null)).toBe('—')
    expect(secondsText(4200)).toBe('4.2 s')
    expect(secondsText(0)).toBe('0.0 s')
    expect(shareText(0, 0)).toBe('—')
    expect(shareText(2, 3)).toBe('67%')
    expect(shareText(3, 3)).toBe('100%')
    expect(placeText(2, 5)).toBe('2nd of 5')
    expect(placeText(11, 0)).toBe('11th')
    expect(placeText(0, 5)).toBe('—')
  })

  it('marks an answer right, wrong or missing', () => {
    expect(answerMark('A', 'A')).toBe('right')
    expect(answerMark('B', 'A')).toBe('wrong')
    expect(answerMark(null, 'A')).toBe('none')
    expect(answerMark('A', null)).toBe('wrong')
  })
})
