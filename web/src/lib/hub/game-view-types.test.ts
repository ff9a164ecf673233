/** Live views and messages of questions of other types (issue 29, docs/live-games.md). */
import { describe, expect, it } from 'vitest'
import { readGameView } from './game-view'
import { encodeClientMessage, gameChannel, parseServerMessage } from './hub-messages'

const base = {
  gameId: 'g1',
  title: 'Planets',
  phase: 'question',
  serverNow: 1_764_100_000_000,
  questionCount: 3,
  players: 2,
  locked: false,
  settings: null,
  question: {
    index: 0,
    text: 'Nearest the Sun first',
    options: [],
    served: { type: 'ordering', items: ['Venus', 'Mercury', 'Earth'] },
    startedAt: 1_764_100_000_000,
    opensAt: 1_764_100_003_000,
    deadline: 1_764_100_023_000,
    remainingMs: 20_000,
    paused: false,
  },
  reveal: null,
  standings: null,
  podium: null,
  me: { playerId: 'p1', nickname: 'Ana', points: 5, streak: 0, rank: 1, answer: null, response: { order: [1, 0, 2] }, lastResult: { correct: false, points: 5, f: 0.5 } },
  host: null,
}

const reveal = {
  type: 'ordering',
  definition: { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'] },
  explanation: '',
  answered: 24,
  right: 10,
  partly: 6,
  wrong: 8,
  options: null,
  given: null,
}

describe('live views of questions of other types', () => {
  it("reads a player's question: as served, with their response and their last result's share", () => {
    const view = readGameView(base)
    expect(view?.question).toMatchObject({ options: [], served: { type: 'ordering', items: ['Venus', 'Mercury', 'Earth'] } })
    expect(view?.me).toMatchObject({ answer: null, response: { order: [1, 0, 2] }, lastResult: { correct: false, points: 5, f: 0.5 } })
    // A poll's or a word cloud's result has no share (the server leaves `f` out); a question not
    // yet answered no response.
    const poll = readGameView({ ...base, me: { ...base.me, response: null, lastResult: { correct: false, points: 0 } } })
    expect(poll?.me).toMatchObject({ response: null })
    expect(poll?.me?.lastResult).toEqual({ correct: false, points: 0 })
  })

  it('reads a question served as nothing this client can show as null, and leaves A–D without the new fields', () => {
    const unknown = readGameView({ ...base, question: { ...base.question, served: { type: 'hotspot' } } })
    expect(unknown?.question?.served).toBeNull()
    const letters = readGameView({ ...base, question: { ...base.question, served: undefined }, me: { ...base.me, response: undefined, lastResult: { correct: true, points: 10 } } })
    expect(letters?.question?.served).toBeUndefined()
    expect(letters?.me?.response).toBeUndefined()
    expect(letters?.me?.lastResult?.f).toBeUndefined()
  })

  it('reads the reveal of another type, and drops one whose definition is not of its type', () => {
    const view = readGameView({ ...base, phase: 'reveal', reveal: { ...reveal, given: [{ answer: 'x', count: 2 }, { count: 1 }] } })
    expect(view?.reveal).toEqual({ ...reveal, explanation: null, given: [{ answer: 'x', count: 2 }] })
    const poll = readGameView({ ...base, phase: 'reveal', reveal: { ...reveal, type: 'poll', definition: { type: 'poll', options: ['a', 'b'] }, options: [3, 'x'] } })
    expect(poll?.reveal).toMatchObject({ type: 'poll', options: null })
    expect(readGameView({ ...base, phase: 'reveal', reveal: { ...reveal, definition: { type: 'poll' } } })?.reveal).toBeNull()
  })

  it("reads a reveal's parts and numbers, and the host's poll counts, as sent; what does not check as null", () => {
    const parts = [{ label: 'Mercury', right: 10 }, { label: 'Venus', right: 4 }]
    const numbers = { low: 0, high: 100, target: 40, band: [30, 50], values: [{ value: 35, count: 4 }] }
    const host = { pin: '123456', joinKey: 'k', answered: 3, counting: false, names: [], pendingWords: null }
    const view = readGameView({ ...base, phase: 'reveal', reveal: { ...reveal, parts, numbers }, host: { ...host, pollCounts: [2, 1] } })
    expect(view?.reveal).toMatchObject({ parts, numbers })
    expect(view?.host?.pollCounts).toEqual([2, 1])

    const broken = readGameView({
      ...base,
      phase: 'reveal',
      reveal: { ...reveal, parts: [{ label: 'Mercury' }], numbers: { ...numbers, band: [30] } },
      host: { ...host, pollCounts: [2, 'x'] },
    })
    expect(broken?.reveal).toMatchObject({ parts: null, numbers: null })
    expect(broken?.host?.pollCounts).toBeNull()
    expect(readGameView({ ...base, reveal: { ...reveal, numbers: { ...numbers, values: [{ value: 35 }] } } })?.reveal).toMatchObject({ numbers: null })

    // Null when it does not apply; left out by an older server, left out here too.
    const none = readGameView({ ...base, phase: 'reveal', reveal: { ...reveal, parts: null, numbers: null }, host: { ...host, pollCounts: null } })
    expect(none?.reveal).toMatchObject({ parts: null, numbers: null })
    expect(none?.host?.pollCounts).toBeNull()
    const older = readGameView({ ...base, phase: 'reveal', reveal, host })
    expect(older?.reveal).toMatchObject({ parts: undefined, numbers: undefined })
    expect(older?.host?.pollCounts).toBeUndefined()
  })

  it('reads the acknowledgement of a response, and sends an answer with one', () => {
    const ack = { type: 'answerAck', channel: 'game:g1', question: 0, response: { order: [1, 0, 2] } }
    expect(parseServerMessage(JSON.stringify(ack))).toEqual(ack)
    expect(parseServerMessage(JSON.stringify({ ...ack, response: { order: [1], text: 'x' } }))).toBeNull()
    expect(JSON.parse(encodeClientMessage({ type: 'answer', channel: gameChannel('g1'), question: 0, response: { order: [1, 0, 2] } }))).toEqual({
      type: 'answer',
      channel: 'game:g1',
      question: 0,
      response: { order: [1, 0, 2] },
    })
  })
})
