/** /play/live with questions of other types (issue 29); four options A–D are play-live.test.tsx. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeNumericReveal, makeTypedQuestion, makeTypedReveal, playerView } from '@/features/live/testing/fixtures'
import { CURRENT_GAME_KEY, gameKey } from '@/features/live/utils/live-storage'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { servedImage } from '@/testing/media-fixtures'
import { mockApi } from '@/testing/test-utils'
import type { ServedQuestion } from '@/types/api'
import type { GameView } from '@/types/live-game'
import { renderApp } from '../testing/render-app'

const player = { gameId: 'g1', playerId: 'p1', nickname: 'Ana', token: 'player-token', pin: '123456' }

/** A kept player comes back: the page opens its hub connection at once. */
async function comeBack() {
  window.localStorage.setItem(gameKey(player.gameId), JSON.stringify(player))
  window.localStorage.setItem(CURRENT_GAME_KEY, player.gameId)
  mockApi({})
  renderApp('/play/live')
  const user = userEvent.setup()
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0))
  const socket = FakeWebSocket.instances.at(-1) as FakeWebSocket
  act(() => socket.serverOpen())
  return { socket, user }
}

const game = (socket: FakeWebSocket, view: GameView) => act(() => socket.serverSend({ type: 'game', channel: 'game:g1', view }))

/** A question of another type open for answers now (on the real clock). */
function openTyped(served?: ServedQuestion, me: Parameters<typeof playerView>[1] = {}) {
  const now = Date.now()
  return playerView({ phase: 'question', serverNow: now, question: makeTypedQuestion(served, { opensAt: now - 1000, deadline: now + 15_000 }, now - 4000) }, me)
}

const itemsInOrder = () =>
  within(screen.getByRole('group', { name: 'Put the items in order, first at the top.' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.ordering-text')?.textContent)

describe('/play/live with questions of other types', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('puts an ordering in order, submits it by the positions served and shows the verdict', async () => {
    const { socket, user } = await comeBack()
    game(socket, openTyped())
    expect(screen.getByRole('heading', { name: 'Nearest the Sun first' })).toBeInTheDocument()
    // The items as served (the game's secret order), in the play screen's own view, loaded lazily.
    expect(await screen.findByRole('button', { name: 'Move up Mercury' })).toBeInTheDocument()
    expect(itemsInOrder()).toEqual(['Venus', 'Mercury', 'Earth'])
    expect(screen.queryByText('Keys A–D or 1–4 choose an option.')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Move up Mercury' }))
    expect(itemsInOrder()).toEqual(['Mercury', 'Venus', 'Earth'])
    // Nothing goes until the player submits.
    expect(socket.sent.filter((m) => (m as { type: string }).type === 'answer')).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Submit answer' }))
    expect(socket.sent.at(-1)).toEqual({ type: 'answer', channel: 'game:g1', question: 0, response: { order: [1, 0, 2] } })
    expect(screen.getByText('Sending your answer…')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit answer' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Move down Mercury' })).toBeDisabled()

    act(() => socket.serverSend({ type: 'answerAck', channel: 'game:g1', question: 0, response: { order: [1, 0, 2] } }))
    expect(screen.getByText('Answer locked in')).toBeInTheDocument()
    expect(itemsInOrder()).toEqual(['Mercury', 'Venus', 'Earth'])

    const reveal = makeTypedReveal()
    game(socket, playerView({ phase: 'reveal', question: makeTypedQuestion(), reveal }, { points: 5, rank: 2, lastResult: { correct: false, points: 5, f: 0.5 } }))
    // The verdict and its points are announced (a polite live region).
    const verdict = screen.getByRole('heading', { name: '◐ Partly right: 50%' }).closest('[role="status"]')
    expect(verdict).toHaveTextContent('+5 points')
    const right = screen.getByRole('list', { name: '✓ Correct answer:' })
    expect(within(right).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Mercury', 'Venus', 'Earth'])
  })

  it('submits an ordering as served when the player leaves it as it is', async () => {
    const { socket, user } = await comeBack()
    game(socket, openTyped())
    await user.click(await screen.findByRole('button', { name: 'Submit answer' }))
    expect(socket.sent.at(-1)).toMatchObject({ type: 'answer', response: { order: [0, 1, 2] } })
  })

  it('sends a single choice on the tap, like the options A–D', async () => {
    const { socket, user } = await comeBack()
    game(socket, openTyped({ type: 'single_choice', options: ['4', '6', '7', '9', '10'] }))
    expect(await screen.findByRole('group', { name: 'Choose one answer.' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: /7/ }))
    expect(socket.sent.at(-1)).toEqual({ type: 'answer', channel: 'game:g1', question: 0, response: { choice: 2 } })
    expect(screen.queryByRole('button', { name: 'Submit answer' })).not.toBeInTheDocument()
    act(() => socket.serverSend({ type: 'answerAck', channel: 'game:g1', question: 0, response: { choice: 2 } }))
    expect(screen.getByText('Answer locked in')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /7/ })).toHaveAttribute('aria-pressed', 'true')
  })

  it('types an answer and sends it with Enter; the submit waits for something to send', async () => {
    const { socket, user } = await comeBack()
    game(socket, openTyped({ type: 'type_answer' }))
    const field = await screen.findByLabelText('Your answer')
    expect(screen.getByRole('button', { name: 'Submit answer' })).toBeDisabled()
    await user.type(field, 'Paris{Enter}')
    expect(socket.sent.at(-1)).toEqual({ type: 'answer', channel: 'game:g1', question: 0, response: { text: 'Paris' } })
  })

  it('says a poll answer counted without scoring it, and a wrong answer is wrong', async () => {
    const { socket } = await comeBack()
    const poll = makeTypedReveal({ type: 'poll', definition: { type: 'poll', options: ['Tea', 'Coffee'] }, right: 0, partly: 0, wrong: 0, options: [5, 3] })
    game(socket, playerView({ phase: 'reveal', question: makeTypedQuestion({ type: 'poll', options: ['Tea', 'Coffee'] }), reveal: poll }, { lastResult: { correct: false, points: 0 } }))
    expect(screen.getByRole('heading', { name: '✓ Answer counted' })).toBeInTheDocument()
    expect(screen.getByText('Not scored: thanks for taking part.')).toBeInTheDocument()
    expect(screen.queryByText('+0 points')).not.toBeInTheDocument()

    game(socket, playerView({ phase: 'reveal', question: makeTypedQuestion(), reveal: makeTypedReveal(), serverNow: Date.now() + 1 }, { lastResult: { correct: false, points: 0, f: 0 } }))
    expect(screen.getByRole('heading', { name: '✗ Wrong' })).toBeInTheDocument()
  })

  it("keeps the presenter's number line and share right per part off the phone", async () => {
    const { socket } = await comeBack()
    game(socket, playerView({ phase: 'reveal', question: makeTypedQuestion({ type: 'numeric', unit: 'm/s²' }), reveal: makeNumericReveal() }, { lastResult: { correct: true, points: 10, f: 1 } }))
    expect(screen.getByRole('heading', { name: '✓ Correct' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Answers given most' })).toBeInTheDocument()
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Numbers given' })).not.toBeInTheDocument()

    const parts = [{ label: 'Mercury', right: 3 }]
    game(socket, playerView({ phase: 'reveal', question: makeTypedQuestion(), reveal: makeTypedReveal({ parts }), serverNow: Date.now() + 1 }, { lastResult: { correct: false, points: 0, f: 0 } }))
    expect(screen.getByRole('heading', { name: '✗ Wrong' })).toBeInTheDocument()
    expect(screen.queryByText(/Share right per/)).not.toBeInTheDocument()
  })

  it('comes back after a reload to its response, locked in', async () => {
    const { socket } = await comeBack()
    game(socket, openTyped(undefined, { response: { order: [2, 1, 0] } }))
    expect(await screen.findByRole('button', { name: 'Move up Earth' })).toBeDisabled()
    expect(screen.getByText('Answer locked in')).toBeInTheDocument()
    expect(itemsInOrder()).toEqual(['Earth', 'Mercury', 'Venus'])
  })

  it('points at a hotspot’s picture (shown once, in its answer view), submits the point and sees the regions at the reveal', async () => {
    const { socket, user } = await comeBack()
    const now = Date.now()
    const served: ServedQuestion = { type: 'hotspot', regions: ['Lyon', 'Paris'] }
    const question = makeTypedQuestion(served, { text: 'Where is Paris?', opensAt: now - 1000, deadline: now + 15_000, media: servedImage }, now - 4000)
    game(socket, playerView({ phase: 'question', serverNow: now, question }))
    const target = await screen.findByRole('group', { name: 'Picture: tap or click a point; or choose a place by name below' })
    expect(screen.getAllByRole('img', { name: servedImage.alt })).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Submit answer' })).toBeDisabled()
    vi.spyOn(screen.getByTestId('hotspot-box'), 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 400 }))
    fireEvent.click(within(target).getByRole('img', { name: servedImage.alt }), { clientX: 90, clientY: 100 })
    await user.click(screen.getByRole('button', { name: 'Submit answer' }))
    expect(socket.sent.at(-1)).toEqual({ type: 'answer', channel: 'game:g1', question: 0, response: { point: [0.3, 0.25] } })

    const reveal = makeTypedReveal({
      type: 'hotspot',
      definition: {
        type: 'hotspot',
        regions: [
          { name: 'Lyon', shape: { kind: 'rect', x: 0.5, y: 0.5, w: 0.2, h: 0.2 } },
          { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.3, y: 0.25, r: 0.05 } },
        ],
        aspect: 4 / 3,
      },
    })
    game(socket, playerView({ phase: 'reveal', question: { ...question, served }, reveal }, { points: 10, lastResult: { correct: true, points: 10, f: 1 } }))
    expect(screen.getByRole('heading', { name: '✓ Correct' })).toBeInTheDocument()
    expect(screen.getByText('✓ Correct answer:').closest('p')).toHaveTextContent('✓ Correct answer: Paris')
    const figure = screen.getByTestId('hotspot-figure')
    expect(within(figure).getByRole('img', { name: servedImage.alt })).toBeInTheDocument()
    expect([...figure.querySelectorAll('.hotspot-region')].map((g) => g.getAttribute('data-tone'))).toEqual(['other', 'right'])
  })
})
