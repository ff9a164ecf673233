/**
 * Helpers for tests: a signed-in session and a fake API. Rendering the whole app is
 * `renderApp` in app/testing/render-app.tsx (it needs the route table, which shared code may
 * not import).
 */
import { vi } from 'vitest'
import { resetSessionCache, TOKEN_KEY, USER_KEY } from '@/lib/session'
import type { User } from '@/types/api'

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A JWT-shaped token; `exp` in seconds (default: one day from now). */
export function makeToken(payload: Record<string, unknown> = {}): string {
  const body = { sub: 'u1', exp: Math.floor(Date.now() / 1000) + 24 * 60 * 60, ...payload }
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(body))}.signature`
}

export function makeUser(overrides: Partial<User> = {}): User {
  const verified = overrides.isVerified ?? overrides.emailVerified ?? true
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    instituteName: null,
    ...overrides,
    isVerified: verified,
    emailVerified: verified,
  }
}

/** Stores a session the way the app does. */
export function signInAs(user: User = makeUser(), token: string = makeToken()): { user: User; token: string } {
  window.localStorage.setItem(TOKEN_KEY, token)
  window.localStorage.setItem(USER_KEY, JSON.stringify(user))
  resetSessionCache()
  return { user, token }
}

export type FakeResponse = {
  status?: number
  body?: unknown
  /** A non-JSON body (e.g. CSV), sent as it is instead of `body`. */
  text?: string
  headers?: Record<string, string>
}
export type FakeHandler = (request: {
  body: unknown
  form?: FormData
  headers: Record<string, string>
  url: string
}) =>
  | FakeResponse
  | Promise<FakeResponse>

export type FakeCall = {
  method: string
  path: string
  /** The query string, without '?'. */
  query: string
  body: unknown
  /** A multipart body, when one was sent. */
  form?: FormData
  headers: Record<string, string>
}

/**
 * Replaces fetch with a table of handlers keyed "METHOD /path". Unknown paths answer 404.
 * A handler may throw to simulate a request that got no response.
 */
export function mockApi(handlers: Record<string, FakeHandler | FakeResponse>) {
  const calls: FakeCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const [path, query = ''] = url.replace(/^https?:\/\/[^/]+/, '').split('?')
    const method = (init.method ?? 'GET').toUpperCase()
    const headers = { ...((init.headers as Record<string, string> | undefined) ?? {}) }
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    const form = init.body instanceof FormData ? init.body : undefined
    calls.push({ method, path, query, body, form, headers })
    const handler = handlers[`${method} ${path}`]
    const result: FakeResponse = handler
      ? typeof handler === 'function'
        ? await handler({ body, form, headers, url })
        : handler
      : { status: 404, body: { error: 'Not found', code: 'not_found' } }
    const status = result.status ?? 200
    const text = result.text ?? (result.body === undefined ? '' : JSON.stringify(result.body))
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'Content-Type': 'application/json', ...(result.headers ?? {}) },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}
