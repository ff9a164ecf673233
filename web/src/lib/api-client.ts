/**
 * The one fetch wrapper for the product's own API. It adds `Authorization: Bearer <token>`
 * when a token is saved, turns error bodies `{ error, code, details }` into a thrown
 * `ApiError`, and throws `{ error: 'Network error' }` when no response arrives
 * (PRODUCT.md section 7). Calls marked `auth: true` throw `{ error: 'No authentication token
 * found' }` before sending anything when no token is saved (PRODUCT.md section 6).
 *
 * Three ways to read an answer:
 * - `apiRequest` — JSON; an error status throws an `ApiError`.
 * - `apiResult` — JSON; an error status is returned with its body as it came (the hostQuiz
 *   and leaderboard-delete calls show the server's body as is).
 * - `apiDownload` — a file (Blob) and the name the server suggested.
 */
import type { ApiError } from '@/types/api'
import { clearSession, getToken } from './session'

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** JSON-encoded, except FormData, which is sent as multipart as it is. */
  body?: unknown
  /** Used as the error text when the server's error body has none. */
  defaultError?: string
  signal?: AbortSignal
  /** The call needs a saved token: without one it throws NO_TOKEN_ERROR and sends nothing. */
  auth?: boolean
}

export const NETWORK_ERROR = 'Network error'
export const NO_TOKEN_ERROR = 'No authentication token found'

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

type Sent = { response: Response; token: string | null }

async function send(path: string, options: RequestOptions, accept: string): Promise<Sent> {
  const { method = 'GET', body, signal, auth = false } = options
  const token = getToken()
  if (auth && !token) {
    const noToken: ApiError = { error: NO_TOKEN_ERROR }
    throw noToken
  }
  const headers: Record<string, string> = { Accept: accept }
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`

  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    })
    // A saved token the server no longer accepts ends the session.
    if (response.status === 401 && token) clearSession()
    return { response, token }
  } catch {
    const networkError: ApiError = { error: NETWORK_ERROR }
    throw networkError
  }
}

function toApiError(response: Response, data: unknown, defaultError: string): ApiError {
  const payload = (data && typeof data === 'object' ? data : {}) as Partial<ApiError>
  const retryHeader = response.headers.get('Retry-After')
  const retryAfter = retryHeader !== null && retryHeader !== '' ? Number(retryHeader) : undefined
  return {
    error: typeof payload.error === 'string' && payload.error ? payload.error : defaultError,
    code: typeof payload.code === 'string' ? payload.code : undefined,
    details: payload.details,
    status: response.status,
    retryAfter: retryAfter !== undefined && Number.isFinite(retryAfter) ? retryAfter : undefined,
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { response } = await send(path, options, 'application/json')
  const data = await readJson(response)
  if (!response.ok) throw toApiError(response, data, options.defaultError ?? 'Request failed')
  return data as T
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; data: unknown }

/** Like apiRequest, but an error status is an answer: its body is returned as the server sent it. */
export async function apiResult<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { response } = await send(path, options, 'application/json')
  const data = await readJson(response)
  if (response.ok) return { ok: true, status: response.status, data: data as T }
  return { ok: false, status: response.status, data }
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)
  return plain ? plain[1].trim() : null
}

/** Fetches a file (with the bearer token) as a Blob; an error status throws an ApiError. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const { response } = await send(path, options, '*/*')
  if (!response.ok) throw toApiError(response, await readJson(response), options.defaultError ?? 'Download failed')
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('Content-Disposition')) }
}
