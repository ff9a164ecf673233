import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ControlAction, GameView } from '@/types/live-game'
import { CLOUD_WORDS, hostView, makeQuestion, SERVER_NOW, wordCloudView } from '../testing/fixtures'
import { questionClock } from '../utils/game-clock'
import { GAME_NOT_FOUND } from '../utils/live-texts'
import { CLOCK_TICK_MS, presenterMachine, type HostCommand } from './presenter.machine'

type Stubs = {
  load?: () => Promise<GameView>
  run?: (command: HostCommand) => Promise<GameView>
}

function start({ load = () => new Promise<GameView>(() => undefined), run }: Stubs = {}) {
  const commands: HostCommand[] = []
  const machine = presenterMachine.provide({
    actors: {
      loadGame: fromPromise<GameView, { gameId: string }>(() => load()),
      runCommand: fromPromise<GameView, { gameId: string; command: HostCommand }>(({ input }) => {
        commands.push(input.command)
        return run ? run(input.command) : new Promise<GameView>(() => undefined)
      }),
    },
  })
  const actor = createActor(machine, { input: { gameId: 'g1' } })
  actor.start()
  return { actor, commands }
}

const flush = () => vi.advanceTimersByTimeAsync(0)
const lobby = (names: string[] = ['Ana', 'Bo']) => hostView({}, names)
const question = (overrides: Partial<GameView> = {}) =>
  hostView({ phase: 'question', question: makeQuestion(), players: 2, ...overrides }, ['Ana', 'Bo'])

describe('presenter machine', () => {
  beforeEach(() => {
    // This device's clock is 5 s behind the server's.
    vi.useFakeTimers({ now: SERVER_NOW - 5000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("loads the host's view and shows its phase", async () => {
    const { actor } = start({ load: async () => lobby() })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await flush()
    expect(actor.getSnapshot().hasTag('lobby')).toBe(true)
    expect(actor.getSnapshot().context.view?.host?.names.map((n) => n.nickname)).toEqual(['Ana', 'Bo'])
  })

  it('takes the view from the hub when it comes first', () => {
    const { actor } = start()
    actor.send({ type: 'server.game', view: lobby() })
    expect(actor.getSnapshot().hasTag('lobby')).toBe(true)
  })

  it('says when the game is not there or not yours', async () => {
    const { actor } = start({ load: () => Promise.reject({ error: 'Not found', status: 404 }) })
    await flush()
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe(GAME_NOT_FOUND)

    const other = start()
    other.actor.send({ type: 'server.game', view: lobby() })
    other.actor.send({ type: 'server.error', code: 'not_found', error: 'No such game' })
    expect(other.actor.getSnapshot().matches('failed')).toBe(true)
  })

  it('follows the phases of the views it is sent', () => {
    const { actor } = start()
    actor.send({ type: 'server.game', view: lobby() })
    actor.send({ type: 'server.game', view: question({ serverNow: SERVER_NOW + 1 }) })
    expect(actor.getSnapshot().hasTag('question')).toBe(true)
    const reveal = { answer: 'A' as const, explanation: null, counts: { A: 1, B: 1, C: 0, D: 0 } }
    actor.send({ type: 'server.game', view: question({ phase: 'reveal', reveal, serverNow: SERVER_NOW + 2 }) })
    expect(actor.getSnapshot().hasTag('reveal')).toBe(true)
    actor.send({ type: 'server.game', view: question({ phase: 'standings', reveal, serverNow: SERVER_NOW + 3 }) })
    expect(actor.getSnapshot().hasTag('standings')).toBe(true)
    actor.send({ type: 'server.game', view: hostView({ phase: 'finished', serverNow: SERVER_NOW + 4 }) })
    expect(actor.getSnapshot().hasTag('finished')).toBe(true)
  })

  it('keeps the newest view when an older one arrives late', () => {
    const { actor } = start()
    actor.send({ type: 'server.game', view: question({ serverNow: SERVER_NOW + 10 }) })
    actor.send({ type: 'server.game', view: lobby() })
    expect(actor.getSnapshot().hasTag('question')).toBe(true)
  })

  it("counts down on the server's clock, not this device's", async () => {
    const { actor } = start()
    actor.send({ type: 'server.game', view: question() })
    const clock = () => {
      const { context } = actor.getSnapshot()
      return questionClock(context.view?.question ?? null, context.now, context.offsetMs)
    }
    expect(clock()).toEqual({ getReadyMs: 3000, remainingMs: 23_000 })
    await vi.advanceTimersByTimeAsync(4 * CLOCK_TICK_MS * 4)
    expect(clock()).toEqual({ getReadyMs: 0, remainingMs: 19_000 })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(clock().remainingMs).toBe(0)
  })

  it('freezes the countdown while paused', async () => {
    const { actor } = start()
    actor.send({
      type: 'server.game',
      view: question({ question: makeQuestion({ paused: true, deadline: null, remainingMs: 12_000 }) }),
    })
    await vi.advanceTimersByTimeAsync(5000)
    const { context } = actor.getSnapshot()
    expect(questionClock(context.view?.question ?? null, context.now, context.offsetMs)).toEqual({ getReadyMs: 0, remainingMs: 12_000 })
  })

  it('counts the answers of the current question only', () => {
    const { actor } = start()
    actor.send({ type: 'server.game', view: question() })
    actor.send({ type: 'server.answers', question: 0, answered: 1, players: 3, counting: false })
    expect(actor.getSnapshot().context.answered).toBe(1)
    expect(actor.getSnapshot().context.view?.players).toBe(3)
    // A poll's counts ride along and feed the live bars.
    actor.send({ type: 'server.answers', question: 0, answered: 1, players: 3, counting: false, pollCounts: [0, 1] })
    expect(actor.getSnapshot().context.view?.host?.pollCounts).toEqual([0, 1])
    actor.send({ type: 'server.answers', question: 4, answered: 9, players: 2, counting: true })
    expect(actor.getSnapshot().context.answered).toBe(1)
    // The next question starts from its own count.
    actor.send({ type: 'server.game', view: question({ question: makeQuestion({ index: 1 }), serverNow: SERVER_NOW + 1 }) })
    expect(actor.getSnapshot().context.answered).toBe(0)
    expect(actor.getSnapshot().context.counting).toBe(false)
  })

  it('says the answers are being counted after the time is up, until the question changes or closes', () => {
    const { actor } = start()
    const counting = () => actor.getSnapshot().context.counting
    actor.send({ type: 'server.game', view: question() })
    expect(counting()).toBe(false)
    actor.send({ type: 'server.answers', question: 0, answered: 2, players: 2, counting: true })
    expect(counting()).toBe(true)
    // A view of the same question that does not have it yet (a control's answer) keeps it.
    actor.send({ type: 'server.game', view: question({ serverNow: SERVER_NOW + 1 }) })
    expect(counting()).toBe(true)
    // The reveal ends it, and an `answers` message behind it does not bring it back.
    const reveal = { answer: 'A' as const, explanation: null, counts: { A: 1, B: 1, C: 0, D: 0 } }
    actor.send({ type: 'server.game', view: question({ phase: 'reveal', reveal, serverNow: SERVER_NOW + 2 }) })
    expect(counting()).toBe(false)
    actor.send({ type: 'server.answers', question: 0, answered: 2, players: 2, counting: true })
    expect(counting()).toBe(false)
  })

  it("takes the counting from the host's view (a host who reconnects), for its question only", () => {
    const { actor } = start()
    const counting = () => actor.getSnapshot().context.counting
    const host = (overrides: Partial<NonNullable<GameView['host']>>) => ({ ...(question().host as NonNullable<GameView['host']>), ...overrides })
    actor.send({ type: 'server.game', view: question({ host: host({ answered: 2, counting: true }) }) })
    expect(counting()).toBe(true)
    // The next question starts without it.
    actor.send({ type: 'server.game', view: question({ question: makeQuestion({ index: 1 }), serverNow: SERVER_NOW + 1 }) })
    expect(counting()).toBe(false)
    // A view outside the question phase never counts.
    actor.send({ type: 'server.game', view: question({ phase: 'standings', host: host({ counting: true }), serverNow: SERVER_NOW + 2 }) })
    expect(counting()).toBe(false)
  })

  it('sends only the controls that fit the phase, and follows the view the server answers', async () => {
    const { actor, commands } = start({
      run: async (command) =>
        command.kind === 'control' && command.action === 'start' ? question({ serverNow: SERVER_NOW + 1 }) : lobby(),
    })
    actor.send({ type: 'server.game', view: hostView() })
    // Nobody joined: start is not offered; next never fits the lobby.
    actor.send({ type: 'control.send', action: 'start' })
    actor.send({ type: 'control.send', action: 'next' })
    expect(commands).toEqual([])

    actor.send({ type: 'server.game', view: lobby() })
    actor.send({ type: 'control.send', action: 'start' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    // One at a time.
    actor.send({ type: 'control.send', action: 'lock' })
    await flush()
    expect(commands).toEqual([{ kind: 'control', action: 'start' }])
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
    expect(actor.getSnapshot().hasTag('question')).toBe(true)

    const keys: ControlAction[] = ['pause', 'skip', 'lock', 'end']
    for (const action of keys) expect(actor.getSnapshot().can({ type: 'control.send', action })).toBe(true)
    expect(actor.getSnapshot().can({ type: 'control.send', action: 'next' })).toBe(false)
  })

  it("shows a word cloud's answers to the room only while they wait for the host", async () => {
    const { actor, commands } = start({ run: async () => wordCloudView(null, { serverNow: SERVER_NOW + 1 }) })
    actor.send({ type: 'server.game', view: wordCloudView(CLOUD_WORDS) })
    actor.send({ type: 'control.send', action: 'showAnswers' })
    await flush()
    expect(commands).toEqual([{ kind: 'control', action: 'showAnswers' }])
    expect(actor.getSnapshot().hasTag('reveal')).toBe(true)
    expect(actor.getSnapshot().context.view?.reveal).toMatchObject({ given: CLOUD_WORDS })
    // Shown: nothing waits any more, so the machine does not ask again.
    actor.send({ type: 'control.send', action: 'showAnswers' })
    await flush()
    expect(commands).toHaveLength(1)
  })

  it("shows the server's refusal and lets the host try again", async () => {
    const { actor } = start({ run: () => Promise.reject({ error: 'No one has joined yet', code: 'wrong_phase', status: 409 }) })
    actor.send({ type: 'server.game', view: lobby() })
    actor.send({ type: 'control.send', action: 'start' })
    await flush()
    expect(actor.getSnapshot().context.error).toBe('No one has joined yet')
    actor.send({ type: 'error.dismiss' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().can({ type: 'control.send', action: 'start' })).toBe(true)
  })

  it('kicks a player', async () => {
    const { actor, commands } = start({ run: async () => lobby(['Ana']) })
    actor.send({ type: 'server.game', view: lobby() })
    actor.send({ type: 'player.kick', playerId: 'p-Bo' })
    await flush()
    expect(commands).toEqual([{ kind: 'kick', playerId: 'p-Bo' }])
    expect(actor.getSnapshot().context.view?.players).toBe(1)
  })
})
