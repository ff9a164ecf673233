import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, signInAs } from '@/testing/test-utils'
import { gameResults } from '../testing/fixtures'
import { getGameResults, getLiveHistory, listQuizGames } from './live-results-api'

describe('live results calls', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('reads the results, with neutral values for missing parts', async () => {
    signInAs()
    mockApi({
      'GET /api/live/games/g1/results': {
        body: gameResults({
          finishedAt: null,
          players: [{ rank: 1, nickname: 'Ana', answers: ['A', 'x', null] }],
          questions: [{ text: 'Q?', answer: 'E', counts: { B: 2 } }],
        }),
      },
    })
    const results = await getGameResults('g1')
    expect(results.finishedAt).toBeNull()
    expect(results.players).toEqual([
      { rank: 1, playerId: '', nickname: 'Ana', signedIn: false, points: 0, correct: 0, answered: 0, answers: ['A', null, null] },
    ])
    expect(results.questions).toEqual([
      { index: 0, text: 'Q?', answer: null, answered: 0, correct: 0, counts: { A: 0, B: 2, C: 0, D: 0 }, medianMs: null },
    ])
  })

  it('refuses lists that are not lists', async () => {
    signInAs()
    mockApi({
      'GET /api/live/games': { body: { games: [] } },
      'GET /api/live/history': { body: null },
      'GET /api/live/games/g1/results': { body: gameResults({ players: undefined }) },
    })
    const invalid = { error: 'Invalid results received. Please try again.' }
    await expect(listQuizGames(31)).rejects.toEqual(invalid)
    await expect(getLiveHistory()).rejects.toEqual(invalid)
    await expect(getGameResults('g1')).rejects.toEqual(invalid)
  })

  it('sends nothing without a session', async () => {
    const { calls } = mockApi({})
    await expect(getLiveHistory()).rejects.toEqual({ error: 'No authentication token found' })
    expect(calls).toHaveLength(0)
  })
})
