/**
 * A player's live game (docs/live-games.md), phone first, fed by the hub.
 *
 *   start ─► entering ⇄ joining ─► connecting ─► playing: lobby | question | reveal | standings | finished
 *     │   (PIN, nickname)  (POST join;      (until the          question: getReady ─► answering ─► sending ─► locked
 *     │                     token kept)      first view)                     paused        closed (time's up)
 *     └─(a kept player, from localStorage)─► connecting        kicked · gone (the game is no longer available)
 *
 * Every `server.game` carries the whole view and routes to its phase (a new question starts
 * from its get-ready), so a reload, or a lost connection, lands where the game is. An answer —
 * a letter (`answer.select`) for four options A–D, a response of the play API's shapes by the
 * positions served (`answer.submit`) for any other type (issue 29) — is sent on the hub
 * (`sendAnswer`) and is "locked in" only on the server's `answerAck`, which comes once it is
 * durable; an answer the server refuses (a response of the wrong shape says why), or that gets
 * no acknowledgement, lets the player answer again (the server counts the first one only). The
 * clock is the server's: the view's `serverNow` gives the offset. Effects are named actors and
 * actions, stubbed with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate'
import { ticker } from '@/lib/ticker'
import type { Letter, Response } from '@/types/api'
import type { GameView } from '@/types/live-game'
import type { JoinResponse } from '../api/live-api'
import { clockOffset, getReadyMs, remainingMs, serverTime } from '../utils/game-clock'
import type { StoredPlayer } from '../utils/live-storage'
import {
  ANSWER_ERRORS,
  answerRefusedText,
  ANSWER_UNCONFIRMED,
  ANSWER_UNSENT,
  GAME_UNAVAILABLE,
  JOIN_ERRORS,
  joinErrorField,
  joinErrorText,
  NICKNAME_MAX_LENGTH,
  PIN_LENGTH,
} from '../utils/live-texts'

export const CLOCK_TICK_MS = 250
/** An answer not acknowledged by then may be chosen again (acknowledgements take ~100 ms). */
export const ACK_TIMEOUT_MS = 8000
/** After this long without a view, the player is offered to leave. */
export const SLOW_CONNECT_MS = 10_000

export type PlayerInput = {
  /** The player kept from an earlier visit (localStorage), if any. */
  stored: StoredPlayer | null
  /** From `?pin=`: a different PIN than the kept game's means joining another game. */
  pin: string
}

export type PlayerContext = {
  pin: string
  nickname: string
  player: StoredPlayer | null
  view: GameView | null
  offsetMs: number
  now: number
  /** The answer chosen for the current question (sent, or acknowledged when `confirmed`). */
  choice: Letter | null
  /** The same for a question of another type (issue 29): the response sent, by the positions served. */
  response: Response | null
  confirmed: boolean
  /** A note about the answer (refused, not sent, not confirmed). */
  note: string | null
  /** The join form's error, and the field it is about. */
  error: string | null
  errorField: 'pin' | 'nickname' | null
  /** Why the game ended for this player (kicked, or no longer available). */
  endReason: string | null
}

export type PlayerEvent =
  | { type: 'join.submit'; pin: string; nickname: string }
  | { type: 'server.game'; view: GameView }
  | { type: 'server.answerAck'; question: number; choice: Letter }
  | { type: 'server.answerAck'; question: number; response: Response }
  | { type: 'server.error'; code: string; error: string }
  | { type: 'server.kicked' }
  | { type: 'answer.select'; choice: Letter }
  | { type: 'answer.submit'; response: Response }
  | { type: 'game.leave' }
  | { type: 'timer.tick' }

/** A letter for four options A–D, a response for any other type (never both). */
export type SendAnswerInput = { gameId: string; question: number } & (
  | { choice: Letter; response?: undefined }
  | { response: Response; choice?: undefined }
)

/** The join form's own checks, before asking the server; null when it may be sent. */
export function validateJoin(pin: string, nickname: string): { error: string; field: 'pin' | 'nickname' } | null {
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin.trim())) return { error: JOIN_ERRORS.pinRequired, field: 'pin' }
  const name = nickname.trim()
  if (name === '') return { error: JOIN_ERRORS.nicknameRequired, field: 'nickname' }
  if ([...name].length > NICKNAME_MAX_LENGTH) return { error: JOIN_ERRORS.nicknameTooLong, field: 'nickname' }
  return null
}

/** The context after a view arrived; a new question forgets the last one's answer. */
export function withView(context: PlayerContext, view: GameView, now: number): Partial<PlayerContext> {
  const old = context.view
  const sameQuestion =
    old !== null && old.phase === 'question' && view.phase === 'question' && old.question?.index === view.question?.index
  const given = view.me?.answer ?? null
  const response = view.me?.response ?? null
  return {
    view,
    offsetMs: clockOffset(view.serverNow, now),
    now,
    choice: given ?? (sameQuestion ? context.choice : null),
    response: response ?? (sameQuestion ? context.response : null),
    confirmed: given !== null || response !== null || (sameQuestion && context.confirmed),
    note: sameQuestion ? context.note : null,
  }
}

const serverNowOf = (context: PlayerContext) => serverTime(context.now, context.offsetMs)
const questionOf = (context: PlayerContext) => (context.view?.phase === 'question' ? context.view.question : null)
const inFlight = (context: PlayerContext) => (context.choice !== null || context.response !== null) && !context.confirmed
const isPhase = (phase: GameView['phase']) => ({ context }: { context: PlayerContext }) => context.view?.phase === phase

/** Leaving a game for another: forget it, then show the form. */
const leaveActions = [
  { type: 'forgetPlayer', params: ({ context }: { context: PlayerContext }) => ({ gameId: context.player?.gameId ?? '' }) },
  'reset',
] as const

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
  },
  actors: {
    joinGame: fromPromise<JoinResponse, { pin: string; nickname: string }>(async () => {
      throw { error: 'joinGame is not provided' }
    }),
    sendAnswer: fromPromise<void, SendAnswerInput>(async () => {
      throw { error: 'sendAnswer is not provided' }
    }),
    clock: ticker(CLOCK_TICK_MS),
  },
  actions: {
    /** Keeps the player (localStorage) so a reload comes back; provided by the screen. */
    storePlayer: (_, _params: { player: StoredPlayer }) => undefined,
    /** Forgets the kept player; provided by the screen. */
    forgetPlayer: (_, _params: { gameId: string }) => undefined,
    setForm: assign({
      pin: ({ event }) => (event.type === 'join.submit' ? event.pin.trim() : ''),
      nickname: ({ event }) => (event.type === 'join.submit' ? event.nickname.trim() : ''),
    }),
    setFormError: assign(({ event }) => {
      const problem = event.type === 'join.submit' ? validateJoin(event.pin, event.nickname) : null
      return { error: problem?.error ?? null, errorField: problem?.field ?? null }
    }),
    setJoinError: assign({
      error: (_, params: { error: unknown }) => joinErrorText(params.error),
      errorField: (_, params: { error: unknown }) => joinErrorField(params.error),
    }),
    clearJoinError: assign({ error: null, errorField: null }),
    setPlayer: assign({
      player: ({ context }, params: { joined: JoinResponse }): StoredPlayer => ({ ...params.joined, pin: context.pin }),
      nickname: (_, params: { joined: JoinResponse }) => params.joined.nickname,
    }),
    setView: assign(({ context }, params: { view: GameView }) => withView(context, params.view, Date.now())),
    tick: assign({ now: () => Date.now() }),
    /** A letter (`answer.select`) or a response (`answer.submit`) on its way. */
    choose: assign({
      choice: ({ event }) => (event.type === 'answer.select' ? event.choice : null),
      response: ({ event }) => (event.type === 'answer.submit' ? event.response : null),
      confirmed: false,
      note: null,
    }),
    confirm: assign({
      choice: ({ event, context }) => (event.type === 'server.answerAck' && 'choice' in event ? event.choice : context.choice),
      response: ({ event, context }) => (event.type === 'server.answerAck' && 'response' in event ? event.response : context.response),
      confirmed: true,
      note: null,
    }),
    confirmAnswered: assign({ confirmed: true, note: null }),
    refuseAnswer: assign({
      choice: null,
      response: null,
      confirmed: false,
      note: (_, params: { note: string }) => params.note,
    }),
    endGame: assign({ endReason: (_, params: { reason: string }) => params.reason }),
    /** Back to the join form for another game (the nickname stays). */
    reset: assign({
      pin: '',
      player: null,
      view: null,
      choice: null,
      response: null,
      confirmed: false,
      note: null,
      endReason: null,
      error: null,
      errorField: null,
    }),
  },
  guards: {
    hasStored: ({ context }) => context.player !== null,
    formInvalid: ({ event }) => event.type === 'join.submit' && validateJoin(event.pin, event.nickname) !== null,
    gameGone: ({ event }) => event.type === 'server.error' && (event.code === 'not_found' || event.code === 'forbidden'),
    inLobby: isPhase('lobby'),
    inQuestion: isPhase('question'),
    inReveal: isPhase('reveal'),
    inStandings: isPhase('standings'),
    answered: ({ context }) => context.confirmed,
    paused: ({ context }) => questionOf(context)?.paused === true,
    beforeOpen: ({ context }) => {
      const question = questionOf(context)
      return question !== null && getReadyMs(question, serverNowOf(context)) > 0
    },
    timeUp: ({ context }) => {
      const question = questionOf(context)
      return question !== null && remainingMs(question, serverNowOf(context)) <= 0
    },
    /** The same question again while an answer is on its way (a pause, a lobby change): stay. */
    sameQuestionInFlight: ({ context, event }, params: { sending: boolean }) =>
      params.sending &&
      event.type === 'server.game' &&
      event.view.phase === 'question' &&
      event.view.me?.answer == null &&
      event.view.me?.response == null &&
      event.view.question?.index === context.view?.question?.index,
    ackForThisQuestion: ({ context, event }) =>
      event.type === 'server.answerAck' && event.question === questionOf(context)?.index,
    alreadyAnswered: ({ event }) => event.type === 'server.error' && event.code === 'already_answered',
    tooLate: ({ event }) => event.type === 'server.error' && event.code === 'too_late',
    notOpen: ({ event }) => event.type === 'server.error' && event.code === 'not_open',
    /** A response of the wrong shape for its question, refused with the reason. */
    badAnswer: ({ event }) => event.type === 'server.error' && event.code === 'bad_message',
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => {
    const resume = input.stored && (input.pin === '' || input.pin === input.stored.pin) ? input.stored : null
    return {
      pin: input.pin || resume?.pin || '',
      nickname: resume?.nickname ?? '',
      player: resume,
      view: null,
      offsetMs: 0,
      now: Date.now(),
      choice: null,
      response: null,
      confirmed: false,
      note: null,
      error: null,
      errorField: null,
      endReason: null,
    }
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasStored', target: 'connecting' }, { target: 'entering' }],
    },
    entering: {
      tags: ['form'],
      on: {
        'join.submit': [
          { guard: 'formInvalid', actions: ['setForm', 'setFormError'] },
          { target: 'joining', actions: ['setForm', 'clearJoinError'] },
        ],
      },
    },
    joining: {
      tags: ['form', 'busy'],
      invoke: {
        src: 'joinGame',
        input: ({ context }) => ({ pin: context.pin, nickname: context.nickname }),
        onDone: {
          target: 'connecting',
          actions: [
            { type: 'setPlayer', params: ({ event }) => ({ joined: event.output }) },
            { type: 'storePlayer', params: ({ context }) => ({ player: context.player as StoredPlayer }) },
          ],
        },
        onError: { target: 'entering', actions: { type: 'setJoinError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    connecting: {
      tags: ['connecting'],
      initial: 'waiting',
      states: {
        waiting: { after: { [SLOW_CONNECT_MS]: 'slow' } },
        slow: { tags: ['slow'] },
      },
      on: {
        'server.game': { target: 'playing', actions: { type: 'setView', params: ({ event }) => ({ view: event.view }) } },
        'server.kicked': { target: 'ended', actions: { type: 'endGame', params: { reason: JOIN_ERRORS.kicked } } },
        'server.error': { guard: 'gameGone', target: 'ended', actions: { type: 'endGame', params: { reason: GAME_UNAVAILABLE } } },
        'game.leave': { target: 'entering', actions: leaveActions },
      },
    },
    playing: {
      tags: ['running'],
      initial: 'route',
      on: {
        'server.game': [
          {
            guard: { type: 'sameQuestionInFlight', params: ({ context }) => ({ sending: inFlight(context) }) },
            actions: { type: 'setView', params: ({ event }) => ({ view: event.view }) },
          },
          { target: '.route', actions: { type: 'setView', params: ({ event }) => ({ view: event.view }) } },
        ],
        'server.kicked': { target: 'ended', actions: { type: 'endGame', params: { reason: JOIN_ERRORS.kicked } } },
        'server.error': { guard: 'gameGone', target: 'ended', actions: { type: 'endGame', params: { reason: GAME_UNAVAILABLE } } },
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
          initial: 'route',
          on: { 'timer.tick': { actions: 'tick' } },
          states: {
            route: {
              always: [
                { guard: 'answered', target: 'locked' },
                { guard: 'paused', target: 'paused' },
                { guard: 'beforeOpen', target: 'getReady' },
                { guard: 'timeUp', target: 'closed' },
                { target: 'answering' },
              ],
            },
            getReady: {
              tags: ['getReady'],
              on: { 'timer.tick': { target: 'route', actions: 'tick' } },
            },
            answering: {
              tags: ['answering'],
              on: {
                'answer.select': { target: 'sending', actions: 'choose' },
                'answer.submit': { target: 'sending', actions: 'choose' },
                'timer.tick': { target: 'route', actions: 'tick' },
              },
            },
            sending: {
              tags: ['answering', 'sending'],
              invoke: {
                src: 'sendAnswer',
                input: ({ context }): SendAnswerInput => {
                  const to = { gameId: context.view?.gameId ?? '', question: questionOf(context)?.index ?? 0 }
                  return context.response !== null ? { ...to, response: context.response } : { ...to, choice: context.choice as Letter }
                },
                onError: { target: 'route', actions: { type: 'refuseAnswer', params: { note: ANSWER_UNSENT } } },
              },
              after: {
                [ACK_TIMEOUT_MS]: { target: 'route', actions: { type: 'refuseAnswer', params: { note: ANSWER_UNCONFIRMED } } },
              },
              on: {
                'server.answerAck': { guard: 'ackForThisQuestion', target: 'locked', actions: 'confirm' },
                'server.error': [
                  { guard: 'gameGone', target: '#player.ended', actions: { type: 'endGame', params: { reason: GAME_UNAVAILABLE } } },
                  { guard: 'alreadyAnswered', target: 'locked', actions: 'confirmAnswered' },
                  { guard: 'tooLate', target: 'closed', actions: { type: 'refuseAnswer', params: { note: ANSWER_ERRORS.too_late as string } } },
                  { guard: 'notOpen', target: 'route', actions: { type: 'refuseAnswer', params: { note: ANSWER_ERRORS.not_open as string } } },
                  {
                    guard: 'badAnswer',
                    target: 'route',
                    actions: {
                      type: 'refuseAnswer',
                      params: ({ event }) => ({ note: answerRefusedText(event.type === 'server.error' ? event.error : '') }),
                    },
                  },
                ],
              },
            },
            locked: { tags: ['locked'] },
            paused: { tags: ['paused'] },
            closed: { tags: ['closed'] },
          },
        },
        reveal: { tags: ['reveal'] },
        standings: { tags: ['standings'] },
        finished: {
          tags: ['finished'],
          on: { 'game.leave': { target: '#player.entering', actions: leaveActions } },
        },
      },
    },
    ended: {
      tags: ['ended'],
      entry: { type: 'forgetPlayer', params: ({ context }) => ({ gameId: context.player?.gameId ?? '' }) },
      on: { 'game.leave': { target: 'entering', actions: 'reset' } },
    },
  },
})
