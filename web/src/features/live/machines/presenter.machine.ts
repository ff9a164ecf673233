/**
 * The host's presenter view of one live game (docs/live-games.md), fed by the hub.
 *
 *   loading ──(GET view | server.game)──► live ─── phase: lobby | question | reveal | standings | finished
 *      │                                    │      (each `server.game` routes to its view's phase)
 *      ▼                                    └──── control: idle ⇄ sending (POST control / kick)
 *    failed  (no such game, or not yours)
 *
 * The view is the server's, whole (`server.game`, or the answer of a control call): the machine
 * keeps the newest one (by `serverNow`) and the offset of the server's clock to this one, so the
 * countdown reads the server's deadline. While a question is open a `clock` child ticks every
 * 250 ms, and `server.answers` updates the answer count and whether the server is still counting
 * the answers received in time after the time is up (`counting`, also in the host's view, so a
 * host who reconnects sees it). Controls that do not fit the phase
 * are refused here (`allowedActions`); a refusal by the server shows its text.
 * Effects are named actors, stubbed with `.provide()` in tests.
 */
import { assign, fromPromise, raise, setup } from 'xstate'
import { errorMessage, isApiError } from '@/lib/api-client'
import { ticker } from '@/lib/ticker'
import type { ControlAction, GameView } from '@/types/live-game'
import { clockOffset } from '../utils/game-clock'
import { canControl } from '../utils/host-actions'
import { GAME_NOT_FOUND } from '../utils/live-texts'

export const CLOCK_TICK_MS = 250

export type PresenterInput = { gameId: string }

/** What the host asked the server to do. */
export type HostCommand = { kind: 'control'; action: ControlAction } | { kind: 'kick'; playerId: string }

export type PresenterContext = {
  gameId: string
  view: GameView | null
  /** The server's clock minus this device's. */
  offsetMs: number
  /** This device's time at the last tick (the countdown is computed from it). */
  now: number
  /** Answers to the current question, from the view and then the `answers` messages. */
  answered: number
  /**
   * The question's time is up and the server is still writing answers received in time (the
   * reveal follows once they are counted); from the view and the `answers` messages, and false
   * outside the question phase.
   */
  counting: boolean
  pending: HostCommand | null
  /** A control the server refused, or a load that failed. */
  error: string | null
}

export type PresenterEvent =
  | { type: 'server.game'; view: GameView }
  | { type: 'server.answers'; question: number; answered: number; players: number; counting: boolean; pollCounts?: number[] }
  | { type: 'server.error'; code: string; error: string }
  | { type: 'control.send'; action: ControlAction }
  | { type: 'player.kick'; playerId: string }
  | { type: 'error.dismiss' }
  | { type: 'timer.tick' }

/** The context after a view arrived: an older one (by the server's clock) is ignored. */
export function withView(context: PresenterContext, view: GameView, now: number): Partial<PresenterContext> {
  if (context.view && view.gameId === context.view.gameId && view.serverNow < context.view.serverNow) return {}
  const sameQuestion = context.view?.question?.index === view.question?.index && context.view?.phase === view.phase
  const counting = view.host?.counting === true
  return {
    view,
    offsetMs: clockOffset(view.serverNow, now),
    now,
    // A throttled `answers` count may be newer than the view's for the same question.
    answered: sameQuestion ? Math.max(context.answered, view.host?.answered ?? 0) : (view.host?.answered ?? 0),
    // Likewise its `counting`: within one open question it only turns on (the reveal ends it), so
    // a view that does not have it yet (say a control's answer) does not turn it off.
    counting: view.phase === 'question' && (counting || (sameQuestion && context.counting)),
  }
}

const isPhase = (phase: GameView['phase']) => ({ context }: { context: PresenterContext }) => context.view?.phase === phase

export const presenterMachine = setup({
  types: {
    context: {} as PresenterContext,
    events: {} as PresenterEvent,
    input: {} as PresenterInput,
  },
  actors: {
    loadGame: fromPromise<GameView, { gameId: string }>(async () => {
      throw { error: 'loadGame is not provided' }
    }),
    runCommand: fromPromise<GameView, { gameId: string; command: HostCommand }>(async () => {
      throw { error: 'runCommand is not provided' }
    }),
    clock: ticker(CLOCK_TICK_MS),
  },
  actions: {
    setView: assign(({ context }, params: { view: GameView }) => withView(context, params.view, Date.now())),
    tick: assign({ now: () => Date.now() }),
    /**
     * The throttled count of the open question (and the players it counts against, late joiners
     * included), and whether the server is still counting; a message that arrives after the
     * question closed (behind a control's answer) does not bring `counting` back.
     */
    countAnswers: assign(({ context, event }) => {
      if (event.type !== 'server.answers' || !context.view || context.view.question?.index !== event.question) return {}
      return {
        answered: event.answered,
        counting: context.view.phase === 'question' && event.counting,
        // A poll's live bars follow its counts (the host's part of the view holds them).
        view: {
          ...context.view,
          players: event.players,
          ...(event.pollCounts && context.view.host ? { host: { ...context.view.host, pollCounts: event.pollCounts } } : {}),
        },
      }
    }),
    setPending: assign({
      pending: ({ event }): HostCommand | null => {
        if (event.type === 'control.send') return { kind: 'control', action: event.action }
        if (event.type === 'player.kick') return { kind: 'kick', playerId: event.playerId }
        return null
      },
      error: null,
    }),
    clearPending: assign({ pending: null }),
    setError: assign({ error: (_, params: { error: string }) => params.error }),
    clearError: assign({ error: null }),
  },
  guards: {
    actionFits: ({ context, event }) => event.type === 'control.send' && canControl(context.view, event.action),
    canKick: ({ context }) => context.view !== null && context.view.phase !== 'finished',
    gameGone: ({ event }) => event.type === 'server.error' && (event.code === 'not_found' || event.code === 'forbidden'),
    inLobby: isPhase('lobby'),
    inQuestion: isPhase('question'),
    inReveal: isPhase('reveal'),
    inStandings: isPhase('standings'),
  },
}).createMachine({
  id: 'presenter',
  context: ({ input }) => ({
    gameId: input.gameId,
    view: null,
    offsetMs: 0,
    now: Date.now(),
    answered: 0,
    counting: false,
    pending: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadGame',
        input: ({ context }) => ({ gameId: context.gameId }),
        onDone: { target: 'live', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({
              error:
                isApiError(event.error) && event.error.status === 404
                  ? GAME_NOT_FOUND
                  : errorMessage(event.error, 'Failed to load the game'),
            }),
          },
        },
      },
      on: {
        'server.game': { target: 'live', actions: { type: 'setView', params: ({ event }) => ({ view: event.view }) } },
        'server.error': { guard: 'gameGone', target: 'failed', actions: { type: 'setError', params: { error: GAME_NOT_FOUND } } },
      },
    },
    live: {
      type: 'parallel',
      on: {
        'server.answers': { actions: 'countAnswers' },
        'server.error': [
          { guard: 'gameGone', target: 'failed', actions: { type: 'setError', params: { error: GAME_NOT_FOUND } } },
          { actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
        'error.dismiss': { actions: 'clearError' },
      },
      states: {
        phase: {
          initial: 'route',
          on: {
            'server.game': { target: '.route', actions: { type: 'setView', params: ({ event }) => ({ view: event.view }) } },
          },
          states: {
            route: {
              always: [
                { guard: 'inLobby', target: 'lobby' },
                { guard: 'inQuestion', target: 'question' },
                { guard: 'inReveal', target: 'reveal' },
                { guard: 'inStandings', target: 'standings' },
                { target: 'finished' },
              ],
            },
            lobby: { tags: ['lobby'] },
            question: {
              tags: ['question'],
              invoke: { id: 'clock', src: 'clock' },
              on: { 'timer.tick': { actions: 'tick' } },
            },
            reveal: { tags: ['reveal'] },
            standings: { tags: ['standings'] },
            finished: { tags: ['finished'] },
          },
        },
        control: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'control.send': { guard: 'actionFits', target: 'sending', actions: 'setPending' },
                'player.kick': { guard: 'canKick', target: 'sending', actions: 'setPending' },
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                src: 'runCommand',
                input: ({ context }) => ({ gameId: context.gameId, command: context.pending as HostCommand }),
                onDone: {
                  target: 'idle',
                  // As if the hub had sent it: the phase region follows the new view.
                  actions: ['clearPending', raise(({ event }) => ({ type: 'server.game' as const, view: event.output }))],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    'clearPending',
                    {
                      type: 'setError',
                      params: ({ event }) => ({ error: errorMessage(event.error, 'That did not work. Please try again.') }),
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
    failed: { tags: ['failed'] },
  },
})
