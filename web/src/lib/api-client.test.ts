import { describe, expect, it } from 'vitest'
import { mockApi, signInAs } from '@/testing/test-utils'
import { apiRequest } from './api-client'

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
})
