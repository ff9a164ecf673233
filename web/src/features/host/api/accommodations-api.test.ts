import { describe, expect, it } from 'vitest'
import { mockApi, signInAs } from '@/testing/test-utils'
import {
  getAccommodations,
  INVALID_ACCOMMODATIONS,
  readAccommodationList,
  sameTarget,
  saveAccommodations,
  type PlayerAccommodation,
} from './accommodations-api'

const PATH = '/api/hostQuiz/quiz/31/accommodations'
const QUIZ = { kind: 'quiz', id: 31 } as const

describe('readAccommodationList', () => {
  it('reads the set as the API writes it', () => {
    expect(
      readAccommodationList({
        accommodations: [
          { email: 'ana@example.com', extraTime: 'x2', readAloud: true },
          { email: 'ben@example.com', extraTime: 'unlimited', readAloud: false },
        ],
      }),
    ).toEqual([
      { email: 'ana@example.com', extraTime: 'x2', readAloud: true },
      { email: 'ben@example.com', extraTime: 'unlimited', readAloud: false },
    ])
  })

  it('gives odd fields neutral values and drops entries without an e-mail', () => {
    expect(
      readAccommodationList({
        accommodations: [{ email: ' cy@example.com ', extraTime: 'x3', readAloud: 'yes' }, { extraTime: 'x2' }, null, { email: 7 }],
      }),
    ).toEqual([{ email: 'cy@example.com', extraTime: 'none', readAloud: false }])
    expect(readAccommodationList({ accommodations: [] })).toEqual([])
  })

  it('refuses an answer whose list is not a list', () => {
    expect(() => readAccommodationList({ accommodations: 'nope' })).toThrow(expect.objectContaining(INVALID_ACCOMMODATIONS))
    expect(() => readAccommodationList(null)).toThrow(expect.objectContaining(INVALID_ACCOMMODATIONS))
    expect(() => readAccommodationList([])).toThrow(expect.objectContaining(INVALID_ACCOMMODATIONS))
  })
})

describe('accommodation calls', () => {
  it('reads and replaces the set with the token, sending only the three fields', async () => {
    const stored = { accommodations: [{ email: 'ana@example.com', extraTime: 'x1.5', readAloud: false }] }
    const { calls } = mockApi({ [`GET ${PATH}`]: { body: stored }, [`PUT ${PATH}`]: { body: stored } })
    const { token } = signInAs()
    await expect(getAccommodations(QUIZ)).resolves.toEqual(stored.accommodations)
    const extra = { email: 'Ana@Example.com', extraTime: 'x1.5' as const, readAloud: false, key: 3 }
    await expect(saveAccommodations(QUIZ, [extra])).resolves.toEqual(stored.accommodations)
    expect(calls.map((c) => [c.method, c.headers.Authorization])).toEqual([
      ['GET', `Bearer ${token}`],
      ['PUT', `Bearer ${token}`],
    ])
    expect(calls[1].body).toEqual({ accommodations: [{ email: 'Ana@Example.com', extraTime: 'x1.5', readAloud: false }] })
  })

  it("throws the server's refusal as it came", async () => {
    mockApi({
      [`PUT ${PATH}`]: {
        status: 400,
        body: { error: 'Invalid email address: nope', code: 'validation', details: { email: 'nope' } },
      },
    })
    signInAs()
    await expect(saveAccommodations(QUIZ, [{ email: 'nope', extraTime: 'x2', readAloud: false }])).rejects.toMatchObject({
      error: 'Invalid email address: nope',
      code: 'validation',
      status: 400,
      details: { email: 'nope' },
    })
  })

  it("reads and replaces an audience list's set at the list's address", async () => {
    const list = { kind: 'list', id: 'l 1/2' } as const
    const listPath = '/api/audience/l%201%2F2/accommodations'
    const stored = { accommodations: [{ email: 'ana@example.com', extraTime: 'x2', readAloud: true }] }
    const { calls } = mockApi({ [`GET ${listPath}`]: { body: stored }, [`PUT ${listPath}`]: { body: stored } })
    signInAs()
    await expect(getAccommodations(list)).resolves.toEqual(stored.accommodations)
    await expect(saveAccommodations(list, stored.accommodations as PlayerAccommodation[])).resolves.toEqual(stored.accommodations)
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', listPath],
      ['PUT', listPath],
    ])
    expect(calls[1].body).toEqual(stored)
  })

  it("throws a list's refusal of someone not on it", async () => {
    mockApi({
      'PUT /api/audience/l1/accommodations': {
        status: 422,
        body: { error: 'cy@example.com is not on this list', code: 'validation', details: { email: 'cy@example.com' } },
      },
    })
    signInAs()
    await expect(saveAccommodations({ kind: 'list', id: 'l1' }, [{ email: 'cy@example.com', extraTime: 'x2', readAloud: false }])).rejects.toMatchObject({
      error: 'cy@example.com is not on this list',
      status: 422,
    })
  })
})

describe('sameTarget', () => {
  it('is the same quiz or list whatever object names it', () => {
    expect(sameTarget({ kind: 'quiz', id: 31 }, { kind: 'quiz', id: 31 })).toBe(true)
    expect(sameTarget({ kind: 'list', id: 7 }, { kind: 'list', id: '7' })).toBe(true)
    expect(sameTarget({ kind: 'quiz', id: 7 }, { kind: 'list', id: 7 })).toBe(false)
    expect(sameTarget({ kind: 'list', id: 'l1' }, { kind: 'list', id: 'l2' })).toBe(false)
  })
})
