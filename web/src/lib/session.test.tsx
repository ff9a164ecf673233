import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeToken, makeUser, signInAs } from '@/testing/test-utils'
import { AuthProvider } from './auth'
import {
  clearSession,
  clearVerifyRequest,
  getCurrentUser,
  isTokenExpired,
  isVerifyRequested,
  markStoredUserUnverified,
  markStoredUserVerified,
  normalizeUser,
  saveSession,
  takeRedirectAfterLogin,
} from './session'

describe('session', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reads the expiry from the token payload', () => {
    const now = Date.UTC(2026, 0, 1)
    expect(isTokenExpired(makeToken({ exp: now / 1000 + 60 }), now)).toBe(false)
    expect(isTokenExpired(makeToken({ exp: now / 1000 - 1 }), now)).toBe(true)
  })

  it('treats an unreadable token as expired', () => {
    expect(isTokenExpired('garbage')).toBe(true)
    expect(isTokenExpired('a.b.c')).toBe(true)
    expect(isTokenExpired(makeToken({ exp: 'soon' }))).toBe(true)
  })

  it('mirrors isVerified and emailVerified', () => {
    expect(normalizeUser({ ...makeUser(), isVerified: undefined as unknown as boolean, emailVerified: true })).toMatchObject({
      isVerified: true,
      emailVerified: true,
    })
  })

  it('logs out when the current user is read with an expired token', () => {
    signInAs(makeUser(), makeToken({ exp: Math.floor(Date.now() / 1000) - 1 }))
    expect(getCurrentUser()).toBeNull()
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(window.localStorage.getItem('user')).toBeNull()
  })

  it('checks the token every 12 hours and logs out once it has expired', () => {
    vi.useFakeTimers()
    const start = Date.UTC(2026, 0, 1, 8)
    vi.setSystemTime(start)
    signInAs(makeUser(), makeToken({ exp: start / 1000 + 13 * 60 * 60 }))
    render(
      <AuthProvider revalidate={false}>
        <p>app</p>
      </AuthProvider>,
    )
    act(() => {
      vi.advanceTimersByTime(12 * 60 * 60 * 1000)
    })
    expect(window.localStorage.getItem('token')).not.toBeNull()
    act(() => {
      vi.advanceTimersByTime(12 * 60 * 60 * 1000)
    })
    expect(window.localStorage.getItem('token')).toBeNull()
  })

  it('follows only same-site redirect paths, once', () => {
    window.localStorage.setItem('redirectAfterLogin', '/host/quiz')
    expect(takeRedirectAfterLogin()).toBe('/host/quiz')
    expect(takeRedirectAfterLogin()).toBeNull()
    window.localStorage.setItem('redirectAfterLogin', '//evil.example')
    expect(takeRedirectAfterLogin()).toBeNull()
  })

  it('marks the stored user unverified and asks for /verify until the session changes', () => {
    const { token } = signInAs(makeUser({ isVerified: true }))
    markStoredUserUnverified()
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ isVerified: false, emailVerified: false })
    expect(window.localStorage.getItem('token')).toBe(token)
    expect(isVerifyRequested()).toBe(true)
    clearVerifyRequest()
    expect(isVerifyRequested()).toBe(false)

    for (const change of [() => markStoredUserVerified(), () => clearSession(), () => saveSession(token, makeUser())]) {
      signInAs()
      markStoredUserUnverified()
      change()
      expect(isVerifyRequested()).toBe(false)
    }
  })

  it('asks for nothing when no user is stored', () => {
    markStoredUserUnverified()
    expect(isVerifyRequested()).toBe(false)
    expect(window.localStorage.getItem('user')).toBeNull()
  })
})
