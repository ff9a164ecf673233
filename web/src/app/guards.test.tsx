import { act, screen, waitFor } from '@testing-library/react'
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
