import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { gameResults, quizGames } from '@/features/live/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

function setup(path: string, handlers: Record<string, FakeHandler | FakeResponse> = {}, state?: unknown) {
  const api = mockApi({
    'GET /api/live/games': { body: quizGames },
    'GET /api/live/games/g1/results': { body: gameResults() },
    ...handlers,
  })
  signInAs()
  return { ...api, ...renderApp(path, { state }), user: userEvent.setup() }
}

const local = (iso: string) => new Date(iso).toLocaleString()
/** The text of each cell (and row header) of a table's body rows. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent))

describe('/host/live/games?quizId=N', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("lists the quiz's games, newest first, with their results and a running game's presenter", async () => {
    const { calls } = setup('/host/live/games?quizId=31', {}, { title: 'From the card' })
    expect(await screen.findByRole('heading', { name: 'Live games: From the card' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Live games of From the card' })
    expect(calls.find((c) => c.path === '/api/live/games')?.query).toBe('quizId=31')
    expect(calls.find((c) => c.path === '/api/live/games')?.headers.Authorization).toMatch(/^Bearer /)
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Opened', 'Finished', 'Players', 'Links'])
    const [running, finished] = bodyRows(table)
    expect(running.slice(0, 3)).toEqual([local('2026-11-20T18:30:00Z'), 'Running', '1 player'])
    expect(finished.slice(0, 3)).toEqual([local('2026-11-19T09:00:00Z'), local('2026-11-19T09:12:00Z'), '2 players'])
    expect(screen.getByText('2 games')).toBeInTheDocument()

    const [runningRow, finishedRow] = within(table).getAllByRole('row').slice(1)
    expect(within(runningRow).getByRole('link', { name: /^Presenter view/ })).toHaveAttribute('href', '/host/live/g2')
    expect(within(runningRow).getByRole('link', { name: /^Results/ })).toHaveAttribute('href', '/host/live/g2/results')
    expect(within(finishedRow).queryByRole('link', { name: /^Presenter view/ })).not.toBeInTheDocument()
    expect(within(finishedRow).getByRole('link', { name: `Results: the game opened ${local('2026-11-19T09:00:00Z')}` })).toHaveAttribute(
      'href',
      '/host/live/g1/results',
    )
    expect(screen.getByRole('link', { name: 'Host live' })).toHaveAttribute('href', '/host/live?quizId=31')
  })

  it("takes the quiz's title from its games without the card's", async () => {
    setup('/host/live/games?quizId=31')
    expect(await screen.findByRole('heading', { name: 'Live games: World capitals' })).toBeInTheDocument()
  })

  it('says when the quiz has no live games yet', async () => {
    setup('/host/live/games?quizId=31', { 'GET /api/live/games': { body: [] } })
    expect(await screen.findByText('No live games of this quiz yet.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Host live' })).toHaveAttribute('href', '/host/live?quizId=31')
  })

  it('shows a failed load and loads again', async () => {
    let fail = true
    const { user } = setup('/host/live/games?quizId=31', {
      'GET /api/live/games': () => (fail ? { status: 500, body: { error: 'Store unavailable' } } : { body: quizGames }),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Store unavailable')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table')).toBeInTheDocument()
  })

  it('asks for a quiz when none is given', async () => {
    const { calls } = setup('/host/live/games')
    expect(await screen.findByText('Choose a quiz in My Quizzes to see its live games.')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('needs a signed-in host', async () => {
    mockApi({})
    const { router } = renderApp('/host/live/games?quizId=31')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })
})

describe('/host/live/:gameId/results', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the results per player, each answer marked right or wrong in words', async () => {
    setup('/host/live/g1/results')
    expect(await screen.findByRole('heading', { name: 'Results: World capitals' })).toBeInTheDocument()
    const players = screen.getByRole('table', { name: 'Results per player' })
    expect(within(players).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Rank',
      'Nickname',
      'Signed in',
      'Points',
      'Correct',
      'Answered',
      'Q1',
      'Q2',
      'Q3',
    ])
    expect(within(players).getByTitle('Question 1: Capital of France?')).toHaveTextContent('Q1')
    expect(bodyRows(players)).toEqual([
      ['1', 'Ana', 'Yes', '1850', '2', '2', 'A ✓, right', 'C ✓, right', '—No answer'],
      ['2', 'Bo', 'No', '1700', '2', '3', 'B ✗, wrong', 'C ✓, right', 'B ✓, right'],
    ])
    // Nicknames head their rows.
    expect(within(players).getByRole('rowheader', { name: 'Bo' })).toBeInTheDocument()
    expect(screen.getByText('Opened').nextElementSibling).toHaveTextContent(new Date('2026-11-19T09:00:00Z').toLocaleString())
    expect(screen.getByText('Players', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2 players')
    expect(screen.getByRole('link', { name: 'All live games of this quiz' })).toHaveAttribute('href', '/host/live/games?quizId=31')
    expect(screen.queryByRole('link', { name: 'Presenter view' })).not.toBeInTheDocument()
  })

  it('shows the results per question: the right answer, the share right, the counts, the median time', async () => {
    setup('/host/live/g1/results')
    const questions = await screen.findByRole('table', { name: 'Results per question' })
    expect(within(questions).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '#',
      'Question',
      'Right answer',
      'Answered',
      'Correct',
      'A',
      'B',
      'C',
      'D',
      'Median time',
    ])
    expect(bodyRows(questions)).toEqual([
      ['1', 'Capital of France?', 'A', '2', '1 (50%)', '1 ✓, the right answer', '1', '0', '0', '2.2 s'],
      ['2', 'Capital of Italy?', 'C', '2', '2 (100%)', '0', '0', '2 ✓, the right answer', '0', '4.0 s'],
      ['3', 'Capital of Spain?', 'B', '1', '1 (100%)', '0', '1 ✓, the right answer', '0', '0', '0.9 s'],
    ])
  })

  it('says when nobody answered a question and nobody played', async () => {
    setup('/host/live/g1/results', {
      'GET /api/live/games/g1/results': {
        body: gameResults({
          players: [],
          questions: [{ index: 0, text: 'Capital of France?', answer: 'A', answered: 0, correct: 0, counts: { A: 0, B: 0, C: 0, D: 0 }, medianMs: null }],
        }),
      },
    })
    expect(await screen.findByText('No one played this game.')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Results per player' })).not.toBeInTheDocument()
    expect(bodyRows(screen.getByRole('table', { name: 'Results per question' }))[0]).toEqual([
      '1',
      'Capital of France?',
      'A',
      '0',
      '—',
      '0 ✓, the right answer',
      '0',
      '0',
      '0',
      '—',
    ])
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
    const csv = 'Rank,Nickname,Signed in,Points,Correct,Answered,Q1,Q2,Q3\n1,Ana,yes,1850,2,2,A,C,\n'
    const { user, calls } = setup('/host/live/g1/results', {
      'GET /api/live/games/g1/results.csv': {
        text: csv,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="World-capitals-live-results.csv"' },
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    expect(calls.find((c) => c.path.endsWith('/results.csv'))?.headers.Authorization).toMatch(/^Bearer /)
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(await blob.text()).toBe(csv)
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('World-capitals-live-results.csv')
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled()
  })

  it('says when the download fails', async () => {
    const { user } = setup('/host/live/g1/results', {
      'GET /api/live/games/g1/results.csv': { status: 500, body: { error: 'Export unavailable' } },
    })
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Export unavailable')
  })

  it('says that a running game is not over, links to its presenter view, and refreshes', async () => {
    let points = 100
    const { user, calls } = setup('/host/live/g1/results', {
      'GET /api/live/games/g1/results': () => ({
        body: gameResults({
          finishedAt: null,
          players: [{ rank: 1, playerId: 'p-Ana', nickname: 'Ana', signedIn: false, points, correct: 1, answered: 1, answers: ['A', null, null] }],
        }),
      }),
    })
    expect(await screen.findByText('This game is still running: these are the results so far.')).toBeInTheDocument()
    expect(screen.getByText('Finished', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Running')
    expect(screen.getByRole('link', { name: 'Presenter view' })).toHaveAttribute('href', '/host/live/g1')
    points = 200
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Results per player' }))[0][3]).toBe('200'))
    expect(calls.filter((c) => c.path === '/api/live/games/g1/results')).toHaveLength(2)
  })

  it("says when the game is not there or not the host's", async () => {
    setup('/host/live/g9/results')
    expect(await screen.findByRole('heading', { name: 'Results unavailable' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('No such game, or it is not yours.')
    expect(screen.getByRole('link', { name: 'Go to My Quizzes' })).toHaveAttribute('href', '/host/myQuizzes')
  })

  it('offers to load again after a failure', async () => {
    let fail = true
    const { user } = setup('/host/live/g1/results', {
      'GET /api/live/games/g1/results': () => (fail ? { status: 503, body: { error: 'Try later' } } : { body: gameResults() }),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Try later')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: 'Results per player' })).toBeInTheDocument()
  })

  it('needs a signed-in host', async () => {
    mockApi({})
    const { router } = renderApp('/host/live/g1/results')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })
})
