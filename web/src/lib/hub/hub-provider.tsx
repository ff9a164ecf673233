/**
 * One WebSocket hub connection for the signed-in session (docs/websocket.md), shared by every
 * screen. `HubProvider` (in the app shell) owns the socket; a screen calls
 * `useHubChannel(channel, onMessage)` and forwards what arrives into its machine as events,
 * and `useHubSend()` for the few messages a screen sends itself (a live game's answer).
 * The machines never see the socket (CONVENTIONS.md).
 *
 * - The connection opens while someone is subscribed and a session token exists, and closes
 *   when the last subscriber leaves or the session ends — as each screen's own socket did.
 * - `token` overrides the session's token: a live game's player connects with the player token
 *   of POST /api/live/join (guests have no session), in a provider of its own around the
 *   player's screen; `null` there means "not joined yet", and opens nothing.
 * - Subscriptions are counted by channel (`HubChannels`): two screens on one channel share one
 *   server subscription.
 * - Reconnects: exponential backoff (1 s … 30 s), at most 10 tries, never after close code
 *   4401 (the token expired), 4410 (the account's sessions ended: a password reset or "sign out
 *   everywhere"; the local session ends too, so the guards send the user to sign in) or 4409 (a
 *   player token opened another socket: the other tab keeps the seat, `useHubOpenedElsewhere`).
 *   Every new connection subscribes again to every held channel, in the order they were first
 *   subscribed; the server answers each with the channel's whole current state, so nothing that
 *   happened while away is missed.
 */
import { createContext, useContext, useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react'
// The package's default export breaks under Vite 8 (STACK.md): import the hook directly.
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket'
import { useSession } from '@/lib/auth'
import { clearSession } from '@/lib/session'
import { HubChannels, type HubListener } from './hub-channels'
import {
  encodeClientMessage,
  parseServerMessage,
  type ChannelMessage,
  type ClientMessage,
  type HubChannel,
} from './hub-messages'

export const TOKEN_EXPIRED_CLOSE = 4401
export const OPENED_ELSEWHERE_CLOSE = 4409
export const SESSION_ENDED_CLOSE = 4410
export const MAX_RECONNECTS = 10

/** Close codes after which reconnecting would not help (or would fight another tab). */
const FINAL_CLOSES = new Set([TOKEN_EXPIRED_CLOSE, OPENED_ELSEWHERE_CLOSE, SESSION_ENDED_CLOSE])

/** The hub's URL with the session token in the query (browsers cannot set its headers). */
export function socketUrl(token: string): string {
  const { protocol, host } = window.location
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws?token=${encodeURIComponent(token)}`
}

export const reconnectOptions = {
  shouldReconnect: (event: CloseEvent) => !FINAL_CLOSES.has(event.code),
  reconnectAttempts: MAX_RECONNECTS,
  reconnectInterval: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
}

type Hub = {
  /** Starts listening to a channel; the returned function stops. */
  subscribe: (channel: HubChannel, listener: HubListener) => () => void
  /** Sends a message now; false when the connection is not open (nothing is queued). */
  send: (message: ClientMessage) => boolean
}

const HubContext = createContext<Hub | null>(null)
const HubConnectedContext = createContext(false)
const HubElsewhereContext = createContext(false)

type HubProviderProps = {
  children: ReactNode
  /** Connect with this token instead of the session's (a live game's player token); null: none. */
  token?: string | null
}

export function HubProvider({ children, token: tokenOverride }: HubProviderProps) {
  const session = useSession()
  const token = tokenOverride === undefined ? session.token : tokenOverride
  const [channels] = useState(() => new HubChannels())
  const [subscribed, setSubscribed] = useState(false)
  // The token whose socket another tab took over (4409): no reconnect until the token changes.
  const [elsewhere, setElsewhere] = useState<string | null>(null)
  const url = token && subscribed ? socketUrl(token) : null

  const { getWebSocket, readyState } = useWebSocket(url, {
    onOpen: (event) => {
      // A new connection holds no subscription yet (first open, or after a reconnect).
      const socket = event.target as WebSocket
      for (const channel of channels.channels()) socket.send(encodeClientMessage({ type: 'subscribe', channel }))
    },
    onMessage: (event) => {
      const message = parseServerMessage(event.data)
      if (message) channels.dispatch(message)
    },
    onClose: (event) => {
      if (event.code === SESSION_ENDED_CLOSE) clearSession()
      if (event.code === OPENED_ELSEWHERE_CLOSE) setElsewhere(token ?? null)
    },
    // Messages reach the channels' listeners; the provider does not re-render for each one.
    filter: () => false,
    ...reconnectOptions,
  })

  const hub = useMemo<Hub>(() => {
    /** Sends now if the socket is open; otherwise the next open subscribes what is held. */
    const send = (message: ClientMessage) => {
      const socket = getWebSocket() as WebSocket | null
      if (!socket || socket.readyState !== WebSocket.OPEN) return false
      socket.send(encodeClientMessage(message))
      return true
    }
    return {
      send,
      subscribe(channel, listener) {
        if (channels.add(channel, listener)) {
          send({ type: 'subscribe', channel })
          setSubscribed(true)
        }
        return () => {
          if (channels.remove(channel, listener)) {
            send({ type: 'unsubscribe', channel })
            setSubscribed(channels.size > 0)
          }
        }
      },
    }
  }, [channels, getWebSocket])

  return (
    <HubContext value={hub}>
      <HubConnectedContext value={readyState === WebSocket.OPEN}>
        <HubElsewhereContext value={elsewhere !== null && elsewhere === token}>{children}</HubElsewhereContext>
      </HubConnectedContext>
    </HubContext>
  )
}

function useHub(): Hub {
  const hub = useContext(HubContext)
  if (!hub) throw new Error('useHubChannel needs a <HubProvider> above it')
  return hub
}

/** Sends a client message on the hub connection; false when it is not open. */
export function useHubSend(): (message: ClientMessage) => boolean {
  return useHub().send
}

/** Whether the hub connection is open (a live game shows "Reconnecting…" when it is not). */
export function useHubConnected(): boolean {
  return useContext(HubConnectedContext)
}

/** Whether another tab or device took this connection's player token over (close code 4409). */
export function useHubOpenedElsewhere(): boolean {
  return useContext(HubElsewhereContext)
}

/**
 * Listens to one hub channel while `channel` is not null; `onMessage` gets that channel's
 * messages (a subscriber joining a channel already held gets its last state at once).
 */
export function useHubChannel<C extends HubChannel>(channel: C | null, onMessage: (message: ChannelMessage<C>) => void): void {
  const hub = useHub()
  const handle = useEffectEvent((message: ChannelMessage<C>) => onMessage(message))
  useEffect(() => {
    if (channel === null) return
    return hub.subscribe(channel, (message) => handle(message as ChannelMessage<C>))
  }, [hub, channel])
}
