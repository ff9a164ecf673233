/**
 * The subscriptions of the one hub connection, counted by channel: the first listener of a
 * channel subscribes it on the server, the last one to leave unsubscribes it, and listeners in
 * between share that one subscription. No I/O here — the provider sends what `add` and `remove`
 * say — so the counting is tested on its own.
 *
 * The server sends a channel's whole state when it is subscribed, and never again until it
 * changes (docs/websocket.md, "Resuming"). A listener that joins a channel already held would
 * wait for that change, so the last state of each channel is kept and handed to it at once.
 */
import type { HubChannel, ServerMessage } from './hub-messages'

export type HubListener = (message: ServerMessage) => void

/**
 * Messages that carry a channel's whole state (not acknowledgements, counts or errors): a live
 * game's `game` view is one; its `answers` counts and `answerAck`s are not.
 */
const isState = (message: ServerMessage) =>
  message.type === 'tick' || message.type === 'submitted' || message.type === 'leaderboard' || message.type === 'game'

export class HubChannels {
  /** Insertion order is subscription order: a reconnect subscribes again in the same order. */
  private readonly listeners = new Map<HubChannel, Set<HubListener>>()
  private readonly latest = new Map<HubChannel, ServerMessage>()

  /** The channels that have at least one listener, oldest first. */
  channels(): HubChannel[] {
    return [...this.listeners.keys()]
  }

  get size(): number {
    return this.listeners.size
  }

  /** Adds a listener; true when it is the channel's first (the channel must be subscribed). */
  add(channel: HubChannel, listener: HubListener): boolean {
    const existing = this.listeners.get(channel)
    if (existing) {
      existing.add(listener)
      const state = this.latest.get(channel)
      if (state) listener(state)
      return false
    }
    this.listeners.set(channel, new Set([listener]))
    return true
  }

  /** Removes a listener; true when it was the channel's last (the channel must be unsubscribed). */
  remove(channel: HubChannel, listener: HubListener): boolean {
    const existing = this.listeners.get(channel)
    if (!existing || !existing.delete(listener)) return false
    if (existing.size > 0) return false
    this.listeners.delete(channel)
    this.latest.delete(channel)
    return true
  }

  /** Hands a server message to the listeners of its channel; messages without one go nowhere. */
  dispatch(message: ServerMessage): void {
    if (!('channel' in message) || typeof message.channel !== 'string') return
    const channel = message.channel as HubChannel
    const listeners = this.listeners.get(channel)
    if (!listeners) return
    if (isState(message)) this.latest.set(channel, message)
    // A copy: a listener may unsubscribe (or subscribe another) while it handles the message.
    for (const listener of [...listeners]) listener(message)
  }
}
