import { describe, expect, it } from 'vitest'
import { attemptChannel, encodeClientMessage, parseServerMessage, quizChannel } from './hub-messages'

const frame = (message: unknown) => JSON.stringify(message)

describe('parseServerMessage', () => {
  it('reads every message of docs/websocket.md', () => {
    const tick = { type: 'tick', channel: 'attempt:a1', remainingMs: 61_000, deadline: '2026-01-01T10:10:00Z', serverTime: '2026-01-01T10:08:59Z' }
    const submitted = { type: 'submitted', channel: 'attempt:a1', reason: 'player', score: 2, points: 20, total: 3 }
    const board = {
      type: 'leaderboard',
      channel: 'quiz:7',
      top: [{ rank: 1, userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', points: 30 }],
      me: { rank: 1, points: 30 },
      participants: 4,
    }
    const error = { type: 'error', channel: 'quiz:7', code: 'forbidden', error: 'Not yours' }
    expect(parseServerMessage(frame({ type: 'subscribed', channel: 'quiz:7' }))).toEqual({ type: 'subscribed', channel: 'quiz:7' })
    expect(parseServerMessage(frame(tick))).toEqual(tick)
    expect(parseServerMessage(frame(submitted))).toEqual(submitted)
    expect(parseServerMessage(frame(board))).toEqual(board)
    expect(parseServerMessage(frame(error))).toEqual(error)
    expect(parseServerMessage(frame({ type: 'error', code: 'bad_message', error: 'What?' }))).toEqual({ type: 'error', code: 'bad_message', error: 'What?' })
    expect(parseServerMessage(frame({ type: 'pong' }))).toEqual({ type: 'pong' })
  })

  it('drops what is not a message the client can use', () => {
    expect(parseServerMessage('not json')).toBeNull()
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull()
    expect(parseServerMessage(frame(null))).toBeNull()
    expect(parseServerMessage(frame({ type: 'shout' }))).toBeNull()
    expect(parseServerMessage(frame({ channel: 'quiz:7' }))).toBeNull()
    // A tick without its clock, or of a quiz channel; a leaderboard without rows or of an attempt.
    expect(parseServerMessage(frame({ type: 'tick', channel: 'attempt:a1' }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'tick', channel: 'quiz:7', remainingMs: 5 }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'leaderboard', channel: 'quiz:7' }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'leaderboard', channel: 'attempt:a1', top: [] }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'submitted', channel: 'quiz:7', reason: 'player' }))).toBeNull()
  })

  it('fills what the screens read when the server left it out', () => {
    expect(parseServerMessage(frame({ type: 'leaderboard', channel: 'quiz:7', top: [] }))).toEqual({
      type: 'leaderboard',
      channel: 'quiz:7',
      top: [],
      me: null,
      participants: 0,
    })
    // A submitted notice without a known reason counts as the server's (at the deadline).
    expect(parseServerMessage(frame({ type: 'submitted', channel: 'attempt:a1' }))).toMatchObject({ reason: 'timeout' })
  })
})

describe('client messages', () => {
  it('are the JSON of docs/websocket.md', () => {
    expect(JSON.parse(encodeClientMessage({ type: 'subscribe', channel: attemptChannel('a1') }))).toEqual({
      type: 'subscribe',
      channel: 'attempt:a1',
    })
    expect(JSON.parse(encodeClientMessage({ type: 'unsubscribe', channel: quizChannel(7) }))).toEqual({
      type: 'unsubscribe',
      channel: 'quiz:7',
    })
    expect(JSON.parse(encodeClientMessage({ type: 'ping' }))).toEqual({ type: 'ping' })
  })
})
