/**
 * A stand-in for the browser WebSocket in route tests: records what the client sends and lets
 * a test play the server (open, message, close). Install with `installFakeWebSocket()`.
 */
import { vi } from 'vitest'

export class FakeWebSocket {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  static instances: FakeWebSocket[] = []

  readonly CONNECTING = 0
  readonly OPEN = 1
  readonly CLOSING = 2
  readonly CLOSED = 3
  readyState = 0
  sent: unknown[] = []
  binaryType = 'blob'
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null

  url: string
  protocols?: string | string[]

  constructor(url: string, protocols?: string | string[]) {
    this.url = url
    this.protocols = protocols
    FakeWebSocket.instances.push(this)
  }

  send(data: string) {
    this.sent.push(JSON.parse(data))
  }

  close(code = 1000) {
    if (this.readyState === 3) return
    this.readyState = 3
    this.onclose?.(Object.assign(new Event('close'), { code, reason: '', wasClean: true }) as CloseEvent)
  }

  addEventListener() {}
  removeEventListener() {}

  /** Test side: the connection opens. */
  serverOpen() {
    this.readyState = 1
    const event = new Event('open')
    Object.defineProperty(event, 'target', { value: this })
    this.onopen?.(event)
  }

  /** Test side: the server sends one JSON message. */
  serverSend(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }))
  }
}

export function installFakeWebSocket() {
  FakeWebSocket.instances = []
  vi.stubGlobal('WebSocket', FakeWebSocket)
  return FakeWebSocket
}
