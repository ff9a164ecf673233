import { describe, expect, it } from 'vitest'
import { readEntry } from '../api/audit-read'
import { entry } from '../testing/fixtures'
import { appendEntries } from './use-timeline'

const at = (position: number) => readEntry(entry({ position, kind: 'attempt', eventType: 'AttemptStarted', summary: `#${position}` }))

describe('appending a page of the timeline', () => {
  it('keeps the order and leaves out positions already shown', () => {
    const shown = [at(9), at(8), at(7)]
    expect(appendEntries(shown, [at(7), at(6), at(5)]).map((e) => e.position)).toEqual([9, 8, 7, 6, 5])
    expect(appendEntries([], [at(2)]).map((e) => e.position)).toEqual([2])
  })
})
