/** The presenter with questions of other types (issue 29); four options A–D are host-live.test.tsx. */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CLOUD_WORDS, hostView, makeNumericReveal, makeTypedQuestion, makeTypedReveal, rows, wordCloudView } from '@/features/live/testing/fixtures'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { servedImage } from '@/testing/media-fixtures'
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

/** The widths of a chart's bars, top first. */
const fills = (list: HTMLElement) => Array.from(list.querySelectorAll<HTMLElement>('.live-chart-fill')).map((fill) => fill.style.width)

/** A number of an SVG attribute. */
const attr = (element: Element, name: string) => Number(element.getAttribute(name))

/** `view`, later (a newer `serverNow`), with the host's part changed. */
const later = (view: GameView, host: Partial<NonNullable<GameView['host']>>, step = 1): GameView => ({
  ...view,
  serverNow: view.serverNow + step,
  host: { ...(view.host as NonNullable<GameView['host']>), ...host },
})

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

  it('shows a slide without a count of answers, as it asks for none', async () => {
    await present(openQuestion({ type: 'slide' }))
    expect(await screen.findByText('Slide')).toBeInTheDocument()
    expect(screen.queryByTestId('live-answered')).not.toBeInTheDocument()
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

  it('shows a hotspot’s picture and its places while open, then the regions drawn on the projector’s picture at the reveal', async () => {
    const now = Date.now()
    const served: ServedQuestion = { type: 'hotspot', regions: ['Lyon', 'Paris'] }
    const question = makeTypedQuestion(served, { text: 'Where is Paris?', opensAt: now - 1000, deadline: now + 15_000, remainingMs: 15_000, media: servedImage }, now - 4000)
    const { socket } = await present(live({ phase: 'question', question }))
    expect(await screen.findByText('Hotspot')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: servedImage.alt })).toHaveAttribute('src', servedImage.projector.url)
    expect(texts(screen.getByRole('list', { name: 'Places' }))).toEqual(['Lyon', 'Paris'])

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
    act(() => socket.serverSend({ type: 'game', channel: 'game:g1', view: live({ phase: 'reveal', serverNow: now + 20_000, question, reveal }) }))
    expect(await screen.findByText('✓ Correct answer:')).toBeInTheDocument()
    expect(screen.getByText('✓ Correct answer:').closest('p')).toHaveTextContent('✓ Correct answer: Paris')
    const figure = screen.getByTestId('hotspot-figure')
    expect(within(figure).getByRole('img', { name: servedImage.alt })).toHaveAttribute('src', servedImage.projector.url)
    expect([...figure.querySelectorAll('.hotspot-region')].map((g) => g.getAttribute('data-tone'))).toEqual(['other', 'right'])
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

  it('reveals a numeric question on a number line: the right band shaded, the answer marked, each number as tall as how many gave it', async () => {
    await present(live({ phase: 'reveal', question: makeTypedQuestion({ type: 'numeric', unit: 'm/s²' }), reveal: makeNumericReveal() }))
    const figure = await screen.findByRole('figure', { name: 'The answer is 9.81 m/s², right from 9.71 to 9.91 m/s².' })
    // Its text alternative: each number given, how many gave it, and whether it is right.
    expect(texts(within(figure).getByRole('list', { name: 'Numbers given' }))).toEqual(['4 gave 9.8 m/s² (right)', '6 gave 9.81 m/s² (right)', '2 gave 10.5 m/s²'])

    const drawing = within(figure).getByTestId('number-line')
    expect(drawing).toHaveAttribute('aria-hidden', 'true')
    const band = drawing.querySelector('.number-line-band') as Element
    const [from, to] = [attr(band, 'x'), attr(band, 'x') + attr(band, 'width')]
    const bars = Array.from(drawing.querySelectorAll('.number-line-value'))
    expect(bars.map((bar) => [bar.getAttribute('data-value'), bar.getAttribute('data-count'), bar.classList.contains('is-right')])).toEqual([
      ['9.8', '4', true],
      ['9.81', '6', true],
      ['10.5', '2', false],
    ])
    const middles = bars.map((bar) => attr(bar, 'x') + attr(bar, 'width') / 2)
    // The right numbers in the band, the wrong one beyond it, in order along the line.
    expect(middles[0]).toBeGreaterThan(from)
    expect(middles[1]).toBeLessThan(to)
    expect(middles[2]).toBeGreaterThan(to)
    expect(middles[0]).toBeLessThan(middles[1])
    // As tall as how many gave each: 6 the tallest, 4 two thirds of it, 2 a third.
    const [four, six, two] = bars.map((bar) => attr(bar, 'height'))
    expect(four / six).toBeCloseTo(4 / 6)
    expect(two / six).toBeCloseTo(2 / 6)
    // The answer marked and labelled inside the band; the line's ends labelled.
    const target = attr(drawing.querySelector('.number-line-target') as Element, 'x1')
    expect(target).toBeGreaterThan(from)
    expect(target).toBeLessThan(to)
    expect(Array.from(drawing.querySelectorAll('text')).map((text) => text.textContent)).toEqual(['✓ 9.81 m/s²', '9', '11'])

    // The answers given most stay, and so does the right answer in words.
    expect(texts(screen.getByRole('list', { name: 'Answers given most' }))).toEqual(['9.816 answers', '9.84 answers', '10.52 answers'])
    expect(screen.getByText('✓ Correct answer:').closest('p')).toHaveTextContent('9.81 m/s² (± 0.1)')
  })

  it("draws a slider's number line without a unit, and says when no number was given", async () => {
    const slider = makeNumericReveal({
      type: 'slider',
      definition: { type: 'slider', min: 0, max: 100, step: 5, target: 40, margin: 10 },
      answered: 0,
      right: 0,
      wrong: 0,
      given: [],
      numbers: { low: 0, high: 100, target: 40, band: [30, 50], values: [] },
    })
    await present(live({ phase: 'reveal', question: makeTypedQuestion({ type: 'slider', min: 0, max: 100, step: 5 }), reveal: slider }))
    const figure = await screen.findByRole('figure', { name: 'The answer is 40, right from 30 to 50.' })
    expect(within(figure).getByText('No numbers were given.')).toBeInTheDocument()
    expect(within(figure).queryByRole('list')).not.toBeInTheDocument()
  })

  it('reveals the share right per place of an ordering, and per pair of a matching nobody answered as 0%', async () => {
    const parts = [
      { label: 'Mercury', right: 12 },
      { label: 'Venus', right: 6 },
      { label: 'Earth', right: 0 },
    ]
    const { socket } = await present(live({ phase: 'reveal', question: makeTypedQuestion(), reveal: makeTypedReveal({ parts }) }))
    const places = await screen.findByRole('list', { name: 'Share right per place' })
    // An ordering's places are numbered (the list's order; the number on screen is for the eyes).
    expect(places.tagName).toBe('OL')
    expect(texts(places)).toEqual(['1Mercury50% right', '2Venus25% right', '3Earth0% right'])
    expect(fills(places)).toEqual(['50%', '25%', '0%'])
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()

    const matching = makeTypedReveal({
      type: 'matching',
      definition: { type: 'matching', pairs: [{ left: 'France', right: 'Paris' }, { left: 'Italy', right: 'Rome' }] },
      answered: 0,
      right: 0,
      partly: 0,
      wrong: 0,
      parts: [
        { label: 'France', right: 0 },
        { label: 'Italy', right: 0 },
      ],
    })
    act(() => socket.serverSend({ type: 'game', channel: 'game:g1', view: live({ phase: 'reveal', serverNow: Date.now() + 1, question: makeTypedQuestion({ type: 'matching', left: ['France', 'Italy'], right: ['Rome', 'Paris'] }, { index: 1 }), reveal: matching }) }))
    const pairs = screen.getByRole('list', { name: 'Share right per pair' })
    expect(pairs.tagName).toBe('UL')
    expect(texts(pairs)).toEqual(['France0% right', 'Italy0% right'])
    expect(fills(pairs)).toEqual(['0%', '0%'])
  })

  it("shows a poll's answers so far as bars while it runs, growing as answers come in", async () => {
    const open = openQuestion({ type: 'poll', options: ['Tea', 'Coffee', 'Water'] })
    const { socket } = await present(later(open, { pollCounts: [0, 0, 0] }))
    const bars = await screen.findByRole('list', { name: 'Answers so far per option' })
    expect(texts(bars)).toEqual(['AA. Tea0 answers', 'BB. Coffee0 answers', 'CC. Water0 answers'])
    // In place of the options: each bar carries its option's letter and text.
    expect(screen.queryByRole('list', { name: 'Options' })).not.toBeInTheDocument()
    expect(screen.getByText('Poll')).toBeInTheDocument()

    act(() => socket.serverSend({ type: 'game', channel: 'game:g1', view: later(open, { answered: 3, pollCounts: [2, 1, 0] }, 2) }))
    const grown = screen.getByRole('list', { name: 'Answers so far per option' })
    expect(texts(grown)).toEqual(['AA. Tea2 answers', 'BB. Coffee1 answer', 'CC. Water0 answers'])
    expect(fills(grown)).toEqual(['100%', '50%', '0%'])
    // No right answer while it runs (a poll has none anyway).
    expect(screen.queryByText(/Correct answer/)).not.toBeInTheDocument()
  })

  it('shows the options of a poll without bars when the view has no answers so far', async () => {
    await present(openQuestion({ type: 'poll', options: ['Tea', 'Coffee'] }))
    expect(texts(await screen.findByRole('list', { name: 'Options' }))).toEqual(['AA. Tea', 'BB. Coffee'])
    expect(screen.queryByRole('list', { name: 'Answers so far per option' })).not.toBeInTheDocument()
  })

  it("shows a word cloud at the standings once its answers are shown to the room, not before", async () => {
    const standings = { phase: 'standings' as const, standings: rows(['Ana', 'Bo']) }
    await present(cloud(CLOUD_WORDS, standings), {
      'POST /api/live/games/g1/control': () => ({ body: cloud(null, standings) }),
    })
    expect(await screen.findByRole('list', { name: 'Top 5' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Word cloud' })).not.toBeInTheDocument()

    const panel = screen.getByRole('region', { name: '19 answers are waiting for you to check them' })
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show answers to the room' }))
    const words = await screen.findByRole('list', { name: 'Word cloud' })
    expect(texts(words)).toEqual(['fun (12 answers)', 'hard (5 answers)', 'long (2 answers)'])
    expect(texts(screen.getByRole('list', { name: 'Top 5' }))).toHaveLength(2)
    expect(screen.queryByText(/waiting for you to check/)).not.toBeInTheDocument()
  })

  it('shows no word cloud at the standings of another question, or of a cloud nobody answered', async () => {
    const { socket } = await present(live({ phase: 'standings', question: makeTypedQuestion(), reveal: makeTypedReveal(), standings: rows(['Ana']) }))
    expect(await screen.findByRole('list', { name: 'Top 5' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Word cloud' })).not.toBeInTheDocument()
    act(() => socket.serverSend({ type: 'game', channel: 'game:g1', view: cloud(null, { phase: 'standings', serverNow: Date.now() + 1, standings: rows(['Ana']), reveal: { ...makeTypedReveal(), type: 'word_cloud', definition: { type: 'word_cloud' }, given: [] } }) }))
    expect(screen.getByRole('list', { name: 'Top 5' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Word cloud' })).not.toBeInTheDocument()
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
