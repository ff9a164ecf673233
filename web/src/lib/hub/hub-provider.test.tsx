import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { signInAs } from '@/testing/test-utils'
import { clearSession, getToken } from '../session'
import type { HubChannel, ServerMessage } from './hub-messages'
import { HubProvider, useHubChannel, useHubConnected, useHubOpenedElsewhere, useHubSend } from './hub-provider'

type Received = Array<{ who: string; message: ServerMessage }>

function Listener({ who, channel, received }: { who: string; channel: HubChannel | null; received: Received }) {
  useHubChannel(channel, (message) => received.push({ who, message }))
  return null
}

/** Screens that can be shown and hidden, each listening to one channel. */
function Screens({ screens, received }: { screens: Array<{ who: string; channel: HubChannel | null }>; received: Received }) {
  return (
    <HubProvider>
      {screens.map((screen) => (
        <Listener key={screen.who} who={screen.who} channel={screen.channel} received={received} />
      ))}
    </HubProvider>
  )
}

const sockets = () => FakeWebSocket.instances
const lastSocket = () => FakeWebSocket.instances.at(-1) as FakeWebSocket
const leaderboard = (categoryId: number, participants: number): ServerMessage => ({
  type: 'leaderboard',
  channel: `quiz:${categoryId}`,
  top: [],
  me: null,
  participants,
})

/** Lets react-use-websocket resolve its URL (a promise) and create the socket. */
async function settle() {
  await act(async () => {
    await Promise.resolve()
  })
}

describe('HubProvider and useHubChannel', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('opens no connection until a screen subscribes', async () => {
    signInAs()
    const received: Received = []
    const { rerender } = render(<Screens screens={[{ who: 'a', channel: null }]} received={received} />)
    await settle()
    expect(sockets()).toHaveLength(0)

    rerender(<Screens screens={[{ who: 'a', channel: 'quiz:7' }]} received={received} />)
    await settle()
    expect(sockets()).toHaveLength(1)
    expect(lastSocket().url).toMatch(/\/ws\?token=/)
  })

  it('opens no connection without a session', async () => {
    render(<Screens screens={[{ who: 'a', channel: 'quiz:7' }]} received={[]} />)
    await settle()
    expect(sockets()).toHaveLength(0)
  })

  it('shares one connection and one subscription between two screens on the same channel', async () => {
    signInAs()
    const received: Received = []
    const { rerender } = render(<Screens screens={[{ who: 'a', channel: 'quiz:7' }]} received={received} />)
    await settle()
    const socket = lastSocket()
    act(() => socket.serverOpen())
    expect(socket.sent).toEqual([{ type: 'subscribe', channel: 'quiz:7' }])
    act(() => socket.serverSend(leaderboard(7, 1)))

    rerender(
      <Screens
        screens={[
          { who: 'a', channel: 'quiz:7' },
          { who: 'b', channel: 'quiz:7' },
        ]}
        received={received}
      />,
    )
    await settle()
    expect(sockets()).toHaveLength(1)
    // No second subscription; the newcomer gets the channel's last state at once.
    expect(socket.sent).toEqual([{ type: 'subscribe', channel: 'quiz:7' }])
    expect(received.map((r) => [r.who, r.message])).toEqual([
      ['a', leaderboard(7, 1)],
      ['b', leaderboard(7, 1)],
    ])

    act(() => socket.serverSend(leaderboard(7, 2)))
    expect(received.slice(2).map((r) => r.who)).toEqual(['a', 'b'])
  })

  it('unsubscribes when the last screen of a channel leaves, and closes when none is left', async () => {
    signInAs()
    const received: Received = []
    const both = [
      { who: 'a', channel: 'quiz:7' as const },
      { who: 'b', channel: 'attempt:att-1' as const },
    ]
    const { rerender } = render(<Screens screens={both} received={received} />)
    await settle()
    const socket = lastSocket()
    act(() => socket.serverOpen())
    expect(socket.sent).toEqual([
      { type: 'subscribe', channel: 'quiz:7' },
      { type: 'subscribe', channel: 'attempt:att-1' },
    ])

    rerender(<Screens screens={[both[1]]} received={received} />)
    await settle()
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'quiz:7' })
    expect(socket.readyState).toBe(FakeWebSocket.OPEN)

    // A channel subscribed while the connection is open is sent at once.
    rerender(<Screens screens={[both[1], { who: 'c', channel: 'quiz:9' }]} received={received} />)
    await settle()
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', channel: 'quiz:9' })

    rerender(<Screens screens={[]} received={received} />)
    await settle()
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED)
    expect(sockets()).toHaveLength(1)
  })

  it('hands each screen only the messages of its channel', async () => {
    signInAs()
    const received: Received = []
    render(
      <Screens
        screens={[
          { who: 'player', channel: 'attempt:att-1' },
          { who: 'board', channel: 'quiz:7' },
        ]}
        received={received}
      />,
    )
    await settle()
    const socket = lastSocket()
    act(() => socket.serverOpen())
    const tick = { type: 'tick', channel: 'attempt:att-1', remainingMs: 5000, deadline: 'd', serverTime: 's' }
    act(() => {
      socket.serverSend(tick)
      socket.serverSend({ type: 'tick', channel: 'attempt:other', remainingMs: 1 })
      socket.serverSend(leaderboard(99, 1))
      socket.serverSend({ type: 'pong' })
      socket.serverSend(leaderboard(7, 3))
    })
    expect(received.map((r) => [r.who, r.message])).toEqual([
      ['player', tick],
      ['board', leaderboard(7, 3)],
    ])
  })

  it('subscribes again to every held channel, in order, after a reconnect', async () => {
    vi.useFakeTimers()
    signInAs()
    const received: Received = []
    render(
      <Screens
        screens={[
          { who: 'player', channel: 'attempt:att-1' },
          { who: 'board', channel: 'quiz:7' },
        ]}
        received={received}
      />,
    )
    await settle()
    const first = lastSocket()
    act(() => first.serverOpen())

    // The connection drops; the first retry comes after 1 s.
    act(() => first.close(1006))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999)
    })
    expect(sockets()).toHaveLength(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(sockets()).toHaveLength(2)
    const second = lastSocket()
    act(() => second.serverOpen())
    expect(second.sent).toEqual([
      { type: 'subscribe', channel: 'attempt:att-1' },
      { type: 'subscribe', channel: 'quiz:7' },
    ])
    // A submission made while away arrives as the attempt's current state.
    act(() => second.serverSend({ type: 'submitted', channel: 'attempt:att-1', reason: 'timeout', score: 1, points: 10, total: 3 }))
    expect(received.at(-1)?.message).toMatchObject({ type: 'submitted', reason: 'timeout' })
  })

  it('does not reconnect when the token expired (close code 4401)', async () => {
    vi.useFakeTimers()
    signInAs()
    render(<Screens screens={[{ who: 'a', channel: 'quiz:7' }]} received={[]} />)
    await settle()
    act(() => lastSocket().serverOpen())
    act(() => lastSocket().close(4401))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    expect(sockets()).toHaveLength(1)
  })

  it('signs out and does not reconnect when the sessions ended (close code 4410)', async () => {
    vi.useFakeTimers()
    signInAs()
    render(<Screens screens={[{ who: 'a', channel: 'quiz:7' }]} received={[]} />)
    await settle()
    act(() => lastSocket().serverOpen())
    act(() => lastSocket().close(4410))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    expect(sockets()).toHaveLength(1)
    expect(getToken()).toBeNull()
  })

  it('does not reconnect when another tab took the player token over (close code 4409)', async () => {
    vi.useFakeTimers()
    signInAs()
    const elsewhere: boolean[] = []
    function Probe() {
      elsewhere.push(useHubOpenedElsewhere())
      return null
    }
    render(
      <HubProvider token="player-token">
        <Listener who="player" channel="game:g1" received={[]} />
        <Probe />
      </HubProvider>,
    )
    await settle()
    act(() => lastSocket().serverOpen())
    act(() => lastSocket().close(4409))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    expect(sockets()).toHaveLength(1)
    expect(elsewhere.at(-1)).toBe(true)
    expect(getToken()).not.toBeNull()
  })

  it('closes the connection when the session ends', async () => {
    signInAs()
    render(<Screens screens={[{ who: 'a', channel: 'quiz:7' }]} received={[]} />)
    await settle()
    const socket = lastSocket()
    act(() => socket.serverOpen())
    act(() => clearSession())
    await settle()
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED)
  })

  it("connects with a player token instead of the session's, and with none opens nothing", async () => {
    signInAs()
    const received: Received = []
    function Player({ token }: { token: string | null }) {
      return (
        <HubProvider token={token}>
          <Listener who="player" channel="game:g1" received={received} />
        </HubProvider>
      )
    }
    const { rerender } = render(<Player token={null} />)
    await settle()
    // Signed in, but the player has not joined yet: no connection.
    expect(sockets()).toHaveLength(0)

    rerender(<Player token="player-token" />)
    await settle()
    expect(sockets()).toHaveLength(1)
    expect(lastSocket().url).toMatch(/\/ws\?token=player-token$/)
    act(() => lastSocket().serverOpen())
    expect(lastSocket().sent).toEqual([{ type: 'subscribe', channel: 'game:g1' }])
  })

  it('lets a guest connect with a player token (no session)', async () => {
    render(
      <HubProvider token="guest-token">
        <Listener who="guest" channel="game:g1" received={[]} />
      </HubProvider>,
    )
    await settle()
    expect(lastSocket().url).toMatch(/token=guest-token$/)
  })

  it('sends a message only while the connection is open, and says whether it did', async () => {
    signInAs()
    const answer = { type: 'answer', channel: 'game:g1', question: 0, choice: 'B' } as const
    const results: boolean[] = []
    function Answerer() {
      const send = useHubSend()
      const connected = useHubConnected()
      useHubChannel('game:g1', () => undefined)
      return (
        <button type="button" onClick={() => results.push(send(answer))}>
          {connected ? 'Send (open)' : 'Send (closed)'}
        </button>
      )
    }
    render(
      <HubProvider>
        <Answerer />
      </HubProvider>,
    )
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Send (closed)' }))
    act(() => lastSocket().serverOpen())
    fireEvent.click(screen.getByRole('button', { name: 'Send (open)' }))
    expect(results).toEqual([false, true])
    expect(lastSocket().sent).toEqual([{ type: 'subscribe', channel: 'game:g1' }, answer])
  })

  it('needs a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    function Orphan() {
      const [channel] = useState<HubChannel>('quiz:1')
      useHubChannel(channel, () => undefined)
      return null
    }
    expect(() => render(<Orphan />)).toThrow(/HubProvider/)
  })
})
