/**
 * Live results of one quiz (docs/websocket.md): subscribes to `quiz:<categoryId>` on the hub
 * and calls `onChange` whenever a `leaderboard` message of that channel arrives (on
 * subscribing, then after every submission or retake). The screen then reloads its rows from
 * the API, which has every column the hub's top 10 does not.
 */
import { useRef } from 'react'
// The package's default export breaks under Vite 8 (STACK.md): import the hook directly.
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket'
import { parseMessage, reconnectOptions, socketUrl } from '../../../lib/hub'

export function isLeaderboardOf(data: unknown, categoryId: number): boolean {
  const message = parseMessage(data)
  return message !== null && message.type === 'leaderboard' && message.channel === `quiz:${categoryId}`
}

export function useQuizSocket({
  token,
  categoryId,
  onChange,
}: {
  token: string | null
  categoryId: number | null
  onChange: () => void
}) {
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const url = token && categoryId !== null ? socketUrl(token) : null

  useWebSocket(url, {
    onOpen: (event) => {
      const socket = event.target as WebSocket
      socket.send(JSON.stringify({ type: 'subscribe', channel: `quiz:${categoryId}` }))
    },
    onMessage: (event) => {
      if (categoryId !== null && isLeaderboardOf(event.data, categoryId)) onChangeRef.current()
    },
    ...reconnectOptions,
  })
}
