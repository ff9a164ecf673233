/**
 * Uploading a picture, a sound or a video for a question (issue 30, `POST /api/media`,
 * docs/media-api.md), from the quiz editor and the generation review. An XMLHttpRequest, not
 * fetch, so the upload's progress can be shown; otherwise it behaves as api-client.ts does: the
 * saved bearer token, the server's `{ error, code, details }` thrown as an `ApiError` (the screens
 * show its `error` as it came), 'Network error' when no answer arrives, and the session following
 * the server's 401 and 403 `email_unverified`. Also the files the picker offers, and the size
 * limits, checked before anything is sent in the server's words (the server still decides).
 */
import type { ApiError, UploadedMedia } from '@/types/api'
import { EMAIL_UNVERIFIED_CODE, NETWORK_ERROR, NO_TOKEN_ERROR } from './api-client'
import { clearSession, getToken, markStoredUserUnverified } from './session'

export const MEDIA_PATH = '/api/media'

/** What the file picker offers: the pictures, sounds and videos the server takes. */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,audio/mpeg,audio/ogg,audio/mp4,video/mp4,video/webm'

/** What the picker of a picture on an option or an item offers: pictures only. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp'

const MB = 1024 * 1024
export const MOST_IMAGE_BYTES = 10 * MB
export const MOST_SOUND_OR_VIDEO_BYTES = 50 * MB

export const UPLOAD_CANCELLED = 'The upload was cancelled.'
export const UPLOAD_FAILED = 'The file could not be uploaded. Please try again.'

/**
 * Why a file is refused before it is sent (the server's words for a file over its limit), or
 * null. A picture is told by its declared type here; the server tells every file by its bytes.
 */
export function fileTooLarge(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.type.startsWith('image/')) {
    return file.size > MOST_IMAGE_BYTES ? `The image is larger than ${MOST_IMAGE_BYTES / MB} MB. Upload a smaller one.` : null
  }
  return file.size > MOST_SOUND_OR_VIDEO_BYTES ? `The file is larger than ${MOST_SOUND_OR_VIDEO_BYTES / MB} MB. Upload a smaller one.` : null
}

export type UploadProgress = { loaded: number; total: number }

/** The upload function the fields use (replaced in tests). */
export type UploadMedia = (file: File, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal) => Promise<UploadedMedia>

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

function isUploaded(value: unknown): value is UploadedMedia {
  const data = value as Partial<UploadedMedia> | null | undefined
  return typeof data === 'object' && data !== null && typeof data.kind === 'string' && Array.isArray(data.files)
}

/** The error of a refused upload; a body without words (a proxy's 413) gets the words of its status. */
function refusal(xhr: XMLHttpRequest, data: unknown): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as Partial<ApiError>
  const fallback = xhr.status === 413 ? `The file is larger than ${MOST_SOUND_OR_VIDEO_BYTES / MB} MB. Upload a smaller one.` : UPLOAD_FAILED
  const retry = Number(xhr.getResponseHeader('Retry-After') ?? '')
  return {
    error: typeof body.error === 'string' && body.error ? body.error : fallback,
    code: typeof body.code === 'string' ? body.code : undefined,
    details: body.details,
    status: xhr.status,
    retryAfter: xhr.getResponseHeader('Retry-After') && Number.isFinite(retry) ? retry : undefined,
  }
}

/** As api-client's requests: a 401 ends the session, a 403 `email_unverified` marks the user unverified. */
function followSession(status: number, code: string | undefined, token: string) {
  if (getToken() !== token) return
  if (status === 401) clearSession()
  else if (status === 403 && code === EMAIL_UNVERIFIED_CODE) markStoredUserUnverified()
}

/**
 * Sends `file` as the form's `file` field; `onProgress` hears the bytes sent, `signal` cancels
 * (rejecting with UPLOAD_CANCELLED and code `cancelled`). Resolves with what the server stored.
 */
export const uploadMedia: UploadMedia = (file, onProgress, signal) =>
  new Promise((resolve, reject) => {
    const token = getToken()
    if (!token) {
      reject({ error: NO_TOKEN_ERROR } satisfies ApiError)
      return
    }
    if (signal?.aborted) {
      reject({ error: UPLOAD_CANCELLED, code: 'cancelled' } satisfies ApiError)
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', MEDIA_PATH)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total })
    }
    xhr.onload = () => {
      const data = parse(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300 && isUploaded(data)) {
        resolve(data)
        return
      }
      const error = xhr.status >= 200 && xhr.status < 300 ? { error: UPLOAD_FAILED, status: xhr.status } : refusal(xhr, data)
      followSession(xhr.status, error.code, token)
      reject(error)
    }
    xhr.onerror = () => reject({ error: NETWORK_ERROR } satisfies ApiError)
    xhr.onabort = () => reject({ error: UPLOAD_CANCELLED, code: 'cancelled' } satisfies ApiError)
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
