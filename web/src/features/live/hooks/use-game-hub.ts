/**
 * A live game's hub channel (`game:<gameId>`, docs/websocket.md) on the nearest hub connection:
 * the app's (the host, with the session's token) or the player's own (with the player token).
 * Its messages become the machines' `server.*` events (CONVENTIONS.md: the socket stays outside
 * the machines); each machine takes the ones it knows.
 */
import { useCallback } from 'react'
import { gameChannel, type GameChannelMessage } from '@/lib/hub/hub-messages'
import { useHubChannel, useHubSend } from '@/lib/hub/hub-provider'
import type { Letter } from '@/types/api'
import type { GameView } from '@/types/live-game'

export type GameHubEvent =
  | { type: 'server.game'; view: GameView }
  | { type: 'server.answers'; question: number; answered: number; players: number; counting: boolean }
  | { type: 'server.answerAck'; question: number; choice: Letter }
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
      }
    case 'answerAck':
      return { type: 'server.answerAck', question: message.question, choice: message.choice }
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

/** Sends a player's answer on the hub; rejects when the connection is not open. */
export function useSendAnswer(): (input: { gameId: string; question: number; choice: Letter }) => Promise<void> {
  const send = useHubSend()
  return useCallback(
    async ({ gameId, question, choice }) => {
      if (!send({ type: 'answer', channel: gameChannel(gameId), question, choice })) throw new Error('The hub is not connected')
    },
    [send],
  )
}
