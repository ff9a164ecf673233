import { describe, expect, it } from 'vitest'
import { makeToken, makeUser, mockApi, signInAs } from '@/testing/test-utils'
import { apiDownload, apiRequest, apiResult } from './api-client'
import { getSnapshot, isVerifyRequested, resetSessionCache } from './session'

const unverified = { status: 403, body: { error: 'Please verify your email address first.', code: 'email_unverified' } }

function storedUser() {
  return JSON.parse(window.localStorage.getItem('user') ?? 'null') as { isVerified: boolean; emailVerified: boolean } | null
}

describe('api client', () => {
  it('adds the bearer token when one is saved', async () => {
    const { calls } = mockApi({ 'GET /api/auth/me': { body: { user: {} } } })
    await apiRequest('/api/auth/me')
    expect(calls[0].headers.Authorization).toBeUndefined()
    const { token } = signInAs()
    await apiRequest('/api/auth/me')
    expect(calls[1].headers.Authorization).toBe(`Bearer ${token}`)
  })

  it('throws the error body with status and Retry-After', async () => {
    mockApi({
      'POST /api/auth/signin': {
        status: 429,
        headers: { 'Retry-After': '12' },
        body: { error: 'Too many sign-in attempts. Try again in 12 seconds.', code: 'rate_limited' },
      },
    })
    await expect(apiRequest('/api/auth/signin', { method: 'POST', body: {} })).rejects.toEqual({
      error: 'Too many sign-in attempts. Try again in 12 seconds.',
      code: 'rate_limited',
      details: undefined,
      status: 429,
      retryAfter: 12,
    })
  })

  it("uses the call's default text when the body has none", async () => {
    mockApi({ 'POST /api/auth/verify': { status: 500 } })
    await expect(
      apiRequest('/api/auth/verify', { method: 'POST', body: {}, defaultError: 'Verification failed' }),
    ).rejects.toMatchObject({ error: 'Verification failed', status: 500 })
  })

  it("throws { error: 'Network error' } when no response arrives", async () => {
    mockApi({
      'GET /api/wallet': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await expect(apiRequest('/api/wallet')).rejects.toEqual({ error: 'Network error' })
  })

  it('ends the session when the server refuses the saved token', async () => {
    mockApi({ 'GET /api/wallet': { status: 401, body: { error: 'Invalid token', code: 'unauthorized' } } })
    signInAs()
    await expect(apiRequest('/api/wallet')).rejects.toMatchObject({ status: 401 })
    expect(window.localStorage.getItem('token')).toBeNull()
  })

  it.each(['invalid_token', 'session_ended'])('ends the session on a 401 %s from any kind of call', async (code) => {
    mockApi({
      'GET /api/hostQuiz/myQuizzes': { status: 401, body: { error: 'Your session has ended. Please sign in again.', code } },
      'GET /api/attempt/export': { status: 401, body: { error: 'Invalid authentication token', code } },
    })
    signInAs()
    await expect(apiResult('/api/hostQuiz/myQuizzes')).resolves.toMatchObject({ ok: false, status: 401 })
    expect(getSnapshot()).toEqual({ token: null, user: null })
    signInAs()
    await expect(apiDownload('/api/attempt/export')).rejects.toMatchObject({ status: 401, code })
    expect(window.localStorage.getItem('token')).toBeNull()
  })

  it('keeps a newer session when an older token is refused', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined
    mockApi({ 'GET /api/wallet': () => new Promise((resolve) => (answer = resolve)) })
    signInAs()
    const pending = apiRequest('/api/wallet')
    const { token } = signInAs(makeUser({ firstName: 'Grace' }), makeToken({ sub: 'u2' }))
    answer({ status: 401, body: { error: 'Invalid authentication token', code: 'session_ended' } })
    await expect(pending).rejects.toMatchObject({ status: 401 })
    expect(window.localStorage.getItem('token')).toBe(token)
  })

  it('marks the stored user unverified when the server says so (403 email_unverified)', async () => {
    mockApi({ 'GET /api/categories': unverified })
    signInAs(makeUser({ isVerified: true }))
    await expect(apiRequest('/api/categories')).rejects.toEqual({
      error: 'Please verify your email address first.',
      code: 'email_unverified',
      details: undefined,
      status: 403,
      retryAfter: undefined,
    })
    expect(storedUser()).toMatchObject({ isVerified: false, emailVerified: false })
    expect(getSnapshot().user).toMatchObject({ isVerified: false, emailVerified: false })
    expect(isVerifyRequested()).toBe(true)
    // The session itself stays: the user is signed in, only not verified.
    expect(window.localStorage.getItem('token')).not.toBeNull()
  })

  it('marks the user unverified for every kind of call, whose caller still reads the body', async () => {
    mockApi({ 'GET /api/hostQuiz/checkQuiz': unverified, 'GET /api/attempt/export': unverified })
    signInAs()
    await expect(apiResult('/api/hostQuiz/checkQuiz')).resolves.toEqual({ ok: false, status: 403, data: unverified.body })
    expect(storedUser()?.isVerified).toBe(false)
    signInAs()
    await expect(apiDownload('/api/attempt/export')).rejects.toMatchObject({ code: 'email_unverified' })
    expect(storedUser()?.isVerified).toBe(false)
  })

  it('leaves the user alone for any other 403, and without a saved token', async () => {
    mockApi({
      'POST /api/hostQuiz/upload': { status: 403, body: { error: 'You can only act for your own account', code: 'forbidden' } },
      'GET /api/categories': unverified,
    })
    signInAs()
    await expect(apiRequest('/api/hostQuiz/upload', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 403 })
    expect(storedUser()?.isVerified).toBe(true)
    expect(isVerifyRequested()).toBe(false)
    window.localStorage.clear()
    resetSessionCache()
    const { calls } = mockApi({ 'GET /api/categories': unverified })
    await expect(apiRequest('/api/categories')).rejects.toMatchObject({ status: 403 })
    expect(calls[0].headers.Authorization).toBeUndefined()
    expect(storedUser()).toBeNull()
    expect(isVerifyRequested()).toBe(false)
  })
})
