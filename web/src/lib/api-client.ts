/**
 * The one fetch wrapper for the product's own API. It adds `Authorization: Bearer <token>`
 * when a token is saved, turns error bodies `{ error, code, details }` into a thrown
 * `ApiError`, and throws `{ error: 'Network error' }` when no response arrives
 * (PRODUCT.md section 7).
 */
import type { ApiError } from '../types/api'
import { clearSession, getToken } from './session'

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** Used as the error text when the server's error body has none. */
  defaultError?: string
  signal?: AbortSignal
}

export const NETWORK_ERROR = 'Network error'

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).error === 'string'
}

/** The message of anything thrown by an API call, or the fallback. */
export function errorMessage(value: unknown, fallback: string): string {
  if (isApiError(value) && value.error) return value.error
  return fallback
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, defaultError = 'Request failed', signal } = options
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch {
    const networkError: ApiError = { error: NETWORK_ERROR }
    throw networkError
  }

  const data = await readJson(response)
  if (!response.ok) {
    const payload = (data && typeof data === 'object' ? data : {}) as Partial<ApiError>
    const retryHeader = response.headers.get('Retry-After')
    const retryAfter = retryHeader !== null && retryHeader !== '' ? Number(retryHeader) : undefined
    const apiError: ApiError = {
      error: typeof payload.error === 'string' && payload.error ? payload.error : defaultError,
      code: typeof payload.code === 'string' ? payload.code : undefined,
      details: payload.details,
      status: response.status,
      retryAfter: retryAfter !== undefined && Number.isFinite(retryAfter) ? retryAfter : undefined,
    }
    // A saved token the server no longer accepts ends the session.
    if (response.status === 401 && token) clearSession()
    throw apiError
  }
  return data as T
}
