import { describe, expect, it } from 'vitest'
import { resetErrorText, signinErrorText, signupErrorText, verifyErrorText } from './error-messages'

describe('auth error texts', () => {
  it('maps sign-in failures', () => {
    expect(signinErrorText({ error: 'Invalid credentials', status: 401 })).toBe('Invalid email or password. Please try again.')
    expect(signinErrorText({ error: 'Too many sign-in attempts. Try again in 30 seconds.', status: 429 })).toBe(
      'Too many sign-in attempts. Try again in 30 seconds.',
    )
    expect(signinErrorText({ error: '' })).toBe('Failed to sign in. Please try again later.')
    expect(signinErrorText(new Error('boom'))).toBe('Failed to sign in. Please try again later.')
  })

  it('maps sign-up failures', () => {
    expect(signupErrorText({ error: 'An account with this email already exists' })).toBe(
      'An account with this email already exists',
    )
    expect(signupErrorText(undefined)).toBe('Signup failed. Please try again.')
  })

  it('maps verify failures', () => {
    expect(verifyErrorText({ error: 'Verification code expired' })).toBe('Verification code expired')
    expect(verifyErrorText(null)).toBe('Failed to verify email. Please try again.')
  })

  it('maps reset failures', () => {
    expect(resetErrorText({ error: 'Invalid verification code' })).toBe(
      'Invalid verification code. Please check and try again.',
    )
    expect(resetErrorText({ error: 'Something else' })).toBe('Failed to reset password. Please try again.')
  })
})
