/**
 * This browser's client key (decision 0032): a random key kept in localStorage and sent as
 * `X-Quizroom-Client` when joining a live game, so the server counts a pupil's wrong PINs against
 * that pupil rather than against everyone behind the school's address, gives the browser one
 * seat per game, and keeps a removed player's browser out. Without storage (a private window
 * that refuses it) the key lasts as long as the page.
 */
export const CLIENT_KEY_HEADER = 'X-Quizroom-Client'

const STORAGE_KEY = 'quizroom.client'
const WELL_FORMED = /^[A-Za-z0-9_-]{16,64}$/

let inMemory: string | null = null

function newKey(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The key, made and kept on first use. */
export function clientKey(): string {
  try {
    const kept = window.localStorage.getItem(STORAGE_KEY)
    if (kept !== null && WELL_FORMED.test(kept)) return kept
    const key = newKey()
    window.localStorage.setItem(STORAGE_KEY, key)
    return key
  } catch {
    inMemory ??= newKey()
    return inMemory
  }
}

/** The header that carries the key. */
export function clientKeyHeader(): Record<string, string> {
  return { [CLIENT_KEY_HEADER]: clientKey() }
}
