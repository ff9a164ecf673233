import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

describe('/verify screen', () => {
  it('asks for the complete code before calling the server', async () => {
    const { calls } = mockApi({})
    signInAs(makeUser({ isVerified: false }))
    renderApp('/verify')
    const user = userEvent.setup()
    const input = await screen.findByLabelText('Verification code')
    expect(input).toHaveAttribute('placeholder', '000000')
    await user.type(input, '12ab3')
    expect(input).toHaveValue('123')
    await user.click(screen.getByRole('button', { name: 'Verify Email' }))
    expect(screen.getByText('Please enter the complete 6-digit code')).toBeInTheDocument()
    await user.type(input, '4')
    expect(screen.queryByText('Please enter the complete 6-digit code')).not.toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/auth/verify')).toHaveLength(0)
  })

  it('verifies, marks the user verified and goes home after 500 ms', async () => {
    const verified = makeUser({ isVerified: true })
    const { calls } = mockApi({
      'POST /api/auth/verify': { body: { user: verified } },
      'GET /api/auth/me': { body: { user: verified } },
    })
    signInAs(makeUser({ isVerified: false }))
    const { router } = renderApp('/verify')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Verification code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify Email' }))
    expect(await screen.findByText('Email verified successfully! Redirecting...')).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/api/auth/verify')?.body).toEqual({ email: 'ada@example.com', code: '123456' })
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ isVerified: true, emailVerified: true })
    expect(router.state.location.pathname).toBe('/verify')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2000 })
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('keeps the user verified when refreshing the session fails', async () => {
    mockApi({
      'POST /api/auth/verify': { body: {} },
      'GET /api/auth/me': () => {
        throw new TypeError('offline')
      },
    })
    signInAs(makeUser({ isVerified: false }))
    renderApp('/verify')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Verification code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify Email' }))
    await screen.findByText('Email verified successfully! Redirecting...')
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ isVerified: true }))
  })

  it("shows the server's message when the code is wrong", async () => {
    mockApi({ 'POST /api/auth/verify': { status: 400, body: { error: 'Invalid verification code', code: 'invalid_code' } } })
    signInAs(makeUser({ isVerified: false }))
    renderApp('/verify')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Verification code'), '999999')
    await user.click(screen.getByRole('button', { name: 'Verify Email' }))
    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeEnabled()
  })

  it('shows the resend countdown and a Contact Support link', async () => {
    mockApi({})
    renderApp('/verify', { state: { email: 'new@example.com', pendingSignup: true } })
    expect(await screen.findByText('Resend code in 60s')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Resend Code' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact')
  })
})
