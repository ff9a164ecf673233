/** The presenter with questions of other types (issue 29); four options A–D are host-live.test.tsx. */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CLOUD_WORDS, hostView, makeTypedQuestion, makeTypedReveal, rows, wordCloudView } from '@/features/live/testing/fixtures'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import type { ServedQuestion } from '@/types/api'
import type { GameView } from '@/types/live-game'
import { renderApp } from '../testing/render-app'

/** A view on the real clock (the offset to it is what the presenter uses). */
const live = (overrides: Partial<GameView>) => hostView({ serverNow: Date.now(), players: 25, ...overrides }, ['Ana', 'Bo'])

/** The presenter of game g1, showing `view`, with its hub connection open, and the API calls it made. */
async function present(view: GameView, handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const { calls } = mockApi({ 'GET /api/live/games/g1': { body: view }, ...handlers })
  signInAs()
  renderApp('/host/live/g1')
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0))
  const socket = FakeWebSocket.instances.at(-1) as FakeWebSocket
  act(() => socket.serverOpen())
  return { socket, calls }
}

/** The host at a word cloud's reveal (or `phase`) on the real clock, its answers waiting or (`null`) shown. */
const cloud = (pending: typeof CLOUD_WORDS | null, overrides: Partial<GameView> = {}) =>
  wordCloudView(pending, { serverNow: Date.now(), players: 25, ...overrides })

function openQuestion(served?: ServedQuestion): GameView {
  const now = Date.now()
  return live({ phase: 'question', question: makeTypedQuestion(served, { opensAt: now - 1000, deadline: now + 15_000, remainingMs: 15_000 }, now - 4000) })
}

const texts = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.textContent)

describe('/host/live/:gameId with questions of other types', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows an ordering as served while it is open', async () => {
    await present(openQuestion())
    expect(await screen.findByRole('heading', { name: 'Nearest the Sun first' })).toBeInTheDocument()
    expect(screen.getByText('Ordering')).toBeInTheDocument()
    expect(texts(screen.getByRole('list', { name: 'Items to put in order' }))).toEqual(['Venus', 'Mercury', 'Earth'])
    expect(screen.queryByRole('list', { name: 'Options' })).not.toBeInTheDocument()
  })

  it('shows the options of a single choice, lettered past D, and the range of a slider', async () => {
    const { socket } = await present(openQuestion({ type: 'single_choice', options: ['4', '6', '7', '9', '10'] }))
    const options = await screen.findByRole('list', { name: 'Options' })
    expect(texts(options)).toEqual(['AA. 4', 'BB. 6', 'CC. 7', 'DD. 9', 'EE. 10'])

    const slider = openQuestion({ type: 'slider', min: 0, max: 100, step: 5 })
    act(() => socket.serverSend({ type: 'game', channel: 'game:g1', view: { ...slider, question: { ...slider.question, index: 1 } } }))
    expect(screen.getByText('Choose a value from 0 to 100 in steps of 5.')).toBeInTheDocument()
  })

  it('reveals an ordering: how the answers went and the right order in words', async () => {
    await present(live({ phase: 'reveal', question: makeTypedQuestion(), reveal: makeTypedReveal() }))
    expect(await screen.findByText('24 answers')).toBeInTheDocument()
    expect(texts(screen.getByRole('list', { name: 'How the answers went' }))).toEqual(['✓ 10 right', '◐ 6 partly right', '✗ 8 wrong'])
    const right = screen.getByRole('list', { name: '✓ Correct answer:' })
    expect(right.tagName).toBe('OL')
    expect(texts(right)).toEqual(['Mercury', 'Venus', 'Earth'])
    expect(screen.getByText('Mercury is the closest planet to the Sun.')).toBeInTheDocument()
  })

  it('reveals a poll as bars per option, with no right answer and no score', async () => {
    const reveal = makeTypedReveal({
      type: 'poll',
      definition: { type: 'poll', options: ['Tea', 'Coffee', 'Water'] },
      explanation: null,
      answered: 8,
      right: 0,
      partly: 0,
      wrong: 0,
      options: [5, 3, 0],
    })
    await present(live({ phase: 'reveal', question: makeTypedQuestion({ type: 'poll', options: ['Tea', 'Coffee', 'Water'] }), reveal }))
    const chart = await screen.findByRole('list', { name: 'Answers per option' })
    expect(texts(chart)).toEqual(['AA. Tea5 answers', 'BB. Coffee3 answers', 'CC. Water0 answers'])
    expect(screen.getByText('8 answers')).toBeInTheDocument()
    expect(screen.queryByText(/Correct answer/)).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'How the answers went' })).not.toBeInTheDocument()
  })

  it('reveals a word cloud as words sized by how often they were given', async () => {
    // Shown already: nothing waits for the host.
    await present(cloud(null))
    const words = within(await screen.findByRole('list', { name: 'Word cloud' })).getAllByRole('listitem')
    expect(words.map((word) => word.textContent)).toEqual(['fun (12 answers)', 'hard (5 answers)', 'long (2 answers)'])
    expect(words.map((word) => word.style.fontSize)).toEqual(['3em', '1.6em', '1em'])
    expect(screen.getByText('19 answers')).toBeInTheDocument()
    expect(screen.queryByText(/waiting for you to check/)).not.toBeInTheDocument()
  })

  it("keeps a word cloud's answers for the host to check, then shows them to the room", async () => {
    const { calls } = await present(cloud(CLOUD_WORDS), {
      // Answered when sent, so it is newer than the view before it.
      'POST /api/live/games/g1/control': () => ({ body: cloud(null) }),
    })
    const panel = await screen.findByRole('region', { name: '19 answers are waiting for you to check them' })
    expect(screen.queryByRole('list', { name: 'Word cloud' })).not.toBeInTheDocument()
    // The projector is the room's screen: the answers are folded away until the host opens them.
    const summary = within(panel).getByText('Check the answers first')
    expect(summary.closest('details')).not.toHaveAttribute('open')
    expect(texts(within(panel).getByRole('list', { name: 'Answers waiting to be shown', hidden: true }))).toEqual([
      'fun12 answers',
      'hard5 answers',
      'long2 answers',
    ])
    // Its button is with the answers, not among the controls, and Enter still moves on.
    const controls = screen.getByRole('toolbar', { name: 'Game controls' })
    expect(within(controls).queryByRole('button', { name: 'Show answers to the room' })).not.toBeInTheDocument()
    expect(within(controls).getByRole('button', { name: /^Show standings/ })).toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(within(panel).getByRole('button', { name: 'Show answers to the room' }))
    const words = await screen.findByRole('list', { name: 'Word cloud' })
    expect(texts(words)).toEqual(['fun (12 answers)', 'hard (5 answers)', 'long (2 answers)'])
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/live/games/g1/control', { action: 'showAnswers' }],
    ])
    expect(screen.queryByText(/waiting for you to check/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show answers to the room' })).not.toBeInTheDocument()
  })

  it("says when the server refuses to show a word cloud's answers, as for any control", async () => {
    await present(cloud([{ answer: 'fun', count: 1 }], { phase: 'standings', standings: rows(['Ana', 'Bo']) }), {
      'POST /api/live/games/g1/control': { status: 409, body: { error: 'Answers are shown once the question has closed', code: 'wrong_phase' } },
    })
    // At the standings too, with them.
    expect(await screen.findByRole('list', { name: 'Top 5' })).toBeInTheDocument()
    const panel = screen.getByRole('region', { name: '1 answer is waiting for you to check it' })
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show answers to the room' }))
    expect(await screen.findByText('Answers are shown once the question has closed')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: '1 answer is waiting for you to check it' })).toBeInTheDocument()
  })

  it('reveals a typed answer with the accepted answers and the answers given most, ranked', async () => {
    const reveal = makeTypedReveal({
      type: 'type_answer',
      definition: { type: 'type_answer', accepted: ['Paris', 'Paname'] },
      given: [
        { answer: 'Paris', count: 12 },
        { answer: 'Lyon', count: 1 },
      ],
    })
    await present(live({ phase: 'reveal', question: makeTypedQuestion({ type: 'type_answer' }), reveal }))
    expect((await screen.findByText('✓ Correct answer:')).closest('p')).toHaveTextContent('✓ Correct answer: Paris or Paname')
    const given = screen.getByRole('list', { name: 'Answers given most' })
    expect(given.tagName).toBe('OL')
    expect(texts(given)).toEqual(['Paris12 answers', 'Lyon1 answer'])
  })
})
