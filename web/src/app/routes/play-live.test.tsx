import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeQuestion, playerView, rows } from '@/features/live/testing/fixtures'
import { CURRENT_GAME_KEY, gameKey } from '@/features/live/utils/live-storage'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import type { GameView } from '@/types/live-game'
import { renderApp } from '../testing/render-app'

const joined = { gameId: 'g1', playerId: 'p1', nickname: 'Ana', token: 'player-token' }
const lastSocket = () => FakeWebSocket.instances.at(-1) as FakeWebSocket

/** The player's own hub connection (with the player token), opened. */
async function openHub() {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0))
  const socket = lastSocket()
  expect(socket.url).toMatch(/\/ws\?token=player-token$/)
  act(() => socket.serverOpen())
  expect(socket.sent).toEqual([{ type: 'subscribe', channel: 'game:g1' }])
  return socket
}

const game = (socket: FakeWebSocket, view: GameView) => act(() => socket.serverSend({ type: 'game', channel: 'game:g1', view }))
/** A question open for answers now (on the real clock). */
function openQuestion(me: Parameters<typeof playerView>[1] = {}) {
  const now = Date.now()
  return playerView({ phase: 'question', serverNow: now, question: makeQuestion({ opensAt: now - 1000, deadline: now + 15_000 }, now - 4000) }, me)
}

function setup(path: string, join: FakeHandler | FakeResponse = { body: joined }) {
  const api = mockApi({ 'POST /api/live/join': join })
  return { ...api, ...renderApp(path), user: userEvent.setup() }
}

function keep(player = { ...joined, pin: '123456' }) {
  window.localStorage.setItem(gameKey(player.gameId), JSON.stringify(player))
  window.localStorage.setItem(CURRENT_GAME_KEY, player.gameId)
}

describe('/play/live', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('joins with the key of the link it was opened with', async () => {
    const { calls, user } = setup('/play/live?pin=123456&key=0123abcd')
    await user.type(await screen.findByLabelText('Nickname'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    await openHub()
    expect(calls.find((c) => c.path === '/api/live/join')?.body).toEqual({ pin: '123456', nickname: 'Ana', key: '0123abcd' })
  })

  it('lets a guest join from the link, play a question and see the result', async () => {
    const { calls, user } = setup('/play/live?pin=123456')
    const pin = await screen.findByLabelText('Game PIN')
    expect(pin).toHaveValue('123456')
    await user.type(screen.getByLabelText('Nickname'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Join' }))

    const socket = await openHub()
    const join = calls.find((c) => c.path === '/api/live/join')
    expect(join?.body).toEqual({ pin: '123456', nickname: 'Ana' })
    expect(join?.headers.Authorization).toBeUndefined()
    expect(join?.headers['X-Quizroom-Client']).toMatch(/^[0-9a-f]{32}$/)
    expect(JSON.parse(window.localStorage.getItem(gameKey('g1')) ?? 'null')).toEqual({ ...joined, pin: '123456' })
    expect(window.localStorage.getItem(CURRENT_GAME_KEY)).toBe('g1')

    game(socket, playerView())
    expect(screen.getByRole('heading', { name: 'You’re in!' })).toBeInTheDocument()
    // A player's view is not sent again when others join: no count that would stay stale.
    expect(screen.queryByText(/players? in the game/)).not.toBeInTheDocument()

    game(socket, openQuestion())
    expect(screen.getByRole('heading', { name: 'Capital of France?' })).toBeInTheDocument()
    const options = within(screen.getByRole('group', { name: 'Capital of France?' })).getAllByRole('button')
    expect(options.map((o) => o.textContent)).toEqual(['AA. Paris', 'BB. Lyon', 'CC. Nice', 'DD. Lille'])
    await user.keyboard('2')
    expect(socket.sent.at(-1)).toEqual({ type: 'answer', channel: 'game:g1', question: 0, choice: 'B' })
    expect(screen.getByText('Sending your answer…')).toBeInTheDocument()
    act(() => socket.serverSend({ type: 'answerAck', channel: 'game:g1', question: 0, choice: 'B' }))
    expect(screen.getByText('Answer locked in')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Lyon/ })).toHaveAttribute('aria-pressed', 'true')

    const reveal = { answer: 'A' as const, explanation: null, counts: { A: 1, B: 1, C: 0, D: 0 } }
    game(socket, playerView({ phase: 'reveal', question: makeQuestion(), reveal }, { answer: 'B', rank: 2, points: 0, lastResult: { correct: false, points: 0 } }))
    expect(screen.getByRole('heading', { name: '✗ Wrong' })).toBeInTheDocument()
    expect(screen.getByTestId('live-my-score')).toHaveTextContent('You are 2nd with 0 points')

    game(socket, playerView({ phase: 'standings', standings: rows(['Bo', 'Ana']) }, { playerId: 'p-Ana', rank: 2, points: 900 }))
    expect(within(screen.getByRole('list', { name: 'Top 5' })).getByText('(you)', { exact: false }).closest('li')).toHaveTextContent('Ana')

    game(socket, playerView({ phase: 'finished', podium: rows(['Bo', 'Ana']) }, { playerId: 'p-Ana', rank: 2, points: 900 }))
    expect(screen.getByTestId('live-final-rank')).toHaveTextContent('You finished 2nd with 900 points')
    // A guest has no history of live games.
    expect(screen.queryByRole('link', { name: 'Your live games' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Join another game' }))
    expect(await screen.findByLabelText('Game PIN')).toHaveValue('')
    expect(window.localStorage.getItem(CURRENT_GAME_KEY)).toBeNull()
  })

  it('sends the session token when a signed-in player joins, and links to their live games', async () => {
    signInAs()
    const { calls, user } = setup('/play/live')
    await user.type(await screen.findByLabelText('Game PIN'), '123456')
    expect(screen.getByRole('link', { name: 'Your live games' })).toHaveAttribute('href', '/play/live/history')
    await user.type(screen.getByLabelText('Nickname'), 'Ada')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    const socket = await openHub()
    expect(calls.find((c) => c.path === '/api/live/join')?.headers.Authorization).toMatch(/^Bearer /)
    game(socket, playerView({ phase: 'finished', podium: rows(['Ada']) }, { playerId: 'p1', nickname: 'Ada', rank: 1, points: 900 }))
    expect(screen.getByTestId('live-final-rank')).toHaveTextContent('You finished 1st with 900 points')
    expect(screen.getByRole('link', { name: 'Your live games' })).toHaveAttribute('href', '/play/live/history')
  })

  it.each<[string, FakeResponse, string]>([
    ['a wrong PIN', { status: 404, body: { error: 'No game with this PIN', code: 'game_not_found' } }, 'No game with this PIN'],
    ['a locked lobby', { status: 409, body: { error: 'x', code: 'lobby_locked' } }, "This game's lobby is locked"],
    ['an ended game', { status: 409, body: { error: 'x', code: 'game_finished' } }, 'This game has ended'],
    ['a kicked player', { status: 403, body: { error: 'x', code: 'kicked' } }, 'You were removed from this game'],
    ['a refused nickname', { status: 422, body: { error: 'x', code: 'nickname_refused' } }, 'Please choose another nickname'],
    [
      'too many wrong PINs',
      { status: 429, body: { error: 'Too many requests', code: 'rate_limited' }, headers: { 'Retry-After': '45' } },
      'Too many wrong PINs. Please wait 45 seconds and try again.',
    ],
  ])('says so for %s', async (_, refusal, text) => {
    const { user } = setup('/play/live?pin=123456', refusal)
    await user.type(await screen.findByLabelText('Nickname'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(window.localStorage.getItem(CURRENT_GAME_KEY)).toBeNull()
    expect(FakeWebSocket.instances).toHaveLength(0)
  })

  it('offers to sign in when the game requires it, and comes back to the PIN', async () => {
    const { user } = setup('/play/live?pin=123456', { status: 401, body: { error: 'x', code: 'sign_in_required' } })
    await user.type(await screen.findByLabelText('Nickname'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    expect(await screen.findByText('Sign in to join this game', { exact: false })).toBeInTheDocument()
    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Sign in' }))
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/play/live?pin=123456')
  })

  it('checks the PIN and nickname before joining', async () => {
    const { calls, user } = setup('/play/live')
    await user.type(await screen.findByLabelText('Game PIN'), '12a3')
    expect(screen.getByLabelText('Game PIN')).toHaveValue('123')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    expect(screen.getByText('Please enter the 6-digit game PIN')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Game PIN'), '456')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    expect(screen.getByText('Please enter a nickname')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('comes back after a reload with the same token, into the current question', async () => {
    keep()
    setup('/play/live')
    expect(await screen.findByText('Connecting to the game...')).toBeInTheDocument()
    const socket = await openHub()
    game(socket, openQuestion({ answer: 'C', points: 950 }))
    expect(screen.getByText('Answer locked in')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Nice/ })).toHaveAttribute('aria-pressed', 'true')
  })

  it('joins another game when the link has another PIN', async () => {
    keep()
    setup('/play/live?pin=654321')
    expect(await screen.findByLabelText('Game PIN')).toHaveValue('654321')
    expect(screen.getByLabelText('Nickname')).toHaveValue('')
  })

  it('says when the player was removed, and forgets the game', async () => {
    keep()
    setup('/play/live')
    const socket = await openHub()
    game(socket, playerView())
    act(() => socket.serverSend({ type: 'kicked', channel: 'game:g1' }))
    expect(screen.getByText('You were removed from this game')).toBeInTheDocument()
    expect(window.localStorage.getItem(gameKey('g1'))).toBeNull()
    expect(window.localStorage.getItem(CURRENT_GAME_KEY)).toBeNull()
  })

  it('warns before leaving a running game', async () => {
    keep()
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    const { router } = setup('/play/live')
    const socket = await openHub()
    game(socket, playerView())
    await act(async () => {
      await router.navigate('/pricing')
    })
    expect(confirm).toHaveBeenCalledWith('You are in a live game. Leave anyway? You can come back with the same name and points.')
    expect(router.state.location.pathname).toBe('/play/live')
  })
})
