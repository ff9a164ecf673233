import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { GameView } from '@/types/live-game'
import type { JoinResponse } from '../api/live-api'
import { makeQuestion, makeTypedQuestion, playerView, SERVER_NOW } from '../testing/fixtures'
import type { StoredPlayer } from '../utils/live-storage'
import { ANSWER_ERRORS, answerRefusedText, ANSWER_UNCONFIRMED, ANSWER_UNSENT, GAME_UNAVAILABLE, JOIN_ERRORS } from '../utils/live-texts'
import { ACK_TIMEOUT_MS, CLOCK_TICK_MS, playerMachine, SLOW_CONNECT_MS, type SendAnswerInput } from './player.machine'

const joined: JoinResponse = { gameId: 'g1', playerId: 'p1', nickname: 'Ana', token: 'player-token' }
const kept: StoredPlayer = { ...joined, pin: '123456' }

type Stubs = {
  stored?: StoredPlayer | null
  pin?: string
  join?: (pin: string, nickname: string) => Promise<JoinResponse>
  send?: (input: SendAnswerInput) => Promise<void>
}

function start({ stored = null, pin = '', join, send }: Stubs = {}) {
  const stores: StoredPlayer[] = []
  const forgotten: string[] = []
  const answers: SendAnswerInput[] = []
  const machine = playerMachine.provide({
    actors: {
      joinGame: fromPromise<JoinResponse, { pin: string; nickname: string }>(({ input }) =>
        join ? join(input.pin, input.nickname) : Promise.resolve(joined),
      ),
      sendAnswer: fromPromise<void, SendAnswerInput>(({ input }) => {
        answers.push(input)
        return send ? send(input) : Promise.resolve()
      }),
    },
    actions: {
      storePlayer: (_, params) => {
        stores.push(params.player)
      },
      forgetPlayer: (_, params) => {
        forgotten.push(params.gameId)
      },
    },
  })
  const actor = createActor(machine, { input: { stored, pin } })
  actor.start()
  return { actor, stores, forgotten, answers }
}

const flush = () => vi.advanceTimersByTimeAsync(0)
/** The question as it stands `atMs` after it started (the server's clock). */
const questionAt = (atMs: number, overrides: Partial<GameView> = {}, me: Parameters<typeof playerView>[1] = {}) =>
  playerView({ phase: 'question', question: makeQuestion(), serverNow: SERVER_NOW + atMs, ...overrides }, me)

describe('player machine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: SERVER_NOW })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('checks the PIN and the nickname before asking the server', () => {
    const { actor } = start()
    expect(actor.getSnapshot().hasTag('form')).toBe(true)
    actor.send({ type: 'join.submit', pin: '12345', nickname: 'Ana' })
    expect(actor.getSnapshot().context).toMatchObject({ error: JOIN_ERRORS.pinRequired, errorField: 'pin' })
    actor.send({ type: 'join.submit', pin: '123456', nickname: '   ' })
    expect(actor.getSnapshot().context).toMatchObject({ error: JOIN_ERRORS.nicknameRequired, errorField: 'nickname' })
    actor.send({ type: 'join.submit', pin: '123456', nickname: 'x'.repeat(21) })
    expect(actor.getSnapshot().context.error).toBe(JOIN_ERRORS.nicknameTooLong)
    expect(actor.getSnapshot().matches('entering')).toBe(true)
  })

  it('joins, keeps the player, and is in once the first view arrives', async () => {
    const { actor, stores } = start({ pin: '123456' })
    expect(actor.getSnapshot().context.pin).toBe('123456')
    actor.send({ type: 'join.submit', pin: ' 123456 ', nickname: ' Ana ' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(stores).toEqual([kept])
    expect(actor.getSnapshot().hasTag('connecting')).toBe(true)
    actor.send({ type: 'server.game', view: playerView() })
    expect(actor.getSnapshot().hasTag('lobby')).toBe(true)
    expect(actor.getSnapshot().hasTag('running')).toBe(true)
  })

  it.each([
    [{ error: 'No game with this PIN', code: 'game_not_found', status: 404 }, JOIN_ERRORS.gameNotFound, 'pin'],
    [{ error: 'x', code: 'lobby_locked', status: 409 }, JOIN_ERRORS.lobbyLocked, null],
    [{ error: 'x', code: 'game_finished', status: 409 }, JOIN_ERRORS.gameFinished, null],
    [{ error: 'x', code: 'sign_in_required', status: 401 }, JOIN_ERRORS.signInRequired, null],
    [{ error: 'x', code: 'kicked', status: 403 }, JOIN_ERRORS.kicked, null],
    [{ error: 'x', code: 'nickname_refused', status: 422 }, JOIN_ERRORS.nicknameRefused, 'nickname'],
    [{ error: 'Too many requests', status: 429, retryAfter: 30 }, 'Too many wrong PINs. Please wait 30 seconds and try again.', null],
    [{ error: 'Network error' }, JOIN_ERRORS.network, null],
  ])('says why a join was refused (%o)', async (refusal, text, field) => {
    const { actor, stores } = start({ join: () => Promise.reject(refusal) })
    actor.send({ type: 'join.submit', pin: '123456', nickname: 'Ana' })
    await flush()
    expect(actor.getSnapshot().matches('entering')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ error: text, errorField: field })
    expect(stores).toEqual([])
  })

  it('resumes a kept player without the form, unless the link is for another PIN', () => {
    expect(start({ stored: kept }).actor.getSnapshot().hasTag('connecting')).toBe(true)
    expect(start({ stored: kept, pin: '123456' }).actor.getSnapshot().hasTag('connecting')).toBe(true)
    const other = start({ stored: kept, pin: '654321' }).actor.getSnapshot()
    expect(other.hasTag('form')).toBe(true)
    expect(other.context.pin).toBe('654321')
  })

  it('offers to leave when no view comes', async () => {
    const { actor, forgotten } = start({ stored: kept })
    await vi.advanceTimersByTimeAsync(SLOW_CONNECT_MS)
    expect(actor.getSnapshot().hasTag('slow')).toBe(true)
    actor.send({ type: 'game.leave' })
    expect(actor.getSnapshot().hasTag('form')).toBe(true)
    expect(forgotten).toEqual(['g1'])
  })

  it("gets ready, then answers, and is locked in only on the server's acknowledgement", async () => {
    const { actor, answers } = start({ stored: kept })
    actor.send({ type: 'server.game', view: questionAt(0) })
    expect(actor.getSnapshot().hasTag('getReady')).toBe(true)
    actor.send({ type: 'answer.select', choice: 'A' })
    expect(answers).toEqual([])

    await vi.advanceTimersByTimeAsync(3000 + CLOCK_TICK_MS)
    expect(actor.getSnapshot().hasTag('answering')).toBe(true)
    actor.send({ type: 'answer.select', choice: 'B' })
    await flush()
    expect(answers).toEqual([{ gameId: 'g1', question: 0, choice: 'B' }])
    expect(actor.getSnapshot().hasTag('sending')).toBe(true)
    // A second tap while the first is on its way sends nothing.
    actor.send({ type: 'answer.select', choice: 'C' })
    // An acknowledgement of another question is not this one's.
    actor.send({ type: 'server.answerAck', question: 3, choice: 'B' })
    expect(actor.getSnapshot().hasTag('locked')).toBe(false)
    actor.send({ type: 'server.answerAck', question: 0, choice: 'B' })
    expect(actor.getSnapshot().hasTag('locked')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ choice: 'B', confirmed: true })
    expect(answers).toHaveLength(1)
  })

  it('closes the question when the time is up without an answer', async () => {
    const { actor } = start({ stored: kept })
    actor.send({ type: 'server.game', view: questionAt(20_000) })
    expect(actor.getSnapshot().hasTag('answering')).toBe(true)
    await vi.advanceTimersByTimeAsync(3000 + CLOCK_TICK_MS)
    expect(actor.getSnapshot().hasTag('closed')).toBe(true)
    actor.send({ type: 'answer.select', choice: 'A' })
    expect(actor.getSnapshot().hasTag('sending')).toBe(false)
  })

  it('lets the player choose again when the answer could not be sent or was not confirmed', async () => {
    const { actor, answers } = start({ stored: kept, send: (input) => (input.choice === 'A' ? Promise.reject(new Error('closed')) : Promise.resolve()) })
    actor.send({ type: 'server.game', view: questionAt(5000) })
    actor.send({ type: 'answer.select', choice: 'A' })
    await flush()
    expect(actor.getSnapshot().hasTag('answering')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ choice: null, note: ANSWER_UNSENT })

    actor.send({ type: 'server.game', view: questionAt(5000) })
    actor.send({ type: 'answer.select', choice: 'B' })
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS)
    expect(actor.getSnapshot().context).toMatchObject({ choice: null, note: ANSWER_UNCONFIRMED })
    // The first answer counted after all: the server says so.
    actor.send({ type: 'answer.select', choice: 'C' })
    actor.send({ type: 'server.error', code: 'already_answered', error: 'Already answered' })
    expect(actor.getSnapshot().hasTag('locked')).toBe(true)
    expect(answers.map((a) => a.choice)).toEqual(['A', 'B', 'C'])
  })

  it('says when an answer came too late', async () => {
    const { actor } = start({ stored: kept })
    actor.send({ type: 'server.game', view: questionAt(22_900) })
    actor.send({ type: 'answer.select', choice: 'D' })
    actor.send({ type: 'server.error', code: 'too_late', error: 'Too late' })
    expect(actor.getSnapshot().hasTag('closed')).toBe(true)
    expect(actor.getSnapshot().context.note).toBe(ANSWER_ERRORS.too_late)
  })

  it('stays on the answer in flight through a pause, and waits while paused', () => {
    const { actor } = start({ stored: kept })
    actor.send({ type: 'server.game', view: questionAt(5000) })
    actor.send({ type: 'answer.select', choice: 'A' })
    const paused = questionAt(6000, { question: makeQuestion({ paused: true, deadline: null, remainingMs: 17_000 }) })
    actor.send({ type: 'server.game', view: paused })
    expect(actor.getSnapshot().hasTag('sending')).toBe(true)
    actor.send({ type: 'server.error', code: 'not_open', error: 'Not open' })
    expect(actor.getSnapshot().hasTag('paused')).toBe(true)
    expect(actor.getSnapshot().context.note).toBe(ANSWER_ERRORS.not_open)
    actor.send({ type: 'server.game', view: questionAt(7000) })
    expect(actor.getSnapshot().hasTag('answering')).toBe(true)
  })

  it('comes back to an answered question locked in (a reload), and a new question starts afresh', () => {
    const { actor } = start({ stored: kept })
    actor.send({ type: 'server.game', view: questionAt(8000, {}, { answer: 'C' }) })
    expect(actor.getSnapshot().hasTag('locked')).toBe(true)
    expect(actor.getSnapshot().context.choice).toBe('C')
    actor.send({ type: 'server.game', view: questionAt(30_000, { question: makeQuestion({ index: 1 }, SERVER_NOW + 28_000) }) })
    expect(actor.getSnapshot().hasTag('getReady')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ choice: null, confirmed: false })
  })

  it('shows the result, the standings and the final rank', () => {
    const { actor } = start({ stored: kept })
    const reveal = { answer: 'A' as const, explanation: 'Paris it is.', counts: { A: 2, B: 0, C: 0, D: 0 } }
    const me = { points: 950, rank: 1, lastResult: { correct: true, points: 950 } }
    actor.send({ type: 'server.game', view: playerView({ phase: 'reveal', question: makeQuestion(), reveal }, me) })
    expect(actor.getSnapshot().hasTag('reveal')).toBe(true)
    actor.send({ type: 'server.game', view: playerView({ phase: 'standings', question: makeQuestion(), reveal }, me) })
    expect(actor.getSnapshot().hasTag('standings')).toBe(true)
    actor.send({ type: 'server.game', view: playerView({ phase: 'finished' }, me) })
    expect(actor.getSnapshot().hasTag('finished')).toBe(true)
    expect(actor.getSnapshot().context.view?.me?.rank).toBe(1)
  })

  it('forgets the game when kicked, or when it is gone', () => {
    const kicked = start({ stored: kept })
    kicked.actor.send({ type: 'server.game', view: playerView() })
    kicked.actor.send({ type: 'server.kicked' })
    expect(kicked.actor.getSnapshot().hasTag('ended')).toBe(true)
    expect(kicked.actor.getSnapshot().context.endReason).toBe(JOIN_ERRORS.kicked)
    expect(kicked.forgotten).toEqual(['g1'])
    kicked.actor.send({ type: 'game.leave' })
    expect(kicked.actor.getSnapshot().hasTag('form')).toBe(true)
    expect(kicked.actor.getSnapshot().context).toMatchObject({ pin: '', nickname: 'Ana', player: null })

    const gone = start({ stored: kept })
    gone.actor.send({ type: 'server.error', code: 'forbidden', error: 'Forbidden' })
    expect(gone.actor.getSnapshot().context.endReason).toBe(GAME_UNAVAILABLE)
    expect(gone.forgotten).toEqual(['g1'])
  })

  it('leaves a finished game for another', () => {
    const { actor, forgotten } = start({ stored: kept })
    actor.send({ type: 'server.game', view: playerView({ phase: 'finished' }) })
    actor.send({ type: 'game.leave' })
    expect(actor.getSnapshot().hasTag('form')).toBe(true)
    expect(forgotten).toEqual(['g1'])
  })
})

describe('player machine: questions of other types (issue 29)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: SERVER_NOW })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** An ordering open for answers `atMs` after it started. */
  const orderingAt = (atMs: number, me: Parameters<typeof playerView>[1] = {}) =>
    playerView({ phase: 'question', question: makeTypedQuestion(), serverNow: SERVER_NOW + atMs }, me)

  it('sends a response by the positions served, and is locked in on its acknowledgement', async () => {
    const { actor, answers } = start({ stored: kept })
    actor.send({ type: 'server.game', view: orderingAt(5000) })
    expect(actor.getSnapshot().hasTag('answering')).toBe(true)
    actor.send({ type: 'answer.submit', response: { order: [1, 0, 2] } })
    await flush()
    expect(answers).toEqual([{ gameId: 'g1', question: 0, response: { order: [1, 0, 2] } }])
    expect(answers[0]).not.toHaveProperty('choice')
    expect(actor.getSnapshot().hasTag('sending')).toBe(true)
    // A view of the same question while the answer is on its way keeps it.
    actor.send({ type: 'server.game', view: orderingAt(5200) })
    expect(actor.getSnapshot().hasTag('sending')).toBe(true)

    actor.send({ type: 'server.answerAck', question: 0, response: { order: [1, 0, 2] } })
    expect(actor.getSnapshot().hasTag('locked')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ choice: null, response: { order: [1, 0, 2] }, confirmed: true })
  })

  it('lets the player answer again when the server refuses a response of the wrong shape, saying why', async () => {
    const { actor, answers } = start({ stored: kept })
    actor.send({ type: 'server.game', view: orderingAt(5000) })
    actor.send({ type: 'answer.submit', response: { choice: 1 } })
    actor.send({ type: 'server.error', code: 'bad_message', error: 'this question takes an order of the items' })
    expect(actor.getSnapshot().hasTag('answering')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({
      response: null,
      note: answerRefusedText('this question takes an order of the items'),
    })
    expect(actor.getSnapshot().context.note).toBe('Your answer was not accepted (this question takes an order of the items). Please answer again.')

    actor.send({ type: 'answer.submit', response: { order: [0, 1, 2] } })
    await flush()
    expect(answers.map((a) => a.response)).toEqual([{ choice: 1 }, { order: [0, 1, 2] }])
  })

  it('comes back to an answered question locked in with its response, and the next question starts afresh', () => {
    const { actor } = start({ stored: kept })
    actor.send({ type: 'server.game', view: orderingAt(8000, { response: { order: [2, 1, 0] } }) })
    expect(actor.getSnapshot().hasTag('locked')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ choice: null, response: { order: [2, 1, 0] } })

    const next = makeTypedQuestion({ type: 'true_false' }, { index: 1 }, SERVER_NOW + 28_000)
    actor.send({ type: 'server.game', view: playerView({ phase: 'question', question: next, serverNow: SERVER_NOW + 30_000 }) })
    expect(actor.getSnapshot().hasTag('getReady')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ choice: null, response: null, confirmed: false })
  })
})
