import { describe, expect, it } from 'vitest'
import { dayText, durationText, ordinal, percentText, rankText, scoreText, shareText, shortDayText, streakText } from './insights-format'

describe('insights format', () => {
  it('writes percents with one decimal at most, and shares as whole percents', () => {
    expect([66.67, 100, 0, 33.25].map(percentText)).toEqual(['66.7%', '100%', '0%', '33.3%'])
    expect([0.714, 1, 0.005].map(shareText)).toEqual(['71%', '100%', '1%'])
  })

  it('writes durations in seconds, then minutes and seconds', () => {
    expect(durationText(4100)).toBe('4.1 s')
    expect(durationText(93000)).toBe('1 min 33 s')
    expect(durationText(120000)).toBe('2 min')
    expect(durationText(null)).toBe('—')
  })

  it('writes UTC days without shifting them to the local zone', () => {
    expect(dayText('2026-11-26')).toBe('26 Nov 2026')
    expect(shortDayText('2026-11-26')).toBe('26 Nov')
    expect(dayText('soon')).toBe('soon')
  })

  it('writes places, scores and streaks', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st'])
    expect(rankText(2, 3)).toBe('2nd of 3')
    expect(rankText(null, null)).toBe('—')
    expect(rankText(1, null)).toBe('1st')
    expect(scoreText(2, 3)).toBe('2 / 3 (67%)')
    expect(streakText(2)).toBe('2 days in a row')
    expect(streakText(1)).toBe('1 day in a row')
    expect(streakText(0)).toBe('No days in a row yet')
  })
})
