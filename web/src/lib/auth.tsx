/**
 * Session state for React: `useSession()` reads the stored token and user (with the derived
 * isAuthenticated / isEmailVerified flags) and `AuthProvider` keeps it honest — it logs out
 * when the token has expired, on start and every 12 hours, and re-reads the user from the
 * server on start. Features import this; it imports no feature.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import type { MessageResponse, User } from '@/types/api'
import { apiRequest } from './api-client'
import { TOKEN_CHECK_INTERVAL_MS } from './constants'
import {
  clearSession,
  expireSessionIfNeeded,
  getSnapshot,
  markStoredUserVerified,
  normalizeUser,
  saveSession,
  saveUser,
  subscribe,
} from './session'

/** GET /api/auth/me: the current user as the server sees it. */
export async function fetchCurrentUser(): Promise<User> {
  const data = await apiRequest<{ user: User }>('/api/auth/me', { defaultError: 'Failed to load user' })
  return normalizeUser(data.user)
}

/**
 * Refreshing the session reads the current user from the server; if that fails the stored
 * user is forced verified (PRODUCT.md section 4: it runs right after a successful verify).
 */
export async function refreshSession(): Promise<void> {
  try {
    const user = await fetchCurrentUser()
    saveUser(user)
  } catch {
    markStoredUserVerified()
  }
}

export function logout(): void {
  clearSession()
}

export const SIGN_OUT_EVERYWHERE_ERROR = 'Failed to sign out everywhere. Please try again.'

/**
 * POST /api/auth/signout-all: the server ends every session of the account, this one
 * included (every earlier token answers 401 afterwards). The caller then logs out locally.
 */
export function signOutEverywhere(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/signout-all', {
    method: 'POST',
    auth: true,
    defaultError: SIGN_OUT_EVERYWHERE_ERROR,
  })
}

export type SessionState = {
  token: string | null
  user: User | null
  isAuthenticated: boolean
  isEmailVerified: boolean
}

export function useSession(): SessionState & {
  signIn: (token: string, user: User) => void
  setUser: (user: User) => void
  logout: () => void
} {
  const { token, user } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  const signIn = useCallback((t: string, u: User) => saveSession(t, u), [])
  const setUser = useCallback((u: User) => saveUser(u), [])
  return useMemo(
    () => ({
      token,
      user,
      isAuthenticated: Boolean(token && user),
      isEmailVerified: Boolean(user && (user.isVerified || user.emailVerified)),
      signIn,
      setUser,
      logout,
    }),
    [token, user, signIn, setUser],
  )
}

export function AuthProvider({ children, revalidate = true }: { children: ReactNode; revalidate?: boolean }) {
  useEffect(() => {
    expireSessionIfNeeded()
    const id = window.setInterval(() => expireSessionIfNeeded(), TOKEN_CHECK_INTERVAL_MS)
    return () => window.clearInterval(id)
  }, [])

  useEffect(() => {
    if (!revalidate || !getSnapshot().token) return
    let cancelled = false
    // A 401 here clears the session inside apiRequest; other failures keep the stored user.
    fetchCurrentUser()
      .then((user) => {
        if (!cancelled && getSnapshot().token) saveUser(user)
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [revalidate])

  return <>{children}</>
}
