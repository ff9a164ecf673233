import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const names = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald']
const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    rank: i + 1,
    userId: `p${i + 1}`,
    firstName: names[i % names.length],
    lastName: `Player${i + 1}`,
    email: `p${i + 1}@example.com`,
    score: 20 - i,
    total: 20,
    points: (20 - i) * 10,
    submittedAt: '2026-03-10T10:00:00Z',
    reason: 'player',
    attempts: 1,
  }))

const results = (count = 12) => ({ success: true, title: 'Cell Biology', participants: count, data: rows(count) })

function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}, path = '/host/viewResult/31', state?: unknown) {
  const api = mockApi({
    'GET /api/hostQuiz/results/31': { body: results() },
    ...overrides,
  })
  signInAs()
  return { ...api, ...renderApp(path, { state }), user: userEvent.setup() }
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent)
const resultCalls = (calls: ReturnType<typeof setup>['calls']) => calls.filter((c) => c.path === '/api/hostQuiz/results/31')

describe('/host/viewResult/:categoryId', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('loads, then shows the title, participants and Rank, Name, Score, Actions, 10 a page', async () => {
    // The results are held back until the loading state was checked, so the page cannot have replaced it.
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    setup(
      { 'GET /api/hostQuiz/results/31': () => released.then((): FakeResponse => ({ body: results() })) },
      '/host/viewResult/31',
      { title: 'From the card' },
    )
    expect(await screen.findByText('Loading results data...')).toBeInTheDocument()
    // The title from the card shows while loading; the participants only once loaded.
    expect(screen.getByRole('heading', { name: 'Quiz Title: From the card' })).toBeInTheDocument()
    expect(screen.queryByText(/Participants:/)).not.toBeInTheDocument()
    release()
    expect(await screen.findByText('Participants: 12')).toBeInTheDocument()
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))
    expect(headers).toEqual(['Rank', 'Name', 'Score', 'Actions'])
    expect(bodyRows()).toHaveLength(10)
    expect(cellsOf(bodyRows()[0]).slice(0, 3)).toEqual(['1', 'Ada Player1p1@example.com', '20 / 20'])
    expect(screen.getByText('Showing 1 to 10 of 12 participants')).toBeInTheDocument()
  })

  it('takes the title from the response without navigation state', async () => {
    setup()
    expect(await screen.findByRole('heading', { name: 'Quiz Title: Cell Biology' })).toBeInTheDocument()
  })

  it('has an Insights tab beside Results', async () => {
    setup({}, '/host/viewResult/31', { title: 'From the card' })
    const tabs = await screen.findByRole('navigation', { name: 'Quiz views' })
    expect(within(tabs).getByRole('link', { name: 'Results' })).toHaveAttribute('aria-current', 'page')
    expect(within(tabs).getByRole('link', { name: 'Insights' })).toHaveAttribute('href', '/host/insights/31')
  })

  it('searches by name and sorts', async () => {
    const { user } = setup()
    await screen.findByRole('table')
    await user.type(screen.getByLabelText('Search by name'), 'grace')
    expect(bodyRows().map((row) => cellsOf(row)[0])).toEqual(['3', '9'])
    expect(screen.getByText('Showing 1 to 2 of 2 participants')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Search by name'))
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) })
    await user.click(within(header('Score')).getByRole('button'))
    expect(header('Score')).toHaveAttribute('aria-sort', 'ascending')
    expect(cellsOf(bodyRows()[0])[2]).toBe('9 / 20')
    await user.click(within(header('Score')).getByRole('button'))
    expect(cellsOf(bodyRows()[0])[2]).toBe('20 / 20')
    await user.click(within(header('Name')).getByRole('button'))
    expect(bodyRows().map((row) => cellsOf(row)[0]).slice(0, 3)).toEqual(['1', '7', '2'])
  })

  it('allows a retake: the row is busy meanwhile, then the list reloads', async () => {
    let finish: (value: FakeResponse) => void = () => undefined
    let served = results(12)
    const { user, calls } = setup({
      'GET /api/hostQuiz/results/31': () => ({ body: served }),
      'DELETE /api/leaderboard/deleteEntry': () => new Promise<FakeResponse>((resolve) => (finish = resolve)),
    })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Allow Retake for Alan Player2' }))
    const busy = bodyRows()[1]
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(busy).toHaveClass('row-busy')
    for (const button of within(busy).getAllByRole('button')) expect(button).toBeDisabled()
    // WCAG 2.5.3: the busy button's name begins with what it shows.
    expect(within(busy).getByRole('button', { name: 'Working... Allow Retake for Alan Player2' })).toHaveTextContent('Working...')
    expect(within(bodyRows()[0]).getByRole('button', { name: /Allow Retake/ })).toBeEnabled()
    const del = calls.find((c) => c.method === 'DELETE')
    expect(del?.path).toBe('/api/leaderboard/deleteEntry')
    expect(del?.body).toEqual({ userId: 'p2', categoryId: 31 })
    served = { ...results(12), participants: 11, data: results(12).data.filter((row) => row.userId !== 'p2') }
    finish({ body: { success: true, message: 'Retake granted' } })
    await waitFor(() => expect(screen.getByText('Participants: 11')).toBeInTheDocument())
    expect(screen.queryByText('Alan Player2')).not.toBeInTheDocument()
    expect(resultCalls(calls)).toHaveLength(2)
  })

  it.each([
    [{ status: 404, body: { success: false, error: 'No submission to remove', code: 'not_found' } }, 'Action failed: No submission to remove'],
    [{ status: 500, body: { success: false, message: 'Store unavailable' } }, 'Action failed: Store unavailable'],
    [{ status: 500, body: {} }, 'Action failed: Failed to delete the entry.'],
  ])('shows a banner when a retake fails (%#)', async (response, text) => {
    const { user } = setup({ 'DELETE /api/leaderboard/deleteEntry': response as FakeResponse })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Allow Retake for Ada Player1' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(screen.getByRole('button', { name: 'Allow Retake for Ada Player1' })).toBeEnabled()
  })

  it('shows the unexpected-error text when no response arrives', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = setup({
      'DELETE /api/leaderboard/deleteEntry': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Allow Retake for Ada Player1' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Action failed: An unexpected error occurred while trying to delete the entry.',
    )
  })

  it('refuses a retake without the player id', async () => {
    const { user, calls } = setup({
      'GET /api/hostQuiz/results/31': { body: { ...results(1), data: [{ ...rows(1)[0], userId: '' }] } },
    })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Allow Retake for Ada Player1' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot perform action: Missing required user or category information.')
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
  })

  it('shows a submission in the Feedback Summary, closed by the button or a click outside', async () => {
    let finish: (value: FakeResponse) => void = () => undefined
    const { user, calls } = setup({
      'GET /api/attempt/feedback': () => new Promise<FakeResponse>((resolve) => (finish = resolve)),
    })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'View Submission of Grace Player3' }))
    const dialog = screen.getByRole('dialog', { name: 'Feedback Summary' })
    expect(within(dialog).getByText('Loading feedback...')).toBeInTheDocument()
    const feedbackCall = calls.find((c) => c.path === '/api/attempt/feedback')
    expect(Object.fromEntries(new URLSearchParams(feedbackCall?.query))).toEqual({ userId: 'p3', categoryId: '31' })
    finish({
      body: [
        { id: 1, questionText: 'Powerhouse?', optionA: 'Nucleus', optionB: 'Mitochondria', optionC: 'Ribosome', optionD: 'Golgi', correctAnswer: 'B', userAnswer: 'A', isCorrect: false, explanation: 'ATP.' },
        { id: 2, questionText: 'Holds DNA?', optionA: 'Nucleus', optionB: 'Vacuole', optionC: 'Wall', optionD: 'Membrane', correctAnswer: 'A', userAnswer: 'A', isCorrect: true, explanation: null },
      ],
    })
    expect(await within(dialog).findByText('Powerhouse?')).toBeInTheDocument()
    expect(within(dialog).getByText(/1 of 2 correct/)).toBeInTheDocument()
    expect(within(dialog).getByText('ATP.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'View Submission of Grace Player3' }))
    await user.click(within(screen.getByRole('dialog')).getByText('Feedback Summary'))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.click(screen.getByTestId('modal-backdrop'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('counts only the scored questions in the Feedback Summary (not a poll, a word cloud or a slide)', async () => {
    const typed = (id: number, type: string, definition: object, isCorrect: boolean, f: number | null) => ({
      id,
      questionText: `Question of type ${type}`,
      type,
      definition: { type, ...definition },
      response: null,
      f,
      isCorrect,
      explanation: null,
    })
    const { user } = setup({
      'GET /api/attempt/feedback': {
        body: [
          { id: 1, questionText: 'Powerhouse?', optionA: 'Nucleus', optionB: 'Mitochondria', optionC: 'Ribosome', optionD: 'Golgi', correctAnswer: 'B', userAnswer: 'B', isCorrect: true },
          typed(2, 'true_false', { answer: true }, true, 1),
          typed(3, 'ordering', { items: ['a', 'b', 'c'] }, false, 0),
          typed(4, 'poll', { options: ['Tea', 'Coffee'] }, false, null),
          typed(5, 'word_cloud', {}, false, null),
          typed(6, 'slide', {}, false, null),
        ],
      },
    })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'View Submission of Grace Player3' }))
    const dialog = screen.getByRole('dialog', { name: 'Feedback Summary' })
    expect(await within(dialog).findByText(/2 of 3 correct/)).toBeInTheDocument()
    expect(within(dialog).getByText('Question of type ordering')).toBeInTheDocument()
  })

  it('keeps keyboard focus inside the Feedback Summary and gives it back to its button on close', async () => {
    const { user } = setup({ 'GET /api/attempt/feedback': { body: [] } })
    await screen.findByRole('table')
    const opener = screen.getByRole('button', { name: 'View Submission of Grace Player3' })
    opener.focus()
    await user.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Feedback Summary' })
    const close = within(dialog).getByRole('button', { name: 'Close' })
    expect(close).toHaveFocus()
    await user.tab()
    expect(close).toHaveFocus()
    await user.tab({ shift: true })
    expect(close).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
    await user.keyboard(' ')
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('treats a missing submission (404) and a failure as no feedback', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let response: FakeResponse = { status: 404, body: { error: 'No submission for this quiz', code: 'not_found' } }
    const { user } = setup({ 'GET /api/attempt/feedback': () => response })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'View Submission of Ada Player1' }))
    expect(await screen.findByText('No feedback available for this submission.')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    response = { status: 500, body: { error: 'boom' } }
    await user.click(screen.getByRole('button', { name: 'View Submission of Ada Player1' }))
    expect(await screen.findByText('No feedback available for this submission.')).toBeInTheDocument()
  })

  it('says when there are no results', async () => {
    setup({ 'GET /api/hostQuiz/results/31': { body: { success: true, title: 'Cell Biology', participants: 0, data: [] } } })
    expect(await screen.findByText('No results data available.')).toBeInTheDocument()
    expect(screen.getByText('Participants: 0')).toBeInTheDocument()
  })

  it('shows the load error with Retry Load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let fail = true
    const { user } = setup({
      'GET /api/hostQuiz/results/31': () =>
        fail ? { status: 403, body: { error: "Only the quiz's host can do this", code: 'not_host' } } : { body: results(2) },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent("Error loading data: Only the quiz's host can do this")
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry Load' }))
    expect(await screen.findByRole('table')).toBeInTheDocument()
  })

  it.each(['/host/viewResult/abc', '/host/viewResult/0', '/host/viewResult/3.5'])('shows the error page for %s', async (path) => {
    const { calls } = setup({}, path)
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument()
    expect(screen.getByText('Invalid or missing category ID.')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('reloads the rows live when the hub says the leaderboard changed', async () => {
    let served = results(2)
    const { calls } = setup({ 'GET /api/hostQuiz/results/31': () => ({ body: served }) })
    await screen.findByRole('table')
    const socket = FakeWebSocket.instances.at(-1) as FakeWebSocket
    expect(socket.url).toMatch(/\/ws\?token=/)
    act(() => socket.serverOpen())
    expect(socket.sent).toEqual([{ type: 'subscribe', channel: 'quiz:31' }])
    served = { ...results(3), participants: 3 }
    act(() => socket.serverSend({ type: 'leaderboard', channel: 'quiz:99', top: [], me: null, participants: 1 }))
    act(() => socket.serverSend({ type: 'tick', channel: 'attempt:x', remainingMs: 5 }))
    expect(resultCalls(calls)).toHaveLength(1)
    act(() => socket.serverSend({ type: 'leaderboard', channel: 'quiz:31', top: [], me: null, participants: 3 }))
    await waitFor(() => expect(screen.getByText('Participants: 3')).toBeInTheDocument())
    expect(screen.getByText('Grace Player3')).toBeInTheDocument()
    // The table stayed on screen: no loading text in between.
    expect(screen.queryByText('Loading results data...')).not.toBeInTheDocument()
    expect(resultCalls(calls)).toHaveLength(2)
  })

  it('downloads the CSV with the bearer token', async () => {
    // jsdom has no object URLs: lend them for this test only.
    const createObjectURL = vi.fn(() => 'blob:results')
    const revokeObjectURL = vi.fn()
    Object.assign(URL, { createObjectURL, revokeObjectURL })
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL')
      Reflect.deleteProperty(URL, 'revokeObjectURL')
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const { user, calls } = setup({
      'GET /api/hostQuiz/results/31/export.csv': {
        text: 'Rank,First name\n1,Ada\n',
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="cell-biology-results.csv"' },
      },
    })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    const call = calls.find((c) => c.path.endsWith('/export.csv'))
    expect(call?.headers.Authorization).toMatch(/^Bearer /)
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(await blob.text()).toBe('Rank,First name\n1,Ada\n')
    const link = click.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toBe('cell-biology-results.csv')
  })
})
