import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { JoinQuiz } from '@/features/host/components/join-quiz'
import { installFakeWebSocket } from '@/testing/fake-websocket'
import { makeUser, mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

async function setup(check: FakeHandler | FakeResponse, path = '/host/attemptQuiz?code=k7qh2m', user = makeUser()) {
  const api = mockApi({
    'GET /api/hostQuiz/checkQuiz': check,
    'GET /api/question/31': { body: { questions: [], time_limit: 30 } },
  })
  signInAs(user)
  const rendered = renderApp(path)
  // The page is loaded on first visit.
  await screen.findByRole('heading', { name: 'Join a Quiz' })
  return { ...api, ...rendered }
}

const getStarted = () => screen.getByRole('button', { name: 'Get Started' })

describe('/host/attemptQuiz', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('prefills the code from the link, checks it, and opens the quiz with its id as category_id', async () => {
    const { calls, router } = await setup({
      body: {
        success: true,
        message: 'Quiz found',
        expired: false,
        quizDetails: { id: 31, title: 'Cells', timeLimit: 30, questionCount: 3, attempted: false },
      },
    })
    expect(screen.getByRole('heading', { name: 'Join a Quiz' })).toBeInTheDocument()
    expect(screen.getByLabelText('Quiz Code')).toHaveValue('k7qh2m')
    await userEvent.setup().click(getStarted())
    await waitFor(() => expect(router.state.location.pathname).toBe('/play/quiz'))
    expect(router.state.location.state).toEqual({ category_id: 31, category_name: 'Cells' })
    const check = calls.find((c) => c.path === '/api/hostQuiz/checkQuiz')
    expect(Object.fromEntries(new URLSearchParams(check?.query))).toEqual({ quizCode: 'k7qh2m', email: 'ada@example.com' })
    expect(check?.headers.Authorization).toMatch(/^Bearer /)
    // The play screen takes over with the same calls as for a curated category.
    await waitFor(() => expect(calls.some((c) => c.path === '/api/question/31')).toBe(true))
  })

  it('asks for a code', async () => {
    const { calls } = await setup({ body: {} }, '/host/attemptQuiz')
    expect(screen.getByLabelText('Quiz Code')).toHaveValue('')
    await userEvent.setup().click(getStarted())
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a quiz code')
    expect(calls.filter((c) => c.path.startsWith('/api/hostQuiz'))).toHaveLength(0)
  })

  it('needs a signed-in user with an email', async () => {
    await setup({ body: {} }, '/host/attemptQuiz?code=ABC', makeUser({ email: '' }))
    await userEvent.setup().click(getStarted())
    expect(screen.getByRole('alert')).toHaveTextContent('You need to be logged in to join a quiz')
  })

  it.each([
    { success: false, expired: true, code: 'expired', error: 'Gone', message: 'Gone' },
    { code: 'expired', error: 'Gone' },
  ])('says when the quiz has expired (%#)', async (body) => {
    await setup({ status: 410, body })
    await userEvent.setup().click(getStarted())
    expect(await screen.findByText('This quiz has expired and is no longer available.')).toBeInTheDocument()
  })

  it.each([
    [{ status: 404, body: { success: false, code: 'not_found', error: 'Quiz not found. Please check your code.', message: 'Quiz not found. Please check your code.' } }, 'Quiz not found. Please check your code.'],
    [{ status: 409, body: { success: false, code: 'already_attempted', message: 'You have already taken this quiz. Ask the host for a retake.' } }, 'You have already taken this quiz. Ask the host for a retake.'],
    [{ status: 404, body: { code: 'not_found', error: 'Quiz not found. Please check your code.' } }, 'Quiz not found. Please check your code.'],
    [{ status: 500, body: { success: false } }, 'Unable to join quiz. Please check your code.'],
    [{ body: { success: true } }, 'Unable to join quiz. Please check your code.'],
  ])("shows the server's message or a default (%#)", async (response, text) => {
    await setup(response as FakeResponse)
    await userEvent.setup().click(getStarted())
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(getStarted()).toBeEnabled()
  })

  it("shows the client's own message when no response arrives", async () => {
    await setup(() => {
      throw new TypeError('Failed to fetch')
    })
    await userEvent.setup().click(getStarted())
    expect(await screen.findByText('Failed to check quiz access')).toBeInTheDocument()
  })

  it('shows the generic text when the call throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    mockApi({})
    // No saved token: the call throws 'No authentication token found'.
    render(<JoinQuiz initialCode="ABC" email="ada@example.com" onJoin={() => undefined} />)
    await userEvent.setup().click(getStarted())
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument()
  })
})
