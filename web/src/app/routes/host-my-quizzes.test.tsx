import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeWebSocket } from '@/testing/fake-websocket'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const quizzes = [
  {
    id: 31,
    name: 'Cell Biology',
    questionCount: 20,
    quizCode: 'K7QH2M',
    link: '/host/attemptQuiz?code=K7QH2M',
    audience_name: 'Biology 7B',
    valid_until: '2100-01-01T00:00:00Z',
    time_limit: 90,
    status: 'active',
    participants: 4,
    createdAt: '2026-03-01T10:00:00Z',
  },
  {
    id: 30,
    name: 'Old Quiz',
    questionCount: 1,
    quizCode: 'OLD123',
    link: '/host/attemptQuiz?code=OLD123',
    audience_name: null,
    valid_until: '2020-01-01T00:00:00Z',
    time_limit: 45,
    status: 'completed',
    participants: 0,
    createdAt: '2019-12-31T10:00:00Z',
  },
]

function setup(response: FakeHandler | FakeResponse = { body: { success: true, data: quizzes } }, path = '/host/myQuizzes') {
  const api = mockApi({
    'GET /api/hostQuiz/myQuizzes': response,
    'GET /api/hostQuiz/results/31': { body: { success: true, title: 'Cell Biology', participants: 0, data: [] } },
    'GET /api/live/games': { body: [] },
  })
  signInAs()
  return { ...api, ...renderApp(path), user: userEvent.setup() }
}

const card = (name: string) => screen.getByRole('listitem', { name })
const fact = (scope: HTMLElement, term: string) =>
  within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

describe('/host/myQuizzes', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('offers to host each quiz live', async () => {
    setup()
    expect(await screen.findByRole('heading', { name: 'Cell Biology' })).toBeInTheDocument()
    expect(within(card('Cell Biology')).getByRole('link', { name: 'Host live: Cell Biology' })).toHaveAttribute(
      'href',
      '/host/live?quizId=31',
    )
    expect(within(card('Old Quiz')).getByRole('link', { name: /^Host live/ })).toHaveAttribute('href', '/host/live?quizId=30')
  })

  it("leads to each quiz's live games, with the quiz's name", async () => {
    const { user, router } = setup()
    const link = within(await screen.findByRole('listitem', { name: 'Cell Biology' })).getByRole('link', { name: 'Live games: Cell Biology' })
    expect(link).toHaveAttribute('href', '/host/live/games?quizId=31')
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/live/games'))
    expect(await screen.findByRole('heading', { name: 'Live games: Cell Biology' })).toBeInTheDocument()
    expect(await screen.findByText('No live games of this quiz yet.')).toBeInTheDocument()
  })

  it("leads to each quiz's insights, with the quiz's name", async () => {
    const { user, router } = setup()
    const link = within(await screen.findByRole('listitem', { name: 'Cell Biology' })).getByRole('link', { name: 'Insights: Cell Biology' })
    expect(link).toHaveAttribute('href', '/host/insights/31')
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/insights/31'))
    expect(router.state.location.state).toEqual({ title: 'Cell Biology' })
  })

  it("leads to each quiz's audit", async () => {
    setup()
    const card = await screen.findByRole('listitem', { name: 'Cell Biology' })
    expect(within(card).getByRole('link', { name: 'Audit: Cell Biology' })).toHaveAttribute('href', '/audit/quizzes/31')
  })

  it('shows a card per quiz with its figures', async () => {
    const { calls } = setup()
    expect(await screen.findByRole('heading', { name: 'Cell Biology' })).toBeInTheDocument()
    const active = card('Cell Biology')
    expect(within(active).getByText('Active')).toHaveClass('status-badge', 'status-active')
    expect(fact(active, 'Duration')).toBe('1h 30m')
    expect(fact(active, 'Questions')).toBe('20')
    expect(fact(active, 'Valid until')).toBe('No expiration')
    expect(fact(active, 'Audience')).toBe('Biology 7B')
    expect(within(active).getByTestId('quiz-code')).toHaveTextContent('K7QH2M')
    expect(within(active).getByTestId('quiz-link')).toHaveTextContent(`${window.location.origin}/host/attemptQuiz?code=K7QH2M`)
    const old = card('Old Quiz')
    expect(within(old).getByText('Completed')).toHaveClass('status-completed')
    expect(fact(old, 'Duration')).toBe('45 min')
    expect(fact(old, 'Audience')).toBe('Open to all')
    expect(fact(old, 'Valid until')).not.toBe('No expiration')
    expect(calls[0].headers.Authorization).toMatch(/^Bearer /)
  })

  it('draws a QR code of the join link without fetching anything', async () => {
    const { calls } = setup()
    const qr = await screen.findByRole('img', { name: 'QR code for joining Cell Biology' })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/)
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg')
    expect(calls.map((c) => c.path)).toEqual(['/api/hostQuiz/myQuizzes'])
  })

  it("copies the link and the code, each saying 'Copied!' for 2 seconds", async () => {
    // user-event puts its own clipboard stub on navigator; read it back.
    const { user } = setup()
    const active = await screen.findByRole('listitem', { name: 'Cell Biology' })
    await user.click(within(active).getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/host/attemptQuiz?code=K7QH2M`)
    expect(within(active).getByRole('button', { name: 'Copied!' })).toBeInTheDocument()
    expect(within(active).getByRole('button', { name: 'Copy code' })).toBeInTheDocument()
    await user.click(within(active).getByRole('button', { name: 'Copy code' }))
    expect(await navigator.clipboard.readText()).toBe('K7QH2M')
    await waitFor(() => expect(within(active).queryByRole('button', { name: 'Copied!' })).not.toBeInTheDocument(), {
      timeout: 3000,
    })
    expect(within(active).getByRole('button', { name: 'Copy link' })).toBeInTheDocument()
  })

  it('links to the quiz and to its results with the title in the navigation state', async () => {
    installFakeWebSocket()
    const { user, router } = setup()
    const active = await screen.findByRole('listitem', { name: 'Cell Biology' })
    expect(within(active).getByRole('link', { name: 'View Quiz' })).toHaveAttribute('href', '/host/viewQuiz/31')
    await user.click(within(active).getByRole('link', { name: 'Results' }))
    expect(router.state.location.pathname).toBe('/host/viewResult/31')
    expect(router.state.location.state).toEqual({ title: 'Cell Biology' })
    expect(await screen.findByRole('heading', { name: 'Quiz Title: Cell Biology' })).toBeInTheDocument()
  })

  it('links to creating a quiz and to the audience lists', async () => {
    setup()
    await screen.findByRole('heading', { name: 'Cell Biology' })
    expect(screen.getByRole('link', { name: 'Create Quiz' })).toHaveAttribute('href', '/host/quiz')
    expect(screen.getByRole('link', { name: 'Audience Lists' })).toHaveAttribute('href', '/host/audience')
  })

  it('answers the lower-case path too, and says when there are no quizzes', async () => {
    setup({ body: { success: true, data: [] } }, '/host/myquizzes')
    expect(await screen.findByText('No quizzes available')).toBeInTheDocument()
  })

  it.each([
    [{ status: 500, body: { success: false, error: 'Database unavailable' } }, 'Database unavailable'],
    [{ status: 500, body: {} }, 'Failed to fetch quizzes'],
  ])('shows the server error or a default (%#)', async (response, text) => {
    setup(response)
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
  })

  it('shows the exception text when no response arrives', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    setup(() => {
      throw new TypeError('Failed to fetch')
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while fetching quizzes')
  })
})
