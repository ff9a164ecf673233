import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hostView, makeQuestion, rows } from '@/features/live/testing/fixtures'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import type { GameView } from '@/types/live-game'
import { renderApp } from '../testing/render-app'

const lastSocket = () => FakeWebSocket.instances.at(-1) as FakeWebSocket

/** The hub connection of the page: opened, with the game's channel subscribed. */
async function openHub() {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0))
  const socket = lastSocket()
  act(() => socket.serverOpen())
  expect(socket.sent).toContainEqual({ type: 'subscribe', channel: 'game:g1' })
  return socket
}

const game = (socket: FakeWebSocket, view: GameView) => act(() => socket.serverSend({ type: 'game', channel: 'game:g1', view }))

/** A view on the real clock (the offset to it is what the presenter uses). */
const live = (overrides: Partial<GameView>, names = ['Ana', 'Bo']) => hostView({ serverNow: Date.now(), ...overrides }, names)

function setup(path: string, handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({ 'GET /api/live/games/g1': { body: live({}, []) }, ...handlers })
  signInAs()
  return { ...api, ...renderApp(path), user: userEvent.setup() }
}

describe('/host/live (settings)', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('opens a game with the chosen settings and goes to its lobby', async () => {
    const { calls, router, user } = setup('/host/live?quizId=7', {
      'POST /api/live/games': { status: 201, body: live({}, []) },
    })
    expect(await screen.findByRole('heading', { name: 'Host a live game' })).toBeInTheDocument()
    const seconds = screen.getByLabelText('Seconds per question')
    expect(seconds).toHaveValue(20)
    expect(screen.getByLabelText(/^Correctness/)).toBeChecked()

    await user.clear(seconds)
    await user.type(seconds, '300')
    await user.click(screen.getByRole('button', { name: 'Open the lobby' }))
    expect(screen.getByText('Seconds per question must be a whole number from 5 to 240')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await user.clear(seconds)
    await user.type(seconds, '30')
    await user.click(screen.getByLabelText(/^Speed/))
    await user.click(screen.getByLabelText(/^Streak bonus/))
    await user.click(screen.getByLabelText(/^Auto-advance/))
    await user.click(screen.getByRole('button', { name: 'Open the lobby' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/live/g1'))
    expect(calls.find((c) => c.path === '/api/live/games')?.body).toEqual({
      quizId: 7,
      secondsPerQuestion: 30,
      scoring: 'speed',
      streakBonus: true,
      shuffleQuestions: false,
      shuffleOptions: false,
      requireSignIn: false,
      autoAdvance: true,
    })
    expect(await screen.findByText('123 456')).toBeInTheDocument()
  })

  it("says when the quiz is not there or not the host's", async () => {
    const { user } = setup('/host/live?quizId=7', {
      'POST /api/live/games': { status: 404, body: { error: 'Quiz not found', code: 'quiz_not_found' } },
    })
    await user.click(await screen.findByRole('button', { name: 'Open the lobby' }))
    expect(await screen.findByText('Quiz not found, or it is not yours.')).toBeInTheDocument()
  })

  it('asks for a quiz when none is given', async () => {
    setup('/host/live')
    expect(await screen.findByText('Choose a quiz to run live from My Quizzes or the categories.')).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'My Quizzes' })).toHaveAttribute('href', '/host/myQuizzes')
  })

  it('needs a signed-in host', async () => {
    mockApi({})
    const { router } = renderApp('/host/live?quizId=7')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })
})

describe('/host/live/:gameId (presenter)', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the lobby: PIN, join link, QR code, the names arriving; kicks and locks', async () => {
    const { calls, user } = setup('/host/live/g1', {
      // Each answer is newer than the views before it (its serverNow is taken when it is sent).
      'POST /api/live/games/g1/kick': () => ({ body: live({}, ['Ana']) }),
      'POST /api/live/games/g1/control': () => ({ body: live({ locked: true }, ['Ana']) }),
    })
    expect(await screen.findByText('123 456')).toBeInTheDocument()
    expect(screen.getByTestId('live-join-link')).toHaveTextContent(`${window.location.origin}/play/live?pin=123456&key=k123`)
    expect(await screen.findByRole('img', { name: 'QR code for joining with PIN 123456' })).toBeInTheDocument()
    expect(screen.getByText('Waiting for players to join…')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument()

    const socket = await openHub()
    game(socket, live({}, ['Ana', 'Bo']))
    const names = screen.getByRole('list', { name: 'Players' })
    expect(within(names).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Ana', 'Bo'])
    expect(screen.getByRole('heading', { name: '2 players' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Remove Bo' }))
    await waitFor(() => expect(within(names).getAllByRole('listitem')).toHaveLength(1))
    expect(calls.find((c) => c.path.endsWith('/kick'))?.body).toEqual({ playerId: 'p-Bo' })

    await user.keyboard('l')
    await waitFor(() => expect(screen.getByText('🔒 The lobby is locked: no one else can join.')).toBeInTheDocument())
    expect(calls.find((c) => c.path.endsWith('/control'))?.body).toEqual({ action: 'lock' })
    expect(screen.getByRole('button', { name: /^Unlock lobby/ })).toBeInTheDocument()
  })

  it('runs a question: countdown, answer count, reveal, standings and podium, by keyboard', async () => {
    const now = Date.now()
    const question = makeQuestion({ opensAt: now - 1000, deadline: now + 15_000, remainingMs: 15_000 }, now - 4000)
    const reveal = { answer: 'A' as const, explanation: 'Paris is the capital.', counts: { A: 20, B: 3, C: 1, D: 0 } }
    const control: FakeHandler = ({ body }) => {
      const action = (body as { action: string }).action
      if (action === 'start') return { body: live({ phase: 'question', question, players: 25 }) }
      if (action === 'next') return { body: live({ phase: 'standings', question, reveal, standings: rows(['Ana', 'Bo']), serverNow: Date.now() + 1 }) }
      return { status: 409, body: { error: 'Not now', code: 'wrong_phase' } }
    }
    const { calls, user } = setup('/host/live/g1', { 'POST /api/live/games/g1/control': control })
    const socket = await openHub()
    game(socket, live({ players: 25 }))
    await screen.findByRole('button', { name: /^Start/ })

    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Capital of France?' })).toBeInTheDocument()
    expect(calls.filter((c) => c.path.endsWith('/control')).map((c) => c.body)).toEqual([{ action: 'start' }])
    expect(screen.getByTestId('live-countdown')).toHaveTextContent(/Seconds left1[45]/)
    expect(within(screen.getByRole('list', { name: 'Options' })).getAllByRole('listitem')).toHaveLength(4)
    expect(screen.getByTestId('live-answered')).toHaveTextContent('0 of 25 answered')
    act(() => socket.serverSend({ type: 'answers', channel: 'game:g1', question: 0, answered: 18, players: 25, counting: false }))
    expect(screen.getByTestId('live-answered')).toHaveTextContent('18 of 25 answered')
    expect(screen.queryByText('Counting answers…')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Pause/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Skip/ })).toBeInTheDocument()

    // The server closes the question: the reveal, with the right answer in words.
    game(socket, live({ phase: 'reveal', question, reveal, players: 25, serverNow: Date.now() + 1 }))
    const chart = screen.getByRole('list', { name: 'Answers per option' })
    const right = within(chart).getByText('✓ Correct answer', { exact: false }).closest('li') as HTMLElement
    expect(right).toHaveTextContent('Paris')
    expect(right).toHaveTextContent('20 answers')
    expect(within(chart).getAllByRole('listitem')[1]).toHaveTextContent('3 answers')
    expect(screen.getByText('Paris is the capital.')).toBeInTheDocument()

    await user.keyboard(' ')
    expect(await screen.findByRole('list', { name: 'Top 5' })).toHaveTextContent('Ana')

    game(socket, live({ phase: 'finished', podium: rows(['Ana', 'Bo', 'Cy']), standings: rows(['Ana', 'Bo', 'Cy']), serverNow: Date.now() + 2 }))
    const podium = screen.getByRole('list', { name: 'Podium' })
    expect(within(podium).getByText('1st').closest('li')).toHaveTextContent('Ana')
    expect(screen.queryByRole('toolbar', { name: 'Game controls' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the full results' })).toHaveAttribute('href', '/host/live/g1/results')
  })

  it('says "Counting answers…" after the time is up until the reveal comes', async () => {
    const now = Date.now()
    const question = makeQuestion({ opensAt: now - 20_000, deadline: now - 100, remainingMs: 0 }, now - 23_000)
    setup('/host/live/g1', { 'GET /api/live/games/g1': { body: live({ phase: 'question', question, players: 25 }) } })
    await screen.findByRole('heading', { name: 'Capital of France?' })
    const socket = await openHub()
    expect(screen.queryByText('Counting answers…')).not.toBeInTheDocument()

    act(() => socket.serverSend({ type: 'answers', channel: 'game:g1', question: 0, answered: 24, players: 25, counting: true }))
    // Announced politely, next to the answer count.
    expect(screen.getByText('Counting answers…')).toHaveAttribute('role', 'status')
    expect(screen.getByTestId('live-answered')).toHaveTextContent('24 of 25 answered')

    const reveal = { answer: 'A' as const, explanation: null, counts: { A: 20, B: 3, C: 1, D: 0 } }
    game(socket, live({ phase: 'reveal', question, reveal, players: 25, serverNow: Date.now() + 1 }))
    expect(screen.getByRole('list', { name: 'Answers per option' })).toBeInTheDocument()
    expect(screen.queryByText('Counting answers…')).not.toBeInTheDocument()
  })

  it('says "Counting answers…" to a host who comes back while the answers are counted', async () => {
    const now = Date.now()
    const question = makeQuestion({ opensAt: now - 20_000, deadline: now - 100, remainingMs: 0 }, now - 23_000)
    const view = live({ phase: 'question', question, players: 25 })
    setup('/host/live/g1', {
      'GET /api/live/games/g1': { body: { ...view, host: { ...(view.host as NonNullable<GameView['host']>), answered: 25, counting: true } } },
    })
    expect(await screen.findByText('Counting answers…')).toHaveAttribute('role', 'status')
  })

  it('pauses and ends from the controls; ending asks first', async () => {
    const now = Date.now()
    const question = makeQuestion({ opensAt: now - 1000, deadline: now + 15_000 }, now - 4000)
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true)
    const { calls, user } = setup('/host/live/g1', {
      'GET /api/live/games/g1': { body: live({ phase: 'question', question }) },
      'POST /api/live/games/g1/control': ({ body }) =>
        (body as { action: string }).action === 'pause'
          ? { body: live({ phase: 'question', question: { ...question, paused: true, deadline: null, remainingMs: 14_000 } }) }
          : { body: live({ phase: 'finished', podium: [], standings: [] }) },
    })
    await screen.findByRole('heading', { name: 'Capital of France?' })
    await user.keyboard('p')
    await waitFor(() => expect(screen.getByTestId('live-countdown')).toHaveTextContent('Paused'))
    expect(screen.getByRole('button', { name: /^Resume/ })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'End game' }))
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(calls.filter((c) => c.path.endsWith('/control')).map((c) => c.body)).toEqual([{ action: 'pause' }])
    await user.click(screen.getByRole('button', { name: 'End game' }))
    expect(await screen.findByText('No one scored in this game.')).toBeInTheDocument()
    expect(calls.filter((c) => c.path.endsWith('/control')).map((c) => c.body)).toEqual([{ action: 'pause' }, { action: 'end' }])
  })

  it("shows the server's refusal of a control", async () => {
    const { user } = setup('/host/live/g1', {
      'GET /api/live/games/g1': { body: live({}, ['Ana']) },
      'POST /api/live/games/g1/control': { status: 409, body: { error: 'No one has joined yet', code: 'wrong_phase' } },
    })
    await user.click(await screen.findByRole('button', { name: /^Start/ }))
    expect(await screen.findByText('No one has joined yet')).toBeInTheDocument()
  })

  it('says when the game is not there or not yours', async () => {
    setup('/host/live/g1', { 'GET /api/live/games/g1': { status: 404, body: { error: 'Not found', code: 'not_found' } } })
    expect(await screen.findByText('No such game, or it is not yours.')).toBeInTheDocument()
  })
})
