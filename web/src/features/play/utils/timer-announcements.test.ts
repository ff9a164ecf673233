import { describe, expect, it } from 'vitest'
import { announcementFor, passedMilestone, spokenDuration, timerMilestones } from './timer-announcements'

const s = (seconds: number) => seconds * 1000
const min = (minutes: number) => minutes * 60_000

/** Runs a timer from `limitMs` down to 0 in `stepMs` ticks and collects what it would say. */
function schedule(limitMs: number, stepMs = 250, startMs = limitMs) {
  const said: Array<[number, string, string]> = []
  let last = passedMilestone(startMs, limitMs)
  for (let remaining = startMs; remaining > 0; remaining -= stepMs) {
    const announcement = announcementFor(remaining, limitMs, last)
    if (announcement) {
      said.push([Math.ceil(remaining / 1000), announcement.politeness, announcement.text])
      last = announcement.milestone
    }
  }
  return said
}

describe('timer announcements', () => {
  it('a 10-minute quiz says each whole minute, then 30 s and 10 s urgently (the last 5% is 30 s)', () => {
    expect(schedule(min(10))).toEqual([
      [540, 'polite', '9 minutes left.'],
      [480, 'polite', '8 minutes left.'],
      [420, 'polite', '7 minutes left.'],
      [360, 'polite', '6 minutes left.'],
      [300, 'polite', '5 minutes left.'],
      [240, 'polite', '4 minutes left.'],
      [180, 'polite', '3 minutes left.'],
      [120, 'polite', '2 minutes left.'],
      [60, 'polite', '1 minute left.'],
      [30, 'assertive', 'Time is almost up: 30 seconds left.'],
      [10, 'assertive', 'Time is almost up: 10 seconds left.'],
    ])
  })

  it('a 1-minute quiz says 30 s and 10 s politely and the last 3 s (5%) urgently', () => {
    expect(schedule(min(1))).toEqual([
      [30, 'polite', '30 seconds left.'],
      [10, 'polite', '10 seconds left.'],
      [3, 'assertive', 'Time is almost up: 3 seconds left.'],
    ])
  })

  it('is never said every second: a 3-hour quiz speaks a few dozen times, not thousands', () => {
    const said = schedule(min(180), 1000)
    // every 15 min above the hour (11), every 5 min to 10 (10), every minute (10), 30 s, 10 s, the 5% mark (9 min).
    expect(said.length).toBeLessThan(40)
    expect(said[0]).toEqual([min(165) / 1000, 'polite', '165 minutes left.'])
    expect(said.map(([at]) => at)).toContain(540)
    expect(said.find(([at]) => at === 540)?.[1]).toBe('assertive')
    expect(said.filter(([, politeness]) => politeness === 'assertive').map(([at]) => at)).toEqual([540, 480, 420, 360, 300, 240, 180, 120, 60, 30, 10])
  })

  it('a timer that appears mid-quiz does not announce the milestones it never showed', () => {
    expect(passedMilestone(s(272), min(10))).toBe(min(5))
    expect(announcementFor(s(272), min(10), passedMilestone(s(272), min(10)))).toBeNull()
    expect(schedule(min(10), 250, s(272))[0]).toEqual([240, 'polite', '4 minutes left.'])
  })

  it('announces only the latest milestone passed when several went by at once (a sleeping tab)', () => {
    expect(announcementFor(s(95), min(10), min(5))).toEqual({ milestone: min(2), text: '1 minute 35 seconds left.', politeness: 'polite' })
    expect(announcementFor(s(95), min(10), min(2))).toBeNull()
  })

  it('says nothing at the start, at zero, or without a time limit', () => {
    expect(announcementFor(min(10), min(10), null)).toBeNull()
    expect(announcementFor(0, min(10), s(10))).toBeNull()
    expect(announcementFor(s(5), 0, null)).toBeNull()
    expect(announcementFor(s(5), Number.POSITIVE_INFINITY, null)).toBeNull()
    expect(timerMilestones(0)).toEqual([])
  })

  it('speaks durations in words', () => {
    expect(spokenDuration(min(1))).toBe('1 minute')
    expect(spokenDuration(s(61))).toBe('1 minute 1 second')
    expect(spokenDuration(s(9.2))).toBe('10 seconds')
    expect(spokenDuration(0)).toBe('0 seconds')
  })
})
