import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeToken, makeUser, mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from './testing/render-app'

describe('guest-only routes', () => {
  it.each(['/signup', '/signin', '/forgotPassword'])('send a signed-in user from %s to / with replace', async (path) => {
    mockApi({})
    signInAs()
    const { router } = renderApp(path)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it.each(['/signup', '/signin', '/forgotPassword'])('show %s to a signed-out visitor', (path) => {
    mockApi({})
    const { router } = renderApp(path)
    expect(router.state.location.pathname).toBe(path)
    expect(screen.getByRole('main')).not.toBeEmptyDOMElement()
  })
})

describe('protected routes', () => {
  it.each(['/play/categories', '/play/quiz', '/play/leaderboard', '/host/quiz', '/host/myQuizzes', '/host/viewQuiz/7', '/host/viewResult/7', '/host/result', '/generate/quiz', '/generate', '/generate/review'])(
    'send a signed-out visitor from %s to /signin and remember the origin',
    async (path) => {
      mockApi({})
      const { router } = renderApp(path)
      await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
      expect(window.localStorage.getItem('redirectAfterLogin')).toBe(path)
      expect(router.state.location.state).toEqual({ from: path })
    },
  )

  it('keeps the query string of the origin', async () => {
    mockApi({})
    const { router } = renderApp('/host/attemptQuiz?code=ABC123')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/host/attemptQuiz?code=ABC123')
  })

  it('send an unverified user to /verify', async () => {
    mockApi({})
    signInAs(makeUser({ isVerified: false }))
    const { router } = renderApp('/host/quiz')
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'))
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/host/quiz')
    expect(await screen.findByRole('heading', { name: 'Verify Email' })).toBeInTheDocument()
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
  })

  it('let a verified user in', async () => {
    mockApi({})
    signInAs()
    const { router } = renderApp('/host/quiz')
    expect(router.state.location.pathname).toBe('/host/quiz')
    expect(await screen.findByRole('heading', { name: 'Host Quiz' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create Quiz' })).toBeInTheDocument()
  })

  it('also answer /host/myquizzes in lower case', async () => {
    mockApi({})
    signInAs()
    renderApp('/host/myquizzes')
    expect(await screen.findByRole('heading', { name: 'My Quizzes' })).toBeInTheDocument()
  })

  it('treat an expired token as signed out and clear it', async () => {
    mockApi({})
    signInAs(makeUser(), makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }))
    const { router } = renderApp('/host/quiz')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(window.localStorage.getItem('user')).toBeNull()
  })

  it('treat an unreadable token as signed out', async () => {
    mockApi({})
    signInAs(makeUser(), 'not-a-jwt')
    const { router } = renderApp('/play/categories')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(window.localStorage.getItem('token')).toBeNull()
  })
})

describe('the server refusing an unverified e-mail (403 email_unverified)', () => {
  const refusal = { status: 403, body: { error: 'Please verify your email address first.', code: 'email_unverified' } }

  it('sends a user whose stored session claims verified from a protected page to /verify, once', async () => {
    mockApi({ 'GET /api/categories': refusal })
    signInAs(makeUser({ isVerified: true }))
    const { router } = renderApp('/play/categories?q=1')
    const moves: string[] = []
    router.subscribe((state) => moves.push(`${state.historyAction} ${state.location.pathname}`))
    expect(await screen.findByRole('heading', { name: 'Verify Email' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/verify')
    expect(router.state.location.state).toEqual({ from: '/play/categories?q=1' })
    expect(moves.filter((move) => move.endsWith('/verify'))).toEqual(['REPLACE /verify'])
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/play/categories?q=1')
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ isVerified: false, emailVerified: false })
    expect(window.localStorage.getItem('token')).not.toBeNull()
  })

  it('sends the user to /verify from a page open to all too (buying tokens)', async () => {
    mockApi({ 'GET /api/wallet': { body: { balance: 3, history: [] } }, 'POST /api/wallet/purchase': refusal })
    signInAs()
    const { router } = renderApp('/pricing')
    const user = userEvent.setup()
    await screen.findByText('3 tokens')
    await user.click(screen.getByRole('button', { name: 'Purchase Tokens' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'))
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/pricing')
    expect(await screen.findByRole('heading', { name: 'Verify Email' })).toBeInTheDocument()

    // Sent once: the unverified user may still open the pages open to all.
    await act(async () => {
      await router.navigate('/pricing')
    })
    await screen.findByText('3 tokens')
    expect(router.state.location.pathname).toBe('/pricing')
  })
})

describe('the server ending the session (401)', () => {
  it.each(['invalid_token', 'session_ended'])('ends the local session on %s and sends a protected page to /signin', async (code) => {
    mockApi({ 'GET /api/categories': { status: 401, body: { error: 'Your session has ended. Please sign in again.', code } } })
    signInAs()
    const { router } = renderApp('/play/categories')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(window.localStorage.getItem('user')).toBeNull()
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/play/categories')
  })
})

describe('/verify', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows a loading placeholder for the first 50 ms', async () => {
    vi.useFakeTimers()
    mockApi({})
    renderApp('/verify', { state: { email: 'ada@example.com', pendingSignup: true } })
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(49)
    })
    expect(screen.queryByRole('heading', { name: 'Verify Email' })).not.toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(screen.getByRole('heading', { name: 'Verify Email' })).toBeInTheDocument()
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
  })

  it('sends a visitor with no user and no pending signup to /signin', async () => {
    mockApi({})
    const { router } = renderApp('/verify')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })

  it('sends an already verified user to /play/categories', async () => {
    mockApi({})
    signInAs()
    const { router } = renderApp('/verify')
    await waitFor(() => expect(router.state.location.pathname).toBe('/play/categories'))
  })
})
