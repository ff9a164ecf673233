import { describe, expect, it } from 'vitest'
import { readEntry } from '../api/audit-read'
import { DEFAULT_KINDS } from '../api/audit-types'
import { entry } from '../testing/fixtures'
import { DEFAULT_FILTERS, knownPeople, sortKinds, timelineQuery, toggleKind } from './timeline-query'

describe('timeline filters', () => {
  it('leaves the defaults to the server', () => {
    expect(timelineQuery(DEFAULT_FILTERS)).toBe('limit=50')
    // The default kinds in another order are still the default.
    expect(timelineQuery({ ...DEFAULT_FILTERS, kinds: [...DEFAULT_KINDS].reverse() })).toBe('limit=50')
  })

  it('asks for the order, the kinds, the person and the next page', () => {
    const query = new URLSearchParams(timelineQuery({ order: 'oldest', kinds: ['retake', 'attempt'], person: 'u 1' }, 31, 20))
    expect(Object.fromEntries(query)).toEqual({ order: 'oldest', kind: 'attempt,retake', person: 'u 1', cursor: '31', limit: '20' })
  })

  it('asks for audit reads when they are turned on', () => {
    const kinds = toggleKind(DEFAULT_KINDS, 'audit', true)
    expect(kinds).toHaveLength(9)
    expect(new URLSearchParams(timelineQuery({ ...DEFAULT_FILTERS, kinds })).get('kind')).toBe(
      'hosted,edited,attempt,retake,tokens,live,generated,account,audit',
    )
  })

  it('turns kinds on and off, keeping the filter order and each once', () => {
    expect(toggleKind(['retake'], 'hosted', true)).toEqual(['hosted', 'retake'])
    expect(toggleKind(['hosted', 'retake'], 'hosted', false)).toEqual(['retake'])
    expect(toggleKind(['retake'], 'retake', true)).toEqual(['retake'])
    expect(sortKinds(['audit', 'hosted', 'audit'])).toEqual(['hosted', 'audit'])
  })

  it('gathers the people entries are about, keeping those known, by name', () => {
    const zoe = { id: 'u-z', name: 'Zoe' }
    const amy = { id: 'u-a', name: 'amy' }
    const entries = [
      entry({ position: 3, kind: 'attempt', eventType: 'AttemptStarted', person: zoe, summary: '' }),
      entry({ position: 2, kind: 'attempt', eventType: 'AttemptStarted', person: amy, summary: '' }),
      entry({ position: 1, kind: 'tokens', eventType: 'TokensSpent', person: null, summary: '' }),
    ].map(readEntry)
    const known = knownPeople([{ id: 'u-b', name: 'Bob' }], entries)
    expect(known).toEqual([amy, { id: 'u-b', name: 'Bob' }, zoe])
    // Narrowed to one person, the others stay on offer.
    expect(knownPeople(known, [entries[0]])).toEqual(known)
  })
})
