import { describe, expect, it } from 'vitest'
import { attemptChannel, encodeClientMessage, gameChannel, parseServerMessage, quizChannel } from './hub-messages'

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

/** The view of docs/live-games.md, as a player sees it mid-question. */
const view = {
  gameId: 'g1',
  title: 'World capitals',
  phase: 'question',
  serverNow: 1764100000000,
  questionCount: 10,
  players: 25,
  locked: false,
  settings: {
    secondsPerQuestion: 20,
    scoring: 'speed',
    streakBonus: true,
    shuffleQuestions: false,
    shuffleOptions: false,
    requireSignIn: false,
    autoAdvance: false,
  },
  question: {
    index: 0,
    text: 'Capital of France?',
    options: [
      { letter: 'A', text: 'Paris' },
      { letter: 'B', text: 'Lyon' },
      { letter: 'C', text: 'Nice' },
      { letter: 'D', text: 'Lille' },
    ],
    startedAt: 1764100000000,
    opensAt: 1764100003000,
    deadline: 1764100023000,
    remainingMs: 20000,
    paused: false,
  },
  reveal: null,
  standings: null,
  podium: null,
  me: { playerId: 'p1', nickname: 'Ana', points: 0, streak: 0, rank: null, answer: null, lastResult: null },
  host: null,
}

describe('parseServerMessage: live games', () => {
  it('reads the game messages of docs/websocket.md', () => {
    const answers = { type: 'answers', channel: 'game:g1', question: 0, answered: 18, players: 25, counting: false }
    const ack = { type: 'answerAck', channel: 'game:g1', question: 0, choice: 'B' }
    expect(parseServerMessage(frame({ type: 'game', channel: 'game:g1', view }))).toEqual({ type: 'game', channel: 'game:g1', view })
    expect(parseServerMessage(frame(answers))).toEqual(answers)
    const counting = { ...answers, answered: 25, counting: true }
    expect(parseServerMessage(frame(counting))).toEqual(counting)
    const poll = { ...answers, pollCounts: [7, 11] }
    expect(parseServerMessage(frame(poll))).toEqual(poll)
    expect(parseServerMessage(frame({ ...answers, pollCounts: [-1] }))).toEqual(answers)
    expect(parseServerMessage(frame(ack))).toEqual(ack)
    expect(parseServerMessage(frame({ type: 'kicked', channel: 'game:g1' }))).toEqual({ type: 'kicked', channel: 'game:g1' })
    expect(parseServerMessage(frame({ type: 'subscribed', channel: 'game:g1' }))).toEqual({ type: 'subscribed', channel: 'game:g1' })
    const late = { type: 'error', channel: 'game:g1', code: 'too_late', error: 'Too late' }
    expect(parseServerMessage(frame(late))).toEqual(late)
  })

  it('reads an answers message without counting (a server from before the flag) as not counting', () => {
    expect(parseServerMessage(frame({ type: 'answers', channel: 'game:g1', question: 0, answered: 18, players: 25 }))).toEqual({
      type: 'answers',
      channel: 'game:g1',
      question: 0,
      answered: 18,
      players: 25,
      counting: false,
    })
    expect(parseServerMessage(frame({ type: 'answers', channel: 'game:g1', question: 0, answered: 18, counting: 'yes' }))).toMatchObject({
      counting: false,
    })
  })

  it("reads the host's view and the reveal, and fills what the server left out", () => {
    const hostView = {
      ...view,
      phase: 'reveal',
      me: undefined,
      settings: undefined,
      reveal: { answer: 'A', explanation: '', counts: { A: 20, B: 3 } },
      host: { pin: '123456', joinKey: 'k1', answered: 18, counting: false, names: [{ playerId: 'p1', nickname: 'Ana' }] },
    }
    const parsed = parseServerMessage(frame({ type: 'game', channel: 'game:g1', view: hostView }))
    expect(parsed).toMatchObject({
      type: 'game',
      view: {
        phase: 'reveal',
        me: null,
        settings: { secondsPerQuestion: 20, scoring: 'correctness' },
        reveal: { answer: 'A', explanation: null, counts: { A: 20, B: 3, C: 0, D: 0 } },
        host: { pin: '123456', joinKey: 'k1', answered: 18, counting: false, names: [{ playerId: 'p1', nickname: 'Ana' }] },
      },
    })
    // The time is up and answers are still being counted; a host part without `counting` (a
    // server from before it) is not counting.
    const counting = { ...view, host: { pin: '123456', joinKey: 'k1', answered: 25, counting: true, names: [] } }
    expect(parseServerMessage(frame({ type: 'game', channel: 'game:g1', view: counting }))).toMatchObject({ view: { host: { counting: true } } })
    const older = { ...view, host: { pin: '123456', joinKey: 'k1', answered: 18, names: [] } }
    expect(parseServerMessage(frame({ type: 'game', channel: 'game:g1', view: older }))).toMatchObject({ view: { host: { counting: false } } })
    // A paused question has no deadline.
    const paused = { ...view, question: { ...view.question, deadline: null, paused: true } }
    expect(parseServerMessage(frame({ type: 'game', channel: 'game:g1', view: paused }))).toMatchObject({
      view: { question: { deadline: null, paused: true, remainingMs: 20000 } },
    })
  })

  it('drops game messages it cannot use', () => {
    // Not of a game channel; a view without its id, phase or clock; a question phase without a question.
    expect(parseServerMessage(frame({ type: 'game', channel: 'quiz:7', view }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'game', channel: 'game:g1' }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'game', channel: 'game:g1', view: { ...view, gameId: 7 } }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'game', channel: 'game:g1', view: { ...view, phase: 'intermission' } }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'game', channel: 'game:g1', view: { ...view, serverNow: '2026-01-01' } }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'game', channel: 'game:g1', view: { ...view, question: null } }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'answers', channel: 'game:g1', question: 0 }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'answerAck', channel: 'game:g1', question: 0, choice: 'E' }))).toBeNull()
    expect(parseServerMessage(frame({ type: 'kicked', channel: 'attempt:a1' }))).toBeNull()
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
    expect(JSON.parse(encodeClientMessage({ type: 'subscribe', channel: gameChannel('g1') }))).toEqual({
      type: 'subscribe',
      channel: 'game:g1',
    })
    expect(JSON.parse(encodeClientMessage({ type: 'answer', channel: gameChannel('g1'), question: 0, choice: 'B' }))).toEqual({
      type: 'answer',
      channel: 'game:g1',
      question: 0,
      choice: 'B',
    })
    expect(JSON.parse(encodeClientMessage({ type: 'loaded', channel: gameChannel('g1'), question: 2 }))).toEqual({
      type: 'loaded',
      channel: 'game:g1',
      question: 2,
    })
  })
})
