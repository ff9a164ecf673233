import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeToken, makeUser, mockApi } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

async function submit(email: string, password: string) {
  const user = userEvent.setup()
  if (email) await user.type(screen.getByLabelText('Email'), email)
  if (password) await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  return user
}

describe('/signin', () => {
  it('validates the email and password', async () => {
    const { calls } = mockApi({})
    renderApp('/signin')
    await submit('', '')
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('moves focus to the first error: a field, or the banner of a refused sign-in', async () => {
    mockApi({ 'POST /api/auth/signin': { status: 401, body: { error: 'Invalid credentials', code: 'invalid_credentials' } } })
    renderApp('/signin')
    const user = await submit('ada@example.com', '')
    expect(screen.getByLabelText('Password')).toHaveFocus()
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.keyboard('{Enter}')
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(alert).toHaveFocus())
    expect(alert).toHaveTextContent('Invalid email or password. Please try again.')
  })

  it('rejects a malformed email', async () => {
    mockApi({})
    renderApp('/signin')
    await submit('ada@', 'secret')
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument()
  })

  it('shows a friendly text for invalid credentials', async () => {
    mockApi({ 'POST /api/auth/signin': { status: 401, body: { error: 'Invalid credentials', code: 'invalid_credentials' } } })
    renderApp('/signin')
    await submit('ada@example.com', 'wrong-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.')
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it("shows any other server error's text", async () => {
    mockApi({
      'POST /api/auth/signin': {
        status: 429,
        headers: { 'Retry-After': '30' },
        body: { error: 'Too many sign-in attempts. Try again in 30 seconds.', code: 'rate_limited' },
      },
    })
    renderApp('/signin')
    await submit('ada@example.com', 'wrong-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Try again in 30 seconds.')
  })

  it('shows the generic text when there is no error text', async () => {
    mockApi({ 'POST /api/auth/signin': { status: 500 } })
    renderApp('/signin')
    await submit('ada@example.com', 'secret-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign in. Please try again later.')
  })

  it('shows Network error when no response arrives', async () => {
    mockApi({
      'POST /api/auth/signin': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderApp('/signin')
    await submit('ada@example.com', 'secret-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error')
  })

  it('saves the session and goes to the saved redirect path', async () => {
    const token = makeToken()
    const { calls } = mockApi({ 'POST /api/auth/signin': { body: { token, user: makeUser() } } })
    window.localStorage.setItem('redirectAfterLogin', '/pricing')
    const { router } = renderApp('/signin')
    await submit('ada@example.com', 'secret-password')
    expect(calls[0].body).toEqual({ email: 'ada@example.com', password: 'secret-password' })
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe(token))
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'))
    expect(window.localStorage.getItem('redirectAfterLogin')).toBeNull()
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ firstName: 'Ada' })
  })

  it('goes home when nothing was saved', async () => {
    mockApi({ 'POST /api/auth/signin': { body: { token: makeToken(), user: makeUser() } } })
    const { router } = renderApp('/signin')
    await submit('ada@example.com', 'secret-password')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByText('Engage. Educate. Empower.')).toBeInTheDocument()
  })

  it('shows the message it was sent with', async () => {
    mockApi({})
    renderApp('/signin', { state: { message: 'Password reset successful. Please login with your new password.' } })
    expect(screen.getByRole('status')).toHaveTextContent('Password reset successful. Please login with your new password.')
  })

  it('links to sign-up and forgot password, and has a Remember me checkbox', async () => {
    mockApi({})
    renderApp('/signin')
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotPassword')
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    const remember = screen.getByLabelText('Remember me')
    await act(async () => {
      await userEvent.setup().click(remember)
    })
    expect(remember).toBeChecked()
  })
})
