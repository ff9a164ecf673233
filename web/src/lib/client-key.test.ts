import { afterEach, describe, expect, it, vi } from 'vitest'
import { CLIENT_KEY_HEADER, clientKey, clientKeyHeader } from './client-key'

describe('clientKey', () => {
  afterEach(() => {
    window.localStorage.clear()
    vi.restoreAllMocks()
  })

  it('is made once, well formed, and kept', () => {
    const key = clientKey()
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(clientKey()).toBe(key)
    expect(clientKeyHeader()).toEqual({ [CLIENT_KEY_HEADER]: key })
  })

  it('replaces a kept value that is not a key', () => {
    window.localStorage.setItem('quizroom.client', 'not a key')
    expect(clientKey()).toMatch(/^[0-9a-f]{32}$/)
  })

  it('lasts as long as the page without storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('storage refused')
    })
    const key = clientKey()
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(clientKey()).toBe(key)
  })
})
