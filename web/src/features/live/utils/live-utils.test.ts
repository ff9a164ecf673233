import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GameView, GivenAnswer } from '@/types/live-game'
import { CLOUD_WORDS, hostView, makeQuestion, makeTypedReveal, makeWordCloudReveal, wordCloudView } from '../testing/fixtures'
import { questionClock, seconds } from './game-clock'
import { actionForKey, allowedActions, nextLabel, pendingWords, primaryAction } from './host-actions'
import { CURRENT_GAME_KEY, forgetPlayer, gameKey, loadCurrentPlayer, savePlayer } from './live-storage'
import { joinErrorText, ordinal, tooManyTriesText } from './live-texts'

const player = { gameId: 'g1', playerId: 'p1', nickname: 'Ana', token: 't', pin: '123456' }
const inQuestion = (paused = false): GameView =>
  hostView({ phase: 'question', question: makeQuestion({ paused, deadline: paused ? null : 1 }) }, ['Ana'])

describe('host actions', () => {
  it('offers the controls that fit each phase', () => {
    expect(allowedActions(null)).toEqual([])
    expect(allowedActions(hostView())).toEqual(['lock', 'end'])
    expect(allowedActions(hostView({ locked: true }, ['Ana']))).toEqual(['start', 'unlock', 'end'])
    expect(allowedActions(inQuestion())).toEqual(['pause', 'skip', 'lock', 'end'])
    expect(allowedActions(inQuestion(true))).toEqual(['resume', 'skip', 'lock', 'end'])
    expect(allowedActions(hostView({ phase: 'reveal' }))).toEqual(['next', 'lock', 'end'])
    expect(allowedActions(hostView({ phase: 'finished' }))).toEqual([])
  })

  it("offers to show a closed word cloud's answers only while they wait for the host, on no key", () => {
    const cloud = (phase: GameView['phase'], pending: GivenAnswer[] | null, reveal = makeWordCloudReveal()) => wordCloudView(pending, { phase, reveal })
    expect(allowedActions(cloud('reveal', CLOUD_WORDS))).toEqual(['showAnswers', 'next', 'lock', 'end'])
    expect(allowedActions(cloud('standings', CLOUD_WORDS))).toEqual(['showAnswers', 'next', 'lock', 'end'])
    // Every answer left out as offensive: still theirs to show (an empty cloud).
    expect(allowedActions(cloud('reveal', []))).toContain('showAnswers')
    // Shown already, or nothing waits.
    expect(allowedActions(cloud('reveal', null, makeWordCloudReveal(CLOUD_WORDS)))).toEqual(['next', 'lock', 'end'])
    // Only a word cloud's answers wait, and only once its question closed.
    expect(allowedActions(cloud('reveal', CLOUD_WORDS, makeTypedReveal()))).not.toContain('showAnswers')
    expect(allowedActions(cloud('question', CLOUD_WORDS))).not.toContain('showAnswers')
    expect(allowedActions(cloud('finished', CLOUD_WORDS))).toEqual([])

    const waiting = cloud('reveal', CLOUD_WORDS)
    expect(pendingWords(waiting)).toEqual(CLOUD_WORDS)
    expect(primaryAction(waiting)).toBe('next')
    for (const key of [' ', 'Enter', 's', 'a', 'w']) expect(actionForKey(waiting, key)).not.toBe('showAnswers')
  })

  it('maps the keyboard to the controls that fit', () => {
    expect(actionForKey(hostView({}, ['Ana']), 'Enter')).toBe('start')
    expect(actionForKey(hostView(), ' ')).toBeNull()
    expect(actionForKey(hostView({ phase: 'standings' }), ' ')).toBe('next')
    expect(actionForKey(inQuestion(), 'P')).toBe('pause')
    expect(actionForKey(inQuestion(true), 'p')).toBe('resume')
    expect(actionForKey(inQuestion(), 's')).toBe('skip')
    expect(actionForKey(inQuestion(), 'Enter')).toBeNull()
    expect(actionForKey(hostView({ locked: true }), 'l')).toBe('unlock')
    expect(actionForKey(hostView({ phase: 'reveal' }), 's')).toBeNull()
    expect(primaryAction(inQuestion())).toBeNull()
  })

  it('names "next" by what comes after it', () => {
    const question = makeQuestion({ index: 2 })
    expect(nextLabel(hostView({ phase: 'reveal', question }))).toBe('Show standings')
    expect(nextLabel(hostView({ phase: 'standings', question: makeQuestion({ index: 1 }) }))).toBe('Next question')
    expect(nextLabel(hostView({ phase: 'standings', question }))).toBe('Show podium')
  })
})

describe('game clock', () => {
  it("reads the question's times on the server's clock", () => {
    const question = makeQuestion({ opensAt: 3000, deadline: 23_000, remainingMs: 20_000 }, 0)
    // This device is 1 s behind the server.
    expect(questionClock(question, 500, 1000)).toEqual({ getReadyMs: 1500, remainingMs: 21_500 })
    expect(questionClock(question, 30_000, 1000)).toEqual({ getReadyMs: 0, remainingMs: 0 })
    expect(questionClock({ ...question, paused: true, deadline: null, remainingMs: 7000 }, 99_999, 0)).toEqual({
      getReadyMs: 0,
      remainingMs: 7000,
    })
    expect(questionClock(null, 0, 0)).toEqual({ getReadyMs: 0, remainingMs: 0 })
    expect([seconds(0), seconds(1), seconds(1000), seconds(1001)]).toEqual([0, 1, 1, 2])
  })
})

describe('kept player', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('keeps one entry per game and a pointer to the current one', () => {
    savePlayer(player)
    expect(JSON.parse(window.localStorage.getItem(gameKey('g1')) ?? '')).toEqual(player)
    expect(loadCurrentPlayer()).toEqual(player)
    savePlayer({ ...player, gameId: 'g2' })
    expect(loadCurrentPlayer()?.gameId).toBe('g2')
    forgetPlayer('g1')
    expect(loadCurrentPlayer()?.gameId).toBe('g2')
    forgetPlayer('g2')
    expect(loadCurrentPlayer()).toBeNull()
    expect(window.localStorage.getItem(CURRENT_GAME_KEY)).toBeNull()
  })

  it('ignores what it cannot read', () => {
    window.localStorage.setItem(CURRENT_GAME_KEY, 'g1')
    window.localStorage.setItem(gameKey('g1'), '{not json')
    expect(loadCurrentPlayer()).toBeNull()
    window.localStorage.setItem(gameKey('g1'), JSON.stringify({ ...player, token: 7 }))
    expect(loadCurrentPlayer()).toBeNull()
  })

  it('still plays when the storage refuses to keep it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError')
    })
    expect(() => savePlayer(player)).not.toThrow()
  })
})

describe('live texts', () => {
  it('writes ranks as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th',
    ])
  })

  it('says how long to wait after too many wrong PINs', () => {
    expect(tooManyTriesText(undefined)).toBe('Too many wrong PINs. Please wait a moment and try again.')
    expect(tooManyTriesText(30)).toBe('Too many wrong PINs. Please wait 30 seconds and try again.')
    expect(tooManyTriesText(300)).toBe('Too many wrong PINs. Please wait 5 minutes and try again.')
  })

  it("falls back on the server's text, then a fixed one", () => {
    expect(joinErrorText({ error: 'Something odd', status: 500 })).toBe('Something odd')
    expect(joinErrorText({ error: 'x', status: 404 })).toBe('No game with this PIN')
    expect(joinErrorText(new Error('boom'))).toBe('Unable to join the game. Please try again.')
  })
})
