/**
 * The one fetch wrapper for the product's own API. It adds `Authorization: Bearer <token>`
 * when a token is saved, turns error bodies `{ error, code, details }` into a thrown
 * `ApiError`, and throws `{ error: 'Network error' }` when no response arrives
 * (PRODUCT.md section 7). Calls marked `auth: true` throw `{ error: 'No authentication token
 * found' }` before sending anything when no token is saved (PRODUCT.md section 6).
 *
 * The session follows the server's answers to a request that carried the saved token, for
 * every call in one place: a 401 (`invalid_token`, `session_ended`…) ends the local session
 * (the guards then send a protected page to /signin), and a 403 `email_unverified` marks the
 * stored user unverified (the app then sends them to /verify).
 *
 * Three ways to read an answer:
 * - `apiRequest` — JSON; an error status throws an `ApiError`.
 * - `apiResult` — JSON; an error status is returned with its body as it came (the hostQuiz
 *   and leaderboard-delete calls show the server's body as is).
 * - `apiDownload` — a file (Blob) and the name the server suggested.
 * - `apiStream` — the response itself, for a body read as it arrives (the audit's exports).
 */
import type { ApiError } from '@/types/api'
import { clearSession, getToken, markStoredUserUnverified } from './session'

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** JSON-encoded, except FormData, which is sent as multipart as it is. */
  body?: unknown
  /** Used as the error text when the server's error body has none. */
  defaultError?: string
  signal?: AbortSignal
  /** The call needs a saved token: without one it throws NO_TOKEN_ERROR and sends nothing. */
  auth?: boolean
  /** Headers of this call besides Accept, Content-Type and Authorization. */
  headers?: Record<string, string>
}

export const NETWORK_ERROR = 'Network error'
export const NO_TOKEN_ERROR = 'No authentication token found'
/** The `code` of the server's 403 to an account whose e-mail is not verified. */
export const EMAIL_UNVERIFIED_CODE = 'email_unverified'

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

/** The `code` of an error body, read from a copy so the caller can still read the body. */
async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const data: unknown = JSON.parse(await response.clone().text())
    const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined
    return typeof code === 'string' ? code : undefined
  } catch {
    return undefined
  }
}

/** Brings the stored session in line with the server's answer to a request sent with `token`. */
async function followSession(response: Response, token: string | null): Promise<void> {
  // Only while that token is still the saved one (a sign-in in between started a new session).
  if (!token || getToken() !== token) return
  if (response.status === 401) clearSession()
  else if (response.status === 403 && (await errorCode(response)) === EMAIL_UNVERIFIED_CODE) markStoredUserUnverified()
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Sent> {
  const { method = 'GET', body, signal, auth = false, headers: extra = {} } = options
  const token = getToken()
  if (auth && !token) {
    const noToken: ApiError = { error: NO_TOKEN_ERROR }
    throw noToken
  }
  const headers: Record<string, string> = { ...extra, Accept: accept }
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    })
  } catch {
    const networkError: ApiError = { error: NETWORK_ERROR }
    throw networkError
  }
  await followSession(response, token)
  return { response, token }
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

/**
 * Opens a download (with the bearer token) whose body the caller reads as it arrives, e.g. to show
 * progress; an error status throws an ApiError.
 */
export async function apiStream(path: string, options: RequestOptions = {}): Promise<Response> {
  const { response } = await send(path, options, '*/*')
  if (!response.ok) throw toApiError(response, await readJson(response), options.defaultError ?? 'Download failed')
  return response
}
