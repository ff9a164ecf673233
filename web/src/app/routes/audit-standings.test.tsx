import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { BEN, CID, ENTRIES, standingsAt, timelinePage } from '@/features/audit/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

beforeAll(() => import('./audit'))

/** Standings as of `position` on screen (a text query: role queries over big tables are slow in jsdom). */
const standingsShown = (position: number) => screen.findByText(`Standings as of position ${position}`, {}, { timeout: 5000 })

const STANDINGS = 'GET /api/audit/quizzes/12/standings'

/** Answers as the server does: `at` (default the head, 61) and, with `since`, the moves and changes. */
const standings: FakeHandler = ({ url }) => {
  const params = new URL(url, 'http://localhost').searchParams
  const at = Number(params.get('at') ?? 61)
  const since = params.get('since')
  const compare = since
    ? {
        since: Number(since),
        moves: [
          { userId: BEN.id, name: BEN.name, rankBefore: 3, rankAfter: 2, pointsBefore: 10, pointsAfter: 30 },
          { userId: CID.id, name: CID.name, rankBefore: 2, rankAfter: 3, pointsBefore: 20, pointsAfter: 20 },
        ],
        changes: [ENTRIES[1], ENTRIES[0]],
      }
    : {}
  return { body: standingsAt(at, compare) }
}

function setup(handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({ 'GET /api/audit/quizzes/12/timeline': { body: timelinePage() }, [STANDINGS]: standings, ...handlers })
  signInAs()
  return { ...api, ...renderApp('/audit/quizzes/12?tab=standings'), user: userEvent.setup() }
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent))
const standingQueries = (calls: Array<{ path: string; query: string }>) =>
  calls.filter((c) => c.path === '/api/audit/quizzes/12/standings').map((c) => c.query)

describe('/audit/quizzes/:quizId?tab=standings', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the standings now, with the time line on the last moment', async () => {
    const { calls } = setup()
    await standingsShown(61)
    const table = screen.getByRole('table', { name: 'Standings as of position 61' })
    expect(await screen.findByText('Audit: Warm-up', { selector: 'h1' })).toBeInTheDocument()
    expect(standingQueries(calls)).toEqual([''])
    // The timeline tab is not loaded until it is opened.
    expect(calls.some((c) => c.path.endsWith('/timeline'))).toBe(false)
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Rank',
      'Player',
      'Points',
      'Score',
      'Submitted',
      'By',
      'Attempts',
      'Sheet',
    ])
    expect(rowsOf(table).map((row) => row.slice(0, 4))).toEqual([
      ['1', 'Ann Able', '30', '3/3'],
      ['2', 'Ben Baker', '30', '3/3'],
      ['3', 'Cid Cole', '20', '2/3'],
    ])
    expect(within(table).getByRole('link', { name: 'Open the attempt sheet of Ben Baker' })).toHaveAttribute('href', '/audit/attempts/a-ben-2')
    expect(screen.getByTestId('audit-as-of')).toHaveTextContent(/^As of position 61 \(.+\), the latest$/)
    const slider = screen.getByRole('slider', { name: 'Moment' })
    expect(slider).toHaveAttribute('max', '5')
    expect(slider).toHaveValue('5')
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Submitted, #60, /))
    expect(screen.getByRole('button', { name: 'Now' })).toBeDisabled()
  })

  it('moves back to the moment before the retake and shows the standings then', async () => {
    const { calls, user } = setup()
    await standingsShown(61)
    const slider = screen.getByRole('slider', { name: 'Moment' })
    // Two steps back at once (as a quick slide): the label follows each, the standings are asked once.
    fireEvent.change(slider, { target: { value: '4' } })
    expect(screen.getByTestId('moment-label')).toHaveTextContent(/^Retake granted, #58, /)
    fireEvent.change(slider, { target: { value: '3' } })
    expect(screen.getByTestId('moment-label')).toHaveTextContent(/^Submitted, #57, /)
    await standingsShown(57)
    const table = screen.getByRole('table', { name: 'Standings as of position 57' })
    expect(rowsOf(table).map((row) => [...row.slice(0, 4), row[5]])).toEqual([
      ['1', 'Ann Able', '30', '3/3', 'Player'],
      ['2', 'Cid Cole', '20', '2/3', 'Player'],
      ['3', 'Ben Baker', '10', '1/3', 'Server, at the deadline'],
    ])
    expect(standingQueries(calls)).toEqual(['', 'at=57'])

    await user.click(screen.getByRole('button', { name: 'Earlier moment' }))
    expect(screen.getByTestId('moment-label')).toHaveTextContent(/^Submitted, #54, /)
    await standingsShown(54)

    await user.click(screen.getByRole('button', { name: 'Now' }))
    await standingsShown(61)
    expect(standingQueries(calls).at(-1)).toBe('')
  })

  it('compares with an earlier moment: who moved and what happened in between', async () => {
    const { calls, user } = setup()
    await standingsShown(61)
    const compare = screen.getByRole('combobox', { name: 'Compare with…' })
    const options = within(compare).getAllByRole('option').map((o) => o.textContent)
    expect(options[0]).toBe('Nothing (no comparison)')
    expect(options.slice(1).map((o) => o?.split(',')[0])).toEqual(['Hosted', 'Submitted', 'Submitted', 'Submitted', 'Retake granted', 'Submitted'])
    await user.selectOptions(compare, '57')
    await screen.findByText('Who moved between position 57 and 61', {}, { timeout: 5000 })
    const moves = screen.getByRole('table', { name: 'Who moved between position 57 and 61' })
    expect(standingQueries(calls).at(-1)).toBe('since=57')
    expect(rowsOf(moves)).toEqual([
      ['Ben Baker', '3', '2', '10', '30'],
      ['Cid Cole', '2', '3', '20', '20'],
    ])
    const between = screen.getByRole('list', { name: 'Changes in between' })
    expect(within(between).getAllByTestId('audit-entry').map((e) => e.textContent)).toEqual([
      expect.stringContaining('Retake granted by Hedy Lamarr'),
      expect.stringContaining('3/3 right, 30 points'),
    ])
    // Moving before the compared moment ends the comparison.
    fireEvent.change(screen.getByRole('slider', { name: 'Moment' }), { target: { value: '1' } })
    expect(compare).toHaveValue('')
    await waitFor(() => expect(standingQueries(calls).at(-1)).toBe('at=47'))
  })

  it('says when loading fails and tries again', async () => {
    let fail = true
    const { user } = setup({ [STANDINGS]: (request) => (fail ? { status: 429, body: { error: 'Too many' } } : standings(request)) })
    expect(await screen.findByText('Too many audit requests. Please wait a moment and try again.', {}, { timeout: 5000 })).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await standingsShown(61)).toBeInTheDocument()
  })
})

/** jsdom has no object URLs, and a download clicks a link: lend both for one test. */
function lendDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:history')
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL')
    Reflect.deleteProperty(URL, 'revokeObjectURL')
  })
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
  return { createObjectURL, click }
}

describe("exporting a quiz's history", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('streams the file with a progress bar, then downloads it', async () => {
    const { createObjectURL, click } = lendDownloads()
    let answer: (response: FakeResponse) => void = () => undefined
    const csv = 'position,kind\n31,hosted\n40,edited\n'
    const { calls, user } = setup({ 'GET /api/audit/quizzes/12/export': () => new Promise((resolve) => (answer = resolve)) })
    await user.click(await screen.findByText('Export CSV', { selector: 'button' }, { timeout: 5000 }))
    expect(screen.getByRole('button', { name: 'Export JSON lines' })).toBeDisabled()
    answer({ text: csv, headers: { 'X-Total-Events': '2', 'Content-Disposition': 'attachment; filename="quiz-12-history.csv"' } })
    expect(await screen.findByText('Exported 2 events to quiz-12-history.csv.')).toBeInTheDocument()
    expect(calls.find((c) => c.path.endsWith('/export'))?.query).toBe('format=csv')
    expect(click).toHaveBeenCalledTimes(1)
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('quiz-12-history.csv')
    expect(await createObjectURL.mock.calls[0][0].text()).toBe(csv)
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
  })

  it('shows the progress while the lines come in', async () => {
    const { click } = lendDownloads()
    let push: (text: string) => void = () => undefined
    let close: () => void = () => undefined
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text))
        close = () => controller.close()
      },
    })
    signInAs()
    mockApi({ 'GET /api/audit/quizzes/12/timeline': { body: timelinePage() } })
    const fetchMock = vi.mocked(fetch)
    const base = fetchMock.getMockImplementation()
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/export') ? new Response(body, { headers: { 'X-Total-Events': '3' } }) : base!(input, init),
    )
    renderApp('/audit/quizzes/12')
    const user = userEvent.setup()
    await user.click(await screen.findByText('Export JSON lines', { selector: 'button' }, { timeout: 5000 }))
    push('{"position":1}\n{"position":2}\n')
    const bar = await screen.findByRole('progressbar', { name: 'Exporting JSON lines: 2 of 3 events' })
    expect(bar).toHaveAttribute('max', '3')
    expect(bar).toHaveAttribute('value', '2')
    push('{"position":3}\n')
    expect(await screen.findByRole('progressbar', { name: 'Exporting JSON lines: 3 of 3 events' })).toHaveAttribute('value', '3')
    expect(click).not.toHaveBeenCalled()
    close()
    // The server named no file: the screen names it.
    expect(await screen.findByText('Exported 3 events to quiz-12-history.jsonl.')).toBeInTheDocument()
    expect(click).toHaveBeenCalledTimes(1)
  })

  it('says when the export is refused', async () => {
    const { user } = setup({ 'GET /api/audit/quizzes/12/export': { status: 403, body: { error: 'no', code: 'not_auditor' } } })
    await user.click(await screen.findByText('Export JSON lines', { selector: 'button' }, { timeout: 5000 }))
    expect(await screen.findByText('You may not audit this quiz.')).toBeInTheDocument()
  })
})
