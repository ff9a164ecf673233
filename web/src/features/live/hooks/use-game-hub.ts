/**
 * A live game's hub channel (`game:<gameId>`, docs/websocket.md) on the nearest hub connection:
 * the app's (the host, with the session's token) or the player's own (with the player token).
 * Its messages become the machines' `server.*` events (CONVENTIONS.md: the socket stays outside
 * the machines); each machine takes the ones it knows.
 */
import { useCallback } from 'react'
import { gameChannel, type GameChannelMessage } from '@/lib/hub/hub-messages'
import { useHubChannel, useHubSend } from '@/lib/hub/hub-provider'
import type { Letter, Response } from '@/types/api'
import type { GameView } from '@/types/live-game'

/** What an answer gives: a letter for four options A–D, a response for any other type (issue 29). */
export type LiveAnswer = { choice: Letter } | { response: Response }

export type GameHubEvent =
  | { type: 'server.game'; view: GameView }
  | { type: 'server.answers'; question: number; answered: number; players: number; counting: boolean; pollCounts?: number[] }
  | ({ type: 'server.answerAck'; question: number } & LiveAnswer)
  | { type: 'server.kicked' }
  | { type: 'server.error'; code: string; error: string }

export function toGameEvent(message: GameChannelMessage): GameHubEvent | null {
  switch (message.type) {
    case 'game':
      return { type: 'server.game', view: message.view }
    case 'answers':
      return {
        type: 'server.answers',
        question: message.question,
        answered: message.answered,
        players: message.players,
        counting: message.counting,
        ...(message.pollCounts ? { pollCounts: message.pollCounts } : {}),
      }
    case 'answerAck':
      return 'choice' in message
        ? { type: 'server.answerAck', question: message.question, choice: message.choice }
        : { type: 'server.answerAck', question: message.question, response: message.response }
    case 'kicked':
      return { type: 'server.kicked' }
    case 'error':
      return { type: 'server.error', code: message.code, error: message.error }
    default:
      return null
  }
}

export function useGameHub(gameId: string | null, onEvent: (event: GameHubEvent) => void): void {
  useHubChannel(gameId ? gameChannel(gameId) : null, (message) => {
    const event = toGameEvent(message)
    if (event) onEvent(event)
  })
}

/**
 * Tells the server this phone has a question's pictures (`loaded`, issue 30); false when the
 * connection is not open (nothing was sent).
 */
export function useSendLoaded(): (input: { gameId: string; question: number }) => boolean {
  const send = useHubSend()
  return useCallback(({ gameId, question }) => send({ type: 'loaded', channel: gameChannel(gameId), question }), [send])
}

/** Sends a player's answer (a letter, or a response) on the hub; rejects when the connection is not open. */
export function useSendAnswer(): (input: { gameId: string; question: number } & LiveAnswer) => Promise<void> {
  const send = useHubSend()
  return useCallback(
    async ({ gameId, ...answer }) => {
      if (!send({ type: 'answer', channel: gameChannel(gameId), ...answer })) throw new Error('The hub is not connected')
    },
    [send],
  )
}
