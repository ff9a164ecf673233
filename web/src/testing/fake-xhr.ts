/**
 * A fake XMLHttpRequest for the media upload's tests (lib/media-upload.ts, issue 30): each request
 * made is kept (`requests`) with its method, URL, headers and body; the test then reports upload
 * progress, answers, fails or sees it aborted, as a browser would.
 */
import { vi } from 'vitest'

export class FakeXhr {
  static requests: FakeXhr[] = []

  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown = undefined
  status = 0
  responseText = ''
  aborted = false
  private responseHeaders: Record<string, string> = {}

  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }

  getResponseHeader(name: string): string | null {
    const key = Object.keys(this.responseHeaders).find((header) => header.toLowerCase() === name.toLowerCase())
    return key === undefined ? null : this.responseHeaders[key]
  }

  send(body: unknown) {
    this.body = body
    FakeXhr.requests.push(this)
  }

  abort() {
    this.aborted = true
    this.onabort?.()
  }

  /** The file sent as the form's `file` field. */
  get file(): File | null {
    return this.body instanceof FormData ? (this.body.get('file') as File | null) : null
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent)
  }

  respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
    this.status = status
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
    this.responseHeaders = headers
    this.onload?.()
  }

  /** No answer arrives (the network failed). */
  fail() {
    this.onerror?.()
  }
}

/** Replaces XMLHttpRequest with FakeXhr for the test (unstubbed after it); the requests start empty. */
export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.requests = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return FakeXhr
}

/** The newest request. */
export function lastXhr(): FakeXhr {
  const request = FakeXhr.requests.at(-1)
  if (!request) throw new Error('No XMLHttpRequest was sent')
  return request
}
