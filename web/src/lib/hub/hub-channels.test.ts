import { describe, expect, it, vi } from 'vitest'
import { HubChannels } from './hub-channels'
import type { ServerMessage } from './hub-messages'

const board = (participants: number): ServerMessage => ({ type: 'leaderboard', channel: 'quiz:7', top: [], me: null, participants })

describe('HubChannels', () => {
  it('says to subscribe for the first listener of a channel and to unsubscribe after the last', () => {
    const channels = new HubChannels()
    const a = vi.fn()
    const b = vi.fn()
    expect(channels.add('quiz:7', a)).toBe(true)
    expect(channels.add('quiz:7', b)).toBe(false)
    expect(channels.remove('quiz:7', a)).toBe(false)
    expect(channels.remove('quiz:7', b)).toBe(true)
    expect(channels.size).toBe(0)
  })

  it('ignores removing a listener it does not hold', () => {
    const channels = new HubChannels()
    channels.add('quiz:7', vi.fn())
    expect(channels.remove('quiz:7', vi.fn())).toBe(false)
    expect(channels.remove('quiz:8', vi.fn())).toBe(false)
    expect(channels.channels()).toEqual(['quiz:7'])
  })

  it('lists the held channels in the order they were first subscribed', () => {
    const channels = new HubChannels()
    channels.add('attempt:a', vi.fn())
    channels.add('quiz:7', vi.fn())
    channels.add('attempt:a', vi.fn())
    expect(channels.channels()).toEqual(['attempt:a', 'quiz:7'])
  })

  it("hands a message to its channel's listeners only", () => {
    const channels = new HubChannels()
    const seven = vi.fn()
    const eight = vi.fn()
    channels.add('quiz:7', seven)
    channels.add('quiz:8', eight)
    channels.dispatch(board(2))
    channels.dispatch({ type: 'pong' })
    expect(seven).toHaveBeenCalledExactlyOnceWith(board(2))
    expect(eight).not.toHaveBeenCalled()
  })

  it("gives a listener joining a held channel the channel's last state", () => {
    const channels = new HubChannels()
    channels.add('quiz:7', vi.fn())
    channels.dispatch({ type: 'subscribed', channel: 'quiz:7' })
    channels.dispatch(board(1))
    channels.dispatch(board(2))
    channels.dispatch({ type: 'error', channel: 'quiz:7', code: 'forbidden', error: 'no' })
    const late = vi.fn()
    channels.add('quiz:7', late)
    expect(late).toHaveBeenCalledExactlyOnceWith(board(2))
  })

  it("keeps a live game's view as its state, not its answer counts or acknowledgements", () => {
    const channels = new HubChannels()
    channels.add('game:g1', vi.fn())
    const game = { type: 'game', channel: 'game:g1', view: {} } as unknown as ServerMessage
    channels.dispatch(game)
    channels.dispatch({ type: 'answers', channel: 'game:g1', question: 0, answered: 3, players: 4, counting: false })
    channels.dispatch({ type: 'answerAck', channel: 'game:g1', question: 0, choice: 'B' })
    const late = vi.fn()
    channels.add('game:g1', late)
    expect(late).toHaveBeenCalledExactlyOnceWith(game)
  })

  it('forgets the last state when the channel is given up', () => {
    const channels = new HubChannels()
    const first = vi.fn()
    channels.add('quiz:7', first)
    channels.dispatch(board(1))
    channels.remove('quiz:7', first)
    const again = vi.fn()
    expect(channels.add('quiz:7', again)).toBe(true)
    expect(again).not.toHaveBeenCalled()
  })

  it('lets a listener leave while a message is being handed out', () => {
    const channels = new HubChannels()
    const second = vi.fn()
    const first = vi.fn(() => channels.remove('quiz:7', second))
    channels.add('quiz:7', first)
    channels.add('quiz:7', second)
    channels.dispatch(board(1))
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
  })
})
