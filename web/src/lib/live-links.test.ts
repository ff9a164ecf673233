import { describe, expect, it } from 'vitest'
import { hostLivePath, liveGamesPath, liveJoinLink, liveResultsPath, presenterPath, quizIdFrom } from './live-links'

describe('live links', () => {
  it('builds the paths of live games', () => {
    expect(liveJoinLink('123456', '', 'https://quizroom.test')).toBe('https://quizroom.test/play/live?pin=123456')
    expect(liveJoinLink('123456', 'ab12', 'https://quizroom.test')).toBe('https://quizroom.test/play/live?pin=123456&key=ab12')
    expect(hostLivePath(7)).toBe('/host/live?quizId=7')
    expect(liveGamesPath(7)).toBe('/host/live/games?quizId=7')
    expect(presenterPath('g 1')).toBe('/host/live/g%201')
    expect(liveResultsPath('g1')).toBe('/host/live/g1/results')
  })

  it('reads a quiz id: a positive whole number, or null', () => {
    expect(quizIdFrom('31')).toBe(31)
    expect(quizIdFrom(' 31 ')).toBe(31)
    expect(quizIdFrom(null)).toBeNull()
    expect(quizIdFrom('0')).toBeNull()
    expect(quizIdFrom('-3')).toBeNull()
    expect(quizIdFrom('3.5')).toBeNull()
    expect(quizIdFrom('99999999999999999999')).toBeNull()
  })
})
