/**
 * The browser session: the token and user kept in localStorage (keys `token`, `user`,
 * `redirectAfterLogin`, PRODUCT.md section 3), exposed as a small external store so React
 * components (through `useSession`) and plain modules (the API client) share one truth.
 */
import type { User } from '@/types/api'

export const TOKEN_KEY = 'token'
export const USER_KEY = 'user'
export const REDIRECT_KEY = 'redirectAfterLogin'

export type Session = {
  token: string | null
  user: User | null
}

type Listener = () => void

const listeners = new Set<Listener>()
let snapshot: Session | null = null
/**
 * Set when the server refused the signed-in user as unverified (403 `email_unverified`): the
 * app then sends them to /verify from whatever page they are on (app/guards.tsx SessionGate).
 * Kept in memory only; any new session, logout or verification clears it.
 */
let verifyRequested = false

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** The client mirrors isVerified and emailVerified into each other (PRODUCT.md section 3). */
export function normalizeUser(raw: Partial<User> & Record<string, unknown>): User {
  const verified = Boolean(raw.isVerified ?? raw.emailVerified)
  return {
    id: String(raw.id ?? ''),
    firstName: String(raw.firstName ?? ''),
    lastName: String(raw.lastName ?? ''),
    email: String(raw.email ?? ''),
    instituteName: (raw.instituteName as string | null | undefined) ?? null,
    isVerified: verified,
    emailVerified: verified,
  }
}

function readUser(): User | null {
  const text = storage()?.getItem(USER_KEY)
  if (!text) return null
  try {
    const parsed: unknown = JSON.parse(text)
    if (!parsed || typeof parsed !== 'object') return null
    return normalizeUser(parsed as Record<string, unknown>)
  } catch {
    return null
  }
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/**
 * A token whose `exp` (seconds, from its JWT payload) has passed, or that cannot be read,
 * counts as expired. A readable payload without `exp` does not expire on the client.
 */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  try {
    const parts = token.split('.')
    if (parts.length !== 3) return true
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]))
    if (!payload || typeof payload !== 'object') return true
    const exp = (payload as { exp?: unknown }).exp
    if (exp === undefined) return false
    if (typeof exp !== 'number') return true
    return exp * 1000 <= nowMs
  } catch {
    return true
  }
}

function notify() {
  snapshot = null
  listeners.forEach((listener) => listener())
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The stored session as one stable object (for useSyncExternalStore). */
export function getSnapshot(): Session {
  if (!snapshot) {
    snapshot = { token: storage()?.getItem(TOKEN_KEY) ?? null, user: readUser() }
  }
  return snapshot
}

export function getToken(): string | null {
  return getSnapshot().token
}

export function saveSession(token: string, user: User): void {
  verifyRequested = false
  const store = storage()
  store?.setItem(TOKEN_KEY, token)
  store?.setItem(USER_KEY, JSON.stringify(normalizeUser(user)))
  notify()
}

export function saveUser(user: User): void {
  storage()?.setItem(USER_KEY, JSON.stringify(normalizeUser(user)))
  notify()
}

/** Logout: clears token and user and notifies listeners (PRODUCT.md section 4). */
export function clearSession(): void {
  verifyRequested = false
  const store = storage()
  store?.removeItem(TOKEN_KEY)
  store?.removeItem(USER_KEY)
  notify()
}

/** Forces the stored user verified (after a successful verification). */
export function markStoredUserVerified(): void {
  verifyRequested = false
  const user = readUser()
  if (user) saveUser({ ...user, isVerified: true, emailVerified: true })
}

/**
 * The server refused the stored user as unverified (403 `email_unverified`, which the API
 * client reports): the stored user is marked unverified, so the guards agree with the server,
 * and the user is to be sent to /verify (`isVerifyRequested`).
 */
export function markStoredUserUnverified(): void {
  const user = readUser()
  if (!user) return
  verifyRequested = true
  saveUser({ ...user, isVerified: false, emailVerified: false })
}

/** Whether the server refused the signed-in user as unverified since the last session change. */
export function isVerifyRequested(): boolean {
  return verifyRequested
}

/** The move to /verify happened: forget the request. */
export function clearVerifyRequest(): void {
  if (!verifyRequested) return
  verifyRequested = false
  notify()
}

/** Logs out when the saved token has expired; returns true when it did. */
export function expireSessionIfNeeded(nowMs: number = Date.now()): boolean {
  const { token, user } = getSnapshot()
  if (token && isTokenExpired(token, nowMs)) {
    clearSession()
    return true
  }
  if (!token && user) {
    clearSession()
    return true
  }
  return false
}

/** The current user, or null; an expired token logs out and returns nothing. */
export function getCurrentUser(): User | null {
  expireSessionIfNeeded()
  return getSnapshot().user
}

export function saveRedirectAfterLogin(path: string): void {
  storage()?.setItem(REDIRECT_KEY, path)
}

/** Reads and forgets the saved post-login path. */
export function takeRedirectAfterLogin(): string | null {
  const store = storage()
  const path = store?.getItem(REDIRECT_KEY) ?? null
  store?.removeItem(REDIRECT_KEY)
  // Only same-site paths are followed, never an absolute URL someone planted.
  if (path && path.startsWith('/') && !path.startsWith('//')) return path
  return null
}

// Another tab signing in or out changes localStorage; follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) notify()
  })
}

/** Test helper: forget the cached snapshot after tests poke localStorage directly. */
export function resetSessionCache(): void {
  verifyRequested = false
  notify()
}
