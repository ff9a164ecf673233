/**
 * The messages of the WebSocket hub (docs/websocket.md), as TypeScript types: what the client
 * sends, what the server sends, and the channels. `parseServerMessage` turns one frame into a
 * typed message, or null when it is not one the client can use.
 *
 * The parser checks what the screens rely on (the type, the channel a message belongs to, the
 * clock of a tick, the rows of a leaderboard, a live game's view and question numbers) and takes
 * the other fields as the server sent them, as the screens did before there was one shared
 * connection.
 */
import { isResponse } from '@/lib/served-question'
import type { Letter, Response } from '@/types/api'
import type { GameView } from '@/types/live-game'
import { readGameView } from './game-view'


/** The clock and submission of one of the player's attempts. */
export type AttemptChannel = `attempt:${string}`
/** The live leaderboard of one quiz (category). */
export type QuizChannel = `quiz:${number}`
/** One live game (docs/live-games.md): the host's presenter view, or a player's own view. */
export type GameChannel = `game:${string}`
export type HubChannel = AttemptChannel | QuizChannel | GameChannel

export const attemptChannel = (attemptId: string): AttemptChannel => `attempt:${attemptId}`
export const quizChannel = (categoryId: number): QuizChannel => `quiz:${categoryId}`
export const gameChannel = (gameId: string): GameChannel => `game:${gameId}`

// ---------------------------------------------------------------------------------------------
// Client to server

export type SubscribeMessage = { type: 'subscribe'; channel: HubChannel }
export type UnsubscribeMessage = { type: 'unsubscribe'; channel: HubChannel }
export type PingMessage = { type: 'ping' }
/**
 * A player's answer to the open question (by its index); the first one counts. Four options A–D
 * are answered by a letter (`choice`); any other type (issue 29) by a `response` of the play
 * API's shapes, by the positions served.
 */
export type AnswerMessage = { type: 'answer'; channel: GameChannel; question: number } & ({ choice: Letter } | { response: Response })

/**
 * A player's device has the pictures of the question (by its index): its picture and its
 * options' or items' (issue 30). Once every player's has, the answers open early; nothing is
 * answered (anyone but the game's players gets `forbidden`).
 */
export type LoadedMessage = { type: 'loaded'; channel: GameChannel; question: number }

export type ClientMessage = SubscribeMessage | UnsubscribeMessage | PingMessage | AnswerMessage | LoadedMessage

// ---------------------------------------------------------------------------------------------
// Server to client

/** A subscription took effect; the channel's current state follows at once. */
export type SubscribedMessage = { type: 'subscribed'; channel: HubChannel }

/** On subscribing, then every second while the attempt is open. Times are RFC 3339 UTC. */
export type TickMessage = {
  type: 'tick'
  channel: AttemptChannel
  remainingMs: number
  deadline: string
  serverTime: string
}

export type SubmitReason = 'player' | 'timeout'

/** The attempt was submitted (by the player, or by the server when its time was up). */
export type SubmittedMessage = {
  type: 'submitted'
  channel: AttemptChannel
  reason: SubmitReason
  score: number
  points: number
  total: number
}

export type LeaderboardRow = {
  rank: number
  userId: string
  firstName: string
  lastName: string
  points: number
}

/** On subscribing, then after changes (at most twice a second): the top 10 and your own rank. */
export type LeaderboardMessage = {
  type: 'leaderboard'
  channel: QuizChannel
  top: LeaderboardRow[]
  /** Null until you have a score. */
  me: { rank: number; points: number } | null
  participants: number
}

/** On subscribing, then at every change of the game's phase (and, for the host, of the lobby). */
export type GameMessage = { type: 'game'; channel: GameChannel; view: GameView }

/**
 * To the host while a question is open (at most 4 times a second): how many have answered, and
 * whether the time is up (or everyone answered) while answers received in time are still being
 * written (`counting`; the reveal comes once they are counted).
 */
export type AnswersMessage = {
  type: 'answers'
  channel: GameChannel
  question: number
  answered: number
  players: number
  counting: boolean
  /** During a poll: the answers so far per option (the presenter's live bars). */
  pollCounts?: number[]
}

/** To the player, once the answer is durable in the log: its letter, or its response as sent. */
export type AnswerAckMessage = { type: 'answerAck'; channel: GameChannel; question: number } & ({ choice: Letter } | { response: Response })

/** The host removed this player; no more messages follow on the channel. */
export type KickedMessage = { type: 'kicked'; channel: GameChannel }

export type HubErrorCode =
  | 'bad_message'
  | 'unknown_channel'
  | 'forbidden'
  | 'not_found'
  | 'too_many_subscriptions'
  | 'unavailable'
  // Refusals of a live game's answer.
  | 'not_open'
  | 'too_late'
  | 'already_answered'

/** A message the server could not act on; the connection stays open. */
export type HubErrorMessage = {
  type: 'error'
  channel?: string
  code: HubErrorCode
  error: string
}

export type PongMessage = { type: 'pong' }

export type ServerMessage =
  | SubscribedMessage
  | TickMessage
  | SubmittedMessage
  | LeaderboardMessage
  | GameMessage
  | AnswersMessage
  | AnswerAckMessage
  | KickedMessage
  | HubErrorMessage
  | PongMessage

/** What a subscriber of a channel can receive. */
export type AttemptChannelMessage = SubscribedMessage | TickMessage | SubmittedMessage | HubErrorMessage
export type QuizChannelMessage = SubscribedMessage | LeaderboardMessage | HubErrorMessage
export type GameChannelMessage =
  | SubscribedMessage
  | GameMessage
  | AnswersMessage
  | AnswerAckMessage
  | KickedMessage
  | HubErrorMessage
export type ChannelMessage<C extends HubChannel> = C extends AttemptChannel
  ? AttemptChannelMessage
  : C extends QuizChannel
    ? QuizChannelMessage
    : GameChannelMessage

// ---------------------------------------------------------------------------------------------
// Parsing

const isAttemptChannel = (value: unknown): value is AttemptChannel =>
  typeof value === 'string' && value.startsWith('attempt:')
const isQuizChannel = (value: unknown): value is QuizChannel => typeof value === 'string' && value.startsWith('quiz:')
const isGameChannel = (value: unknown): value is GameChannel => typeof value === 'string' && value.startsWith('game:')
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0
const isLetter = (value: unknown): value is Letter => value === 'A' || value === 'B' || value === 'C' || value === 'D'

/** One frame of the hub as a typed message, or null (not JSON, no known type, wrong channel). */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null
  let raw: unknown
  try {
    raw = JSON.parse(data)
  } catch {
    return null
  }
  if (!raw || typeof raw !== 'object') return null
  const message = raw as Record<string, unknown>
  const channel = message.channel
  switch (message.type) {
    case 'subscribed':
      return isAttemptChannel(channel) || isQuizChannel(channel) || isGameChannel(channel)
        ? ({ ...message, channel } as SubscribedMessage)
        : null
    case 'tick':
      return isAttemptChannel(channel) && typeof message.remainingMs === 'number' ? (message as TickMessage) : null
    case 'submitted':
      if (!isAttemptChannel(channel)) return null
      // A notice without a known reason counts as the server's own (at the deadline).
      return {
        ...(message as SubmittedMessage),
        reason: message.reason === 'player' ? 'player' : 'timeout',
      }
    case 'leaderboard':
      if (!isQuizChannel(channel) || !Array.isArray(message.top)) return null
      return {
        ...(message as LeaderboardMessage),
        me: (message.me as LeaderboardMessage['me'] | undefined) ?? null,
        participants: typeof message.participants === 'number' ? message.participants : 0,
      }
    case 'game': {
      const view = isGameChannel(channel) ? readGameView(message.view) : null
      return view && isGameChannel(channel) ? { type: 'game', channel, view } : null
    }
    case 'answers':
      if (!isGameChannel(channel) || !isCount(message.question) || !isCount(message.answered)) return null
      return {
        type: 'answers',
        channel,
        question: message.question,
        answered: message.answered,
        players: isCount(message.players) ? message.players : 0,
        // A server from before the flag never counts after the time is up.
        counting: message.counting === true,
        ...(Array.isArray(message.pollCounts) && message.pollCounts.every(isCount) ? { pollCounts: message.pollCounts as number[] } : {}),
      }
    case 'answerAck':
      if (!isGameChannel(channel) || !isCount(message.question)) return null
      if (isLetter(message.choice)) return { type: 'answerAck', channel, question: message.question, choice: message.choice }
      return isResponse(message.response) ? { type: 'answerAck', channel, question: message.question, response: message.response } : null
    case 'kicked':
      return isGameChannel(channel) ? { type: 'kicked', channel } : null
    case 'error':
      return message as HubErrorMessage
    case 'pong':
      return { type: 'pong' }
    default:
      return null
  }
}

/** A client message as the frame to send. */
export function encodeClientMessage(message: ClientMessage): string {
  return JSON.stringify(message)
}
