/**
 * The WebSocket hub connection of a quiz in progress (docs/websocket.md): subscribes to
 * `attempt:<id>` (clock ticks, the submitted notice) and `quiz:<categoryId>` (the live
 * leaderboard) and forwards what arrives. It lives outside the play machine on purpose
 * (CONVENTIONS.md): the machine only sees `server.tick` / `server.submitted` events, and the
 * quiz works without the hub (the machine counts down on its own).
 */
import { useRef, useState } from 'react'
// The package's default export breaks under Vite 8 (STACK.md): import the hook directly.
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket'
import { reconnectOptions, socketUrl } from '../../../lib/hub'

export type LiveLeaderboard = {
  top: Array<{ rank: number; userId: string; firstName: string; lastName: string; points: number }>
  me: { rank: number; points: number } | null
  participants: number
}

export type AttemptSocketEvent =
  | { type: 'server.tick'; remainingMs: number }
  | { type: 'server.submitted'; reason?: 'player' | 'timeout' }

type Options = {
  token: string | null
  attemptId: string | null
  categoryId: number | null
  onEvent: (event: AttemptSocketEvent) => void
}

/** Turns one server message into a play event, a leaderboard, or nothing. */
export function parseHubMessage(
  data: unknown,
  attemptId: string | null,
  categoryId: number | null,
): { event?: AttemptSocketEvent; leaderboard?: LiveLeaderboard } {
  if (typeof data !== 'string') return {}
  let message: Record<string, unknown>
  try {
    message = JSON.parse(data) as Record<string, unknown>
  } catch {
    return {}
  }
  if (!message || typeof message !== 'object') return {}
  const channel = message.channel
  if (message.type === 'tick' && channel === `attempt:${attemptId}` && typeof message.remainingMs === 'number') {
    return { event: { type: 'server.tick', remainingMs: message.remainingMs } }
  }
  if (message.type === 'submitted' && channel === `attempt:${attemptId}`) {
    const reason = message.reason === 'player' || message.reason === 'timeout' ? message.reason : undefined
    return { event: { type: 'server.submitted', reason } }
  }
  if (message.type === 'leaderboard' && channel === `quiz:${categoryId}` && Array.isArray(message.top)) {
    return {
      leaderboard: {
        top: message.top as LiveLeaderboard['top'],
        me: (message.me as LiveLeaderboard['me']) ?? null,
        participants: typeof message.participants === 'number' ? message.participants : 0,
      },
    }
  }
  return {}
}

export function useAttemptSocket({ token, attemptId, categoryId, onEvent }: Options) {
  const [leaderboard, setLeaderboard] = useState<LiveLeaderboard | null>(null)
  const onEventRef = useRef(onEvent)
  onEventRef.current = onEvent
  const url = token && attemptId ? socketUrl(token) : null

  useWebSocket(url, {
    onOpen: (event) => {
      const socket = event.target as WebSocket
      socket.send(JSON.stringify({ type: 'subscribe', channel: `attempt:${attemptId}` }))
      if (categoryId !== null) socket.send(JSON.stringify({ type: 'subscribe', channel: `quiz:${categoryId}` }))
    },
    onMessage: (event) => {
      const parsed = parseHubMessage(event.data, attemptId, categoryId)
      if (parsed.event) onEventRef.current(parsed.event)
      if (parsed.leaderboard) setLeaderboard(parsed.leaderboard)
    },
    // A hub that is missing or restarting is retried with backoff; an expired token is not.
    ...reconnectOptions,
  })

  return { leaderboard }
}
