import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from './testing/render-app'

describe('session start', () => {
  it('logs out when the server refuses the saved token', async () => {
    mockApi({ 'GET /api/auth/me': { status: 401, body: { error: 'Invalid token', code: 'unauthorized' } } })
    signInAs()
    renderApp('/', { revalidate: true })
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull())
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it("takes the server's view of the user", async () => {
    mockApi({ 'GET /api/auth/me': { body: { user: makeUser({ firstName: 'Grace', lastName: 'Hopper' }) } } })
    signInAs()
    renderApp('/', { revalidate: true })
    expect(await screen.findByText('GH')).toBeInTheDocument()
  })

  it('keeps the stored user when the server cannot be reached', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': () => {
        throw new TypeError('offline')
      },
    })
    signInAs()
    renderApp('/', { revalidate: true })
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(window.localStorage.getItem('token')).not.toBeNull()
    expect(screen.getByText('AL')).toBeInTheDocument()
  })
})
