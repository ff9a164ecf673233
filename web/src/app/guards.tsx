/**
 * Route guards (PRODUCT.md section 2 and 6).
 * - GuestOnlyRoute: /signup, /signin, /forgotPassword send a signed-in user to / (replace).
 *   It decides when a page is entered, so the sign-in page's own 100 ms redirect is not
 *   overtaken when the session appears.
 * - ProtectedRoute: signed out → /signin, unverified → /verify; the origin is saved in
 *   localStorage `redirectAfterLogin` and passed as navigation state `from`.
 * - VerifyRoute: a 50 ms loading placeholder, then: verified → /play/categories; signed out
 *   without a pending signup → /signin; otherwise the Verify Email screen.
 * - SessionGate (around every page): when an API call was refused with 403 `email_unverified`
 *   (lib/api-client marks the stored user unverified), the user goes to /verify from any page,
 *   the origin saved as ProtectedRoute saves it. A 401 needs nothing here: the API client ends
 *   the session, and ProtectedRoute sends a protected page to /signin.
 */
import { useEffect, useEffectEvent, useState, useSyncExternalStore, type ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { useSession } from '@/lib/auth'
import { VERIFY_GUARD_DELAY_MS } from '@/lib/constants'
import { clearVerifyRequest, getSnapshot, isVerifyRequested, saveRedirectAfterLogin, subscribe } from '@/lib/session'

function GuestGate() {
  const { isAuthenticated } = useSession()
  const [signedInOnEntry] = useState(isAuthenticated)
  if (signedInOnEntry) return <Navigate to="/" replace />
  return <Outlet />
}

export function GuestOnlyRoute() {
  const { pathname } = useLocation()
  return <GuestGate key={pathname.toLowerCase()} />
}

function originOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`
}

export function SessionGate() {
  const verifyRequested = useSyncExternalStore(subscribe, isVerifyRequested, isVerifyRequested)
  const { isAuthenticated, isEmailVerified } = useSession()
  const location = useLocation()
  const onVerify = location.pathname.toLowerCase() === '/verify'

  // On /verify the request has been answered.
  useEffect(() => {
    if (verifyRequested && onVerify) clearVerifyRequest()
  }, [verifyRequested, onVerify])

  if (verifyRequested && isAuthenticated && !isEmailVerified && !onVerify) {
    // Rendered instead of the page, so a protected page's own guard does not move the user too.
    const origin = originOf(location)
    saveRedirectAfterLogin(origin)
    return <Navigate to="/verify" replace state={{ from: origin }} />
  }
  return <Outlet />
}

export function ProtectedRoute() {
  const { isAuthenticated, isEmailVerified } = useSession()
  const location = useLocation()
  const origin = originOf(location)
  if (!isAuthenticated || !isEmailVerified) {
    saveRedirectAfterLogin(origin)
    return <Navigate to={isAuthenticated ? '/verify' : '/signin'} replace state={{ from: origin }} />
  }
  return <Outlet />
}

export type VerifyLocationState = { email?: string; pendingSignup?: boolean; from?: string }

type VerifyDecision = { kind: 'show'; email: string } | { kind: 'verified' } | { kind: 'signin' }

function decideVerify(state: VerifyLocationState | null): VerifyDecision {
  const { token, user } = getSnapshot()
  const authenticated = Boolean(token && user)
  if (authenticated && user && (user.isVerified || user.emailVerified)) return { kind: 'verified' }
  if (authenticated && user) return { kind: 'show', email: user.email }
  if (state?.pendingSignup && state.email) return { kind: 'show', email: state.email }
  return { kind: 'signin' }
}

export function VerifyRoute({ children }: { children: (email: string) => ReactNode }) {
  const location = useLocation()
  const [decision, setDecision] = useState<VerifyDecision | null>(null)
  const state = (location.state ?? null) as VerifyLocationState | null

  const decide = useEffectEvent(() => setDecision(decideVerify(state)))
  // Decided once per visit (a new location key): later session changes (the verify success
  // itself) must not move the user before the screen's own redirect.
  useEffect(() => {
    const id = window.setTimeout(() => decide(), VERIFY_GUARD_DELAY_MS)
    return () => window.clearTimeout(id)
  }, [location.key])

  if (!decision) return <Loading />
  if (decision.kind === 'verified') return <Navigate to="/play/categories" replace />
  if (decision.kind === 'signin') return <Navigate to="/signin" replace />
  return <>{children(decision.email)}</>
}
