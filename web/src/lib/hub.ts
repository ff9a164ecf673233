/**
 * Shared pieces of the WebSocket hub connection (docs/websocket.md): the URL with the token
 * in the query, and the reconnect policy every screen uses — exponential backoff (1 s … 30 s),
 * at most 10 tries, never after close code 4401 (the token expired).
 */
export const TOKEN_EXPIRED_CLOSE = 4401
export const MAX_RECONNECTS = 10

export function socketUrl(token: string): string {
  const { protocol, host } = window.location
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws?token=${encodeURIComponent(token)}`
}

export const reconnectOptions = {
  shouldReconnect: (event: CloseEvent) => event.code !== TOKEN_EXPIRED_CLOSE,
  reconnectAttempts: MAX_RECONNECTS,
  reconnectInterval: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
}

/** One server message as an object with a string `type`, or null. */
export function parseMessage(data: unknown): (Record<string, unknown> & { type: string }) | null {
  if (typeof data !== 'string') return null
  try {
    const message: unknown = JSON.parse(data)
    if (!message || typeof message !== 'object') return null
    const typed = message as Record<string, unknown>
    return typeof typed.type === 'string' ? (typed as Record<string, unknown> & { type: string }) : null
  } catch {
    return null
  }
}
