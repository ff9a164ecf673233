import { describe, expect, it } from 'vitest'
import { servedImage, servedSound } from '@/testing/media-fixtures'
import { ENTRIES, INTEGRITY, SHEET, standingsAt, timelinePage } from '../testing/fixtures'
import { INVALID_AUDIT_DATA, readEntry, readIntegrity, readProof, readSearch, readSheet, readStandings, readTimeline } from './audit-read'

describe('reading the audit API', () => {
  it('reads a timeline page as it came', () => {
    const page = readTimeline(timelinePage(ENTRIES, { nextCursor: 31 }))
    expect(page.quiz).toEqual({ id: 12, title: 'Warm-up', code: 'K3X9QZ', host: { id: 'u-hedy', name: 'Hedy Lamarr' } })
    expect(page.entries).toHaveLength(ENTRIES.length)
    expect(page.entries[4].changes).toEqual([{ questionId: 7, field: 'answer', before: 'B', after: 'C' }])
    expect(page.entries[0].changes).toBeNull()
    expect(page.nextCursor).toBe(31)
    expect(page.person).toBeNull()
  })

  it('gives missing parts of an entry neutral values', () => {
    expect(readEntry({ position: 3 })).toEqual({
      position: 3,
      at: '',
      kind: '',
      eventType: '',
      streamId: '',
      actor: null,
      person: null,
      attemptId: null,
      summary: '',
      changes: null,
    })
    // A name the server could not find shows the id.
    expect(readEntry({ actor: { id: 'operator' } }).actor).toEqual({ id: 'operator', name: 'operator' })
  })

  it('refuses a page whose entries are not a list', () => {
    let thrown: unknown = null
    try {
      readTimeline({ entries: 'nope' })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBe(INVALID_AUDIT_DATA)
  })

  it('reads search results, standings, a sheet and the integrity report', () => {
    expect(readSearch({ quizzes: [{ id: 3, title: 'T', code: null, hosted: false }] })).toEqual({
      quizzes: [{ id: 3, title: 'T', code: null, hosted: false }],
      people: [],
    })
    const standings = readStandings(standingsAt(57, { since: 54, moves: [{ userId: 'u', name: 'U', rankBefore: null, rankAfter: 1 }], changes: [] }))
    expect(standings.moves).toEqual([{ userId: 'u', name: 'U', rankBefore: null, rankAfter: 1, pointsBefore: null, pointsAfter: null }])
    expect(standings.standings[2]).toMatchObject({ name: 'Ben Baker', reason: 'timeout', points: 10 })
    expect(readStandings(standingsAt(61)).moves).toBeNull()
    const sheet = readSheet(SHEET)
    expect(sheet.reason).toBe('timeout')
    expect(sheet.questions[1]).toMatchObject({ answer: null, marked: true, correct: false })
    expect(sheet.accommodation).toEqual({ extraTime: 'x2', readAloud: true })
    expect(readIntegrity(INTEGRITY).head).toEqual(INTEGRITY.head)
    expect(readIntegrity(INTEGRITY)).toMatchObject({ mode: 'incremental', checked: 5 })
    expect(readIntegrity({ ...INTEGRITY, mode: 'full', checked: 61 })).toMatchObject({ mode: 'full', checked: 61 })
    expect(readIntegrity({ intact: false, broken: { problem: 'changed', position: 17, message: 'm' } })).toMatchObject({
      intact: false,
      head: null,
      broken: { problem: 'changed', position: 17, chainedAt: null, message: 'm' },
    })
    expect(readProof({ outcome: 'weird', message: 'x' }).outcome).toBe('unknown')
  })

  it("reads the pictures on a sheet question's options (issue 30), each checked; none when absent", () => {
    const question = (SHEET.questions as unknown[])[0] as Record<string, unknown>
    const pictured = readSheet({ ...SHEET, questions: [{ ...question, pictures: [null, servedImage, servedSound, null] }] })
    expect(pictured.questions[0].pictures).toEqual([null, servedImage, null, null])
    expect(readSheet(SHEET).questions[0].pictures).toBeNull()
  })

  it("reads a sheet's accommodation, with none when it is missing or odd", () => {
    expect(readSheet({ ...SHEET, accommodation: { extraTime: 'unlimited', readAloud: false } }).accommodation).toEqual({
      extraTime: 'unlimited',
      readAloud: false,
    })
    const { accommodation: _, ...without } = SHEET
    expect(readSheet(without).accommodation).toEqual({ extraTime: 'none', readAloud: false })
    expect(readSheet({ ...SHEET, accommodation: { extraTime: 'x3', readAloud: 'yes' } }).accommodation).toEqual({ extraTime: 'none', readAloud: false })
  })
})
