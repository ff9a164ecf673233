import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { liveGame, numericQuestion, orderingQuestion, quizInsights } from '@/features/insights/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

function setup(handlers: Record<string, FakeHandler | FakeResponse> = {}, path = '/host/insights/12', state?: unknown) {
  const api = mockApi({ 'GET /api/hostQuiz/insights/12': { body: quizInsights() }, ...handlers })
  signInAs()
  return { ...api, ...renderApp(path, { state }), user: userEvent.setup() }
}

describe('/host/insights/:categoryId', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the summary with the bearer token, and the tabs of the quiz', async () => {
    const { calls } = setup()
    expect(await screen.findByRole('heading', { name: 'Insights: Warm-up' })).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/api/hostQuiz/insights/12')?.headers.Authorization).toMatch(/^Bearer /)
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(stat('Participants')).toBe('3')
    expect(stat('Attempts')).toBe('4 submitted4 started')
    expect(stat('Completion rate')).toBe('100%of the attempts started')
    expect(stat('Average score')).toBe('66.7%')
    expect(stat('Median score')).toBe('66.7%')
    expect(stat('Average time')).toBe('1 min 33 s')
    expect(stat('Submitted by the server')).toBe('1at the deadline')
    const tabs = screen.getByRole('navigation', { name: 'Quiz views' })
    expect(within(tabs).getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/host/viewResult/12')
    expect(within(tabs).getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page')
  })

  it('lists the questions hardest first, the key in words and a suspect key flagged', async () => {
    setup()
    const list = await screen.findByRole('list', { name: 'Questions, hardest first' })
    const questions = within(list).getAllByRole('listitem')
    expect(questions.map((q) => within(q).getByRole('heading').textContent)).toEqual([
      'Question 2 Which planet is known as the Red Planet?',
      'Question 1 What is 2 + 2?',
    ])
    const hardest = within(questions[0])
    expect(hardest.getByRole('note')).toHaveTextContent('Check the key: most strong players chose A')
    expect(hardest.getByRole('note')).toHaveTextContent('80% of the 5 strongest players got this question wrong; the key says C.')
    expect(hardest.getByRole('img', { name: '25% right' })).toBeInTheDocument()
    expect(hardest.getByRole('img', { name: /^How many chose each option, question 2: / })).toHaveAccessibleName(
      'How many chose each option, question 2: A. Venus (most chosen) 3, B. Jupiter 0, C. Mars (key) 1, D. Saturn 0',
    )
    expect(hardest.getByText('Median time to answer').nextElementSibling).toHaveTextContent('4.1 s')
    expect(within(questions[1]).queryByRole('note')).not.toBeInTheDocument()
    expect(within(questions[1]).getByText('Skipped').nextElementSibling).toHaveTextContent('1')
    expect(within(questions[1]).getByText('Median time to answer').nextElementSibling).toHaveTextContent('—')
    expect(screen.getByText(/1 question may have a wrong key/)).toBeInTheDocument()
  })

  it("shows an ordering's share right per place and a numeric question's number line, and neither on the questions A–D", async () => {
    const questions = [...quizInsights().questions, orderingQuestion(), numericQuestion()]
    setup({ 'GET /api/hostQuiz/insights/12': { body: quizInsights({ questions }) } })
    const list = await screen.findByRole('list', { name: 'Questions, hardest first' })
    const [redPlanet, twoPlusTwo, ordering, numeric] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list)
    const places = within(ordering).getByRole('list', { name: 'Share right per place' })
    expect(within(places).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      '1. Mercury75% right',
      '2. Venus50% right',
      '3. Earth13% right⚠ most often wrong',
    ])
    expect(within(numeric).getByRole('figure', { name: 'The answer is 9.81 m/s², right from 9.71 to 9.91 m/s².' })).toBeInTheDocument()
    expect(within(numeric).getByTestId('number-line')).toBeInTheDocument()
    for (const question of [redPlanet, twoPlusTwo]) {
      expect(within(question).queryByText(/Share right per/)).not.toBeInTheDocument()
      expect(within(question).queryByTestId('number-line')).not.toBeInTheDocument()
    }
  })

  it('draws the score distribution and the days, each with its table', async () => {
    setup()
    expect(await screen.findByRole('img', { name: /^Score distribution/ })).toHaveAccessibleName(
      expect.stringContaining('30–39% 1, 40–49% 0, 50–59% 0, 60–69% 2'),
    )
    expect(screen.getByRole('img', { name: /^Attempts per day/ })).toHaveAccessibleName('Attempts per day: 25 Nov 2026 1, 26 Nov 2026 3')
    expect(screen.getByRole('img', { name: /^Average score per day/ })).toHaveAccessibleName(
      'Average score per day: 25 Nov 2026 33.3%, 26 Nov 2026 77.8%',
    )
    expect(within(screen.getByRole('table', { name: 'Attempts per day' })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '3'])
  })

  it('lists the players best first and opens a submission', async () => {
    const { user, calls } = setup({
      'GET /api/attempt/feedback': {
        body: [{ id: 1, questionText: 'Red planet?', optionA: 'Venus', optionB: 'Jupiter', optionC: 'Mars', optionD: 'Saturn', correctAnswer: 'C', userAnswer: 'A', isCorrect: false }],
      },
    })
    const table = await screen.findByRole('table', { name: 'Submitted attempts, best first' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children).map((cell) => cell.textContent))
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['Ada Lovelaceada@example.com', '3 / 3', '100%', '1 min 1 s'],
      ['Bo Brownbo@example.com', '1 / 3', '33.3%', '5 min'],
    ])
    expect(rows.map((r) => r.slice(5, 7))).toEqual([
      ['Player', 'Retake granted'],
      ['Server, at the deadline', 'No'],
    ])
    await user.click(screen.getByRole('button', { name: 'View submission of Bo Brown' }))
    const dialog = await screen.findByRole('dialog', { name: 'Feedback Summary' })
    expect(await within(dialog).findByText('Red planet?')).toBeInTheDocument()
    const call = calls.find((c) => c.path === '/api/attempt/feedback')
    expect(Object.fromEntries(new URLSearchParams(call?.query))).toEqual({ userId: 'u-bo', categoryId: '12' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("shows the live games' answers per option and median speed", async () => {
    setup({ 'GET /api/hostQuiz/insights/12': { body: quizInsights({ liveGames: [liveGame] }) } })
    const section = await screen.findByRole('region', { name: 'Live games' })
    expect(within(section).getByText(/· 28 players$/)).toBeInTheDocument()
    expect(within(section).getByText('28 answers · 71% right · median speed 5.2 s')).toBeInTheDocument()
    expect(within(section).getByRole('img', { name: /^Answers per option, question 1/ })).toHaveAccessibleName(
      'Answers per option, question 1: A 3, B (key) 20, C 4, D 1',
    )
  })

  it('downloads the workbook and the CSV with the bearer token, under the names the server gives', async () => {
    // jsdom has no object URLs: lend them for this test only.
    const createObjectURL = vi.fn(() => 'blob:insights')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL')
      Reflect.deleteProperty(URL, 'revokeObjectURL')
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const { user, calls } = setup({
      'GET /api/hostQuiz/insights/12/export.xlsx': {
        text: 'PK',
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': 'attachment; filename="Warm-up-insights.xlsx"' },
      },
      'GET /api/hostQuiz/insights/12/export.csv': { text: 'Summary\n', headers: { 'Content-Type': 'text/csv' } },
    })
    await user.click(await screen.findByRole('button', { name: 'Download workbook (.xlsx)' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    expect(calls.find((c) => c.path.endsWith('/export.xlsx'))?.headers.Authorization).toMatch(/^Bearer /)
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Warm-up-insights.xlsx')
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2))
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe('quiz-12-insights.csv')
  })

  it('says when a download fails', async () => {
    const { user } = setup({ 'GET /api/hostQuiz/insights/12/export.csv': { status: 500, body: { error: 'Export unavailable' } } })
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Export unavailable')
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled()
  })

  it('says when no one has submitted yet', async () => {
    const empty = quizInsights({
      summary: { ...quizInsights().summary, participants: 0, attemptsStarted: 1, attemptsSubmitted: 0 },
      players: [],
      playersTotal: 0,
      questions: [],
      days: [],
    })
    setup({ 'GET /api/hostQuiz/insights/12': { body: empty } })
    expect(await screen.findByText('No one has submitted this quiz yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it.each([
    [403, { error: 'Only the host', code: 'not_host' }, "Only the quiz's host can see its insights."],
    [404, { error: 'Not found', code: 'not_found' }, 'No such quiz.'],
  ])('answers %s in its own words', async (status, body, text) => {
    setup({ 'GET /api/hostQuiz/insights/12': { status, body } })
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('shows another failure and loads again', async () => {
    let fail = true
    const { user } = setup({
      'GET /api/hostQuiz/insights/12': () => (fail ? { status: 500, body: { error: 'Store unavailable' } } : { body: quizInsights() }),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Store unavailable')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Insights: Warm-up' })).toBeInTheDocument()
  })

  it('refuses an address that is no quiz id without asking', async () => {
    const { calls } = setup({}, '/host/insights/abc')
    expect(await screen.findByText('No such quiz.')).toBeInTheDocument()
    expect(calls.filter((c) => c.path.startsWith('/api/hostQuiz/insights'))).toHaveLength(0)
  })
})
