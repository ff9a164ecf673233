import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

describe('/forgotPassword', () => {
  it('validates the email step', async () => {
    const { calls } = mockApi({})
    renderApp('/forgotPassword')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }))
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'ada@example')
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }))
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/signin')
    expect(calls).toHaveLength(0)
  })

  it('shows the send failure text', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { status: 500, body: { error: 'boom' } } })
    renderApp('/forgotPassword')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }))
    expect(await screen.findByText('Failed to send verification code. Please try again.')).toBeInTheDocument()
  })

  it('resets the password and goes to /signin with the success message', async () => {
    const { calls } = mockApi({
      'POST /api/auth/forgot-password': { body: { message: 'If the address exists, a code was sent' } },
      'POST /api/auth/reset-password': { body: { message: 'Password reset' } },
    })
    const { router } = renderApp('/forgotPassword')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }))
    const code = await screen.findByLabelText('Verification code')
    expect(screen.getByText('Resend code in 60s')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the complete 6-digit code')
    await user.type(code, '123456')
    await user.type(screen.getByLabelText('New Password'), 'brand-new-pass')
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-pass')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(await screen.findByText('Password reset successful. Please login with your new password.')).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
      newPassword: 'brand-new-pass',
    })
  })

  it('explains an invalid code', async () => {
    mockApi({
      'POST /api/auth/forgot-password': { body: { message: 'ok' } },
      'POST /api/auth/reset-password': { status: 400, body: { error: 'Invalid verification code', code: 'invalid_code' } },
    })
    renderApp('/forgotPassword')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }))
    await user.type(await screen.findByLabelText('Verification code'), '000000')
    await user.type(screen.getByLabelText('New Password'), 'brand-new-pass')
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-pass')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code. Please check and try again.')
  })
})
