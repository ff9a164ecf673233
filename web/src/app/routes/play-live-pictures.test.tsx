/**
 * /play/live with a question's pictures (issue 30): the phone loads them as it draws them, says
 * `loaded` once it has them all (so the answers can open early), and tells a late phone the
 * answers are open while its pictures are still on their way.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeQuestion, playerView } from '@/features/live/testing/fixtures'
import { CURRENT_GAME_KEY, gameKey } from '@/features/live/utils/live-storage'
import { FakeImage, imagesOf, installFakeImage } from '@/testing/fake-image'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { decorativeImage, servedImage, servedSound } from '@/testing/media-fixtures'
import { mockApi } from '@/testing/test-utils'
import type { GameView, LiveQuestion } from '@/types/live-game'
import { renderApp } from '../testing/render-app'

const player = { gameId: 'g1', playerId: 'p1', nickname: 'Ana', token: 'player-token', pin: '123456' }

/** A kept player comes back: the page opens its hub connection at once. */
async function comeBack() {
  window.localStorage.setItem(gameKey(player.gameId), JSON.stringify(player))
  window.localStorage.setItem(CURRENT_GAME_KEY, player.gameId)
  mockApi({})
  renderApp('/play/live')
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0))
  const socket = FakeWebSocket.instances.at(-1) as FakeWebSocket
  act(() => socket.serverOpen())
  return socket
}

const game = (socket: FakeWebSocket, view: GameView) => act(() => socket.serverSend({ type: 'game', channel: 'game:g1', view }))
const loadedSent = (socket: FakeWebSocket) => socket.sent.filter((m) => (m as { type: string }).type === 'loaded')

/** Question `index` on the real clock: in its get-ready (answers open in 4 s), or `open` for answers now. */
function question(overrides: Partial<LiveQuestion> = {}, open = false) {
  const now = Date.now()
  const opensAt = open ? now - 1000 : now + 4000
  return playerView({ phase: 'question', serverNow: now, question: makeQuestion({ opensAt, deadline: opensAt + 20_000, ...overrides }, opensAt - 5000) })
}

const pictured = { media: servedImage, pictures: [null, servedImage, null, decorativeImage] }

describe('/play/live: a question’s pictures', () => {
  beforeEach(() => {
    installFakeWebSocket()
    installFakeImage()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('loads each picture as the screen draws it, and says `loaded` once, when all are here', async () => {
    const socket = await comeBack()
    game(socket, question(pictured))
    expect(screen.getByText('Get ready…')).toBeInTheDocument()

    // One image ahead per <img> on screen, with its very src, srcset and sizes (the same file, cached once).
    const drawn = [...document.querySelectorAll('img')].map((img) => ({ src: img.getAttribute('src'), srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes') }))
    expect(drawn).toHaveLength(3)
    expect(FakeImage.instances.map(({ src, srcset, sizes }) => ({ src, srcset, sizes }))).toEqual(drawn)

    act(() => imagesOf(servedImage.phone.url).forEach((image) => image.load()))
    expect(loadedSent(socket)).toEqual([])
    act(() => imagesOf(decorativeImage.phone.url)[0].load())
    expect(loadedSent(socket)).toEqual([{ type: 'loaded', channel: 'game:g1', question: 0 }])

    // Every phone had them: the answers open early, in a new view of the same question. Nothing more goes.
    game(socket, question(pictured, true))
    expect(screen.getByRole('button', { name: /Paris/ })).toBeEnabled()
    expect(loadedSent(socket)).toHaveLength(1)
    expect(FakeImage.instances).toHaveLength(3)
  })

  it('says nothing for a question without a picture, or with a sound only (the presenter plays it: its get-ready stays)', async () => {
    const socket = await comeBack()
    game(socket, question())
    expect(loadedSent(socket)).toEqual([])
    game(socket, question({ index: 1, media: servedSound }))
    expect(screen.getByRole('button', { name: 'Play sound on this phone' })).toBeInTheDocument()
    expect(loadedSent(socket)).toEqual([])
    expect(FakeImage.instances).toEqual([])
  })

  it('says nothing when a picture does not load, nor for a question no longer shown', async () => {
    const socket = await comeBack()
    game(socket, question(pictured))
    act(() => {
      FakeImage.instances[0].fail()
      FakeImage.instances.slice(1).forEach((image) => image.load())
    })
    expect(loadedSent(socket)).toEqual([])

    // The next question's picture arrives after its reveal: too late to say so.
    game(socket, question({ index: 1, media: servedImage }))
    const next = FakeImage.instances.at(-1) as FakeImage
    game(socket, playerView({ phase: 'reveal', question: makeQuestion({ index: 1 }), reveal: { answer: 'A', explanation: null, counts: { A: 1, B: 0, C: 0, D: 0 } } }))
    act(() => next.load())
    expect(loadedSent(socket)).toEqual([])
  })

  it('says `loaded` once the connection is back when the pictures came while it was down, and not again after', async () => {
    const socket = await comeBack()
    vi.useFakeTimers()
    game(socket, question(pictured))
    act(() => socket.close(1006))
    act(() => FakeImage.instances.forEach((image) => image.load()))
    expect(loadedSent(socket)).toEqual([])

    // The first retry comes after 1 s: it subscribes again, then says what it could not.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000)
    })
    const again = FakeWebSocket.instances.at(-1) as FakeWebSocket
    expect(again).not.toBe(socket)
    act(() => again.serverOpen())
    expect(again.sent).toEqual([
      { type: 'subscribe', channel: 'game:g1' },
      { type: 'loaded', channel: 'game:g1', question: 0 },
    ])

    // Another drop: the question's state comes again, and nothing more is said.
    act(() => again.close(1006))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000)
    })
    const third = FakeWebSocket.instances.at(-1) as FakeWebSocket
    act(() => third.serverOpen())
    game(third, question(pictured))
    expect(third.sent).toEqual([{ type: 'subscribe', channel: 'game:g1' }])
  })

  it('tells a phone still loading the picture that the answers are open, until it is here', async () => {
    const socket = await comeBack()
    game(socket, question({ media: servedImage }))
    // Not during the get-ready: the answers are not open yet.
    expect(screen.queryByText(/still loading/)).not.toBeInTheDocument()

    game(socket, question({ media: servedImage }, true))
    expect(screen.getByText('Answers are open; the picture is still loading.')).toHaveAttribute('role', 'status')
    act(() => FakeImage.instances[0].load())
    expect(screen.queryByText(/still loading/)).not.toBeInTheDocument()
    expect(loadedSent(socket)).toEqual([{ type: 'loaded', channel: 'game:g1', question: 0 }])

    // Several pictures, the answers open: the notice says so.
    game(socket, question({ ...pictured, index: 1 }, true))
    expect(screen.getByText('Answers are open; the pictures are still loading.')).toBeInTheDocument()
  })
})
