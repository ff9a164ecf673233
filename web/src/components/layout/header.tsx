/**
 * The site header (PRODUCT.md section 2, "Header"): brand link; Leaderboard under /play;
 * My Quizzes under /host and /generate; "Join a live game" everywhere, for everyone (issue 12); Sign In when signed out (not on the guest pages);
 * when signed in, an initials avatar with a menu (My progress, the player's own, issue 14; Audit,
 * the auditor's screens of issue 13; Logout; Sign out everywhere, which ends every session of the
 * account on the server first) that closes 200 ms after the mouse leaves.
 * Below 720 px the same links sit in a Menu panel.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { NAVIGATION_CANCELLED_EVENT } from '@/hooks/use-leave-warning'
import { isApiError } from '@/lib/api-client'
import { AUDIT_PATH } from '@/lib/audit-links'
import { logout, SIGN_OUT_EVERYWHERE_ERROR, signOutEverywhere, useSession } from '@/lib/auth'
import { DROPDOWN_CLOSE_DELAY_MS } from '@/lib/constants'
import { initialsOf } from '@/lib/format'
import { PROGRESS_PATH } from '@/lib/insights-links'
import { PLAY_LIVE_PATH } from '@/lib/live-links'
import type { User } from '@/types/api'
import './layout.css'

const GUEST_PATHS = ['/signup', '/signin', '/forgotpassword']

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

type HeaderLink = { to: string; label: string }

export function headerLinks(pathname: string): HeaderLink[] {
  const path = pathname.toLowerCase()
  const links: HeaderLink[] = []
  if (isUnder(path, '/play')) links.push({ to: '/play/leaderboard', label: 'Leaderboard' })
  if (isUnder(path, '/host') || isUnder(path, '/generate')) links.push({ to: '/host/myQuizzes', label: 'My Quizzes' })
  links.push({ to: PLAY_LIVE_PATH, label: 'Join a live game' })
  return links
}

function useLogout() {
  const navigate = useNavigate()
  const { pathname, key } = useLocation()
  const leaving = useRef(false)
  // Leave the page first and clear the session only once / is on screen, so a protected page
  // being left never sees the session vanish (it would bounce to /signin and remember itself
  // as the place to return to). The router renders its updates in a transition, so the
  // navigate() promise can settle while the old page is still mounted: wait for the commit of
  // the navigation (a new location key, also when / was already on screen).
  useEffect(() => {
    if (leaving.current && pathname === '/') {
      leaving.current = false
      logout()
    }
  }, [key, pathname])
  // A page that warns before leaving (a quiz in progress) may keep the player: then stay signed in.
  useEffect(() => {
    const stay = () => {
      leaving.current = false
    }
    window.addEventListener(NAVIGATION_CANCELLED_EVENT, stay)
    return () => window.removeEventListener(NAVIGATION_CANCELLED_EVENT, stay)
  }, [])
  return () => {
    leaving.current = true
    Promise.resolve(navigate('/')).catch(() => undefined)
  }
}

/**
 * Sign out everywhere: POST /api/auth/signout-all, then the local logout (as Logout). A failure
 * keeps the session and says so (the server's text, or a fixed one when no answer came).
 */
function useSignOutEverywhere(doLogout: () => void) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = () => {
    if (busy) return
    setBusy(true)
    setError(null)
    signOutEverywhere()
      .then(() => {
        setBusy(false)
        doLogout()
      })
      .catch((e: unknown) => {
        setBusy(false)
        setError(isApiError(e) && e.status && e.error ? e.error : SIGN_OUT_EVERYWHERE_ERROR)
      })
  }
  return { run, busy, error, clearError: () => setError(null) }
}

/**
 * The avatar's accessible name begins with the initials it shows ("AL, account menu for Ada
 * Lovelace"), so a voice-control user can say what they see (WCAG 2.5.3, label in name; decision
 * 0196). Without a name to take initials from the avatar shows "?", which is left out of the name.
 */
export function avatarLabel(initials: string, who: string): string {
  return /[\p{L}\p{N}]/u.test(initials) ? `${initials}, account menu for ${who}` : `Account menu for ${who}`
}

const SIGN_OUT_EVERYWHERE = 'Sign out everywhere'
const SIGNING_OUT = 'Signing out...'

function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false)
  const closeTimer = useRef<number | undefined>(undefined)
  const wrapperRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const itemRefs = useRef<(HTMLElement | null)[]>([])
  const menuId = useId()
  const doLogout = useLogout()
  const everywhere = useSignOutEverywhere(doLogout)
  const initials = initialsOf(user.firstName, user.lastName)
  const fullName = `${user.firstName} ${user.lastName}`.trim()

  const cancelClose = () => {
    if (closeTimer.current !== undefined) {
      window.clearTimeout(closeTimer.current)
      closeTimer.current = undefined
    }
  }
  const scheduleClose = () => {
    cancelClose()
    closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS)
  }

  useEffect(() => cancelClose, [])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (wrapperRef.current && !wrapperRef.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointerDown)
    return () => document.removeEventListener('mousedown', onPointerDown)
  }, [open])

  const focusItem = (index: number) => {
    const items = itemRefs.current.filter((item): item is HTMLElement => item !== null)
    if (items.length === 0) return
    items[(index + items.length) % items.length].focus()
  }

  const openAndFocus = () => {
    everywhere.clearError()
    setOpen(true)
    window.setTimeout(() => focusItem(0), 0)
  }

  /**
   * Escape closes the menu and returns to the button; Tab closes it (from the button or an
   * item); the arrows, Home and End move between the items.
   */
  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    } else if (event.key === 'Tab') {
      setOpen(false)
    }
  }

  const onItemKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = itemRefs.current.indexOf(event.currentTarget)
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 }
    if (event.key in moves) {
      event.preventDefault()
      focusItem(moves[event.key])
    } else {
      onMenuKeyDown(event)
    }
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      openAndFocus()
    } else {
      onMenuKeyDown(event)
    }
  }

  return (
    <div
      className="user-menu"
      ref={wrapperRef}
      onMouseEnter={cancelClose}
      onMouseLeave={scheduleClose}
    >
      <button
        ref={buttonRef}
        type="button"
        className="avatar"
        aria-label={avatarLabel(initials, fullName || user.email)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAndFocus())}
        onKeyDown={onButtonKeyDown}
      >
        <span aria-hidden="true">{initials}</span>
      </button>
      {open ? (
        <div className="dropdown" id={menuId} role="menu" aria-label="Account">
          <div className="dropdown-who" role="none">
            <span className="dropdown-name">{fullName}</span>
            <span className="dropdown-email">{user.email}</span>
          </div>
          <Link
            ref={(item) => {
              itemRefs.current[0] = item
            }}
            to={PROGRESS_PATH}
            role="menuitem"
            className="dropdown-item"
            onKeyDown={onItemKeyDown}
            onClick={() => setOpen(false)}
          >
            My progress
          </Link>
          <Link
            ref={(item) => {
              itemRefs.current[1] = item
            }}
            to={AUDIT_PATH}
            role="menuitem"
            className="dropdown-item"
            onKeyDown={onItemKeyDown}
            onClick={() => setOpen(false)}
          >
            Audit
          </Link>
          <button
            ref={(item) => {
              itemRefs.current[2] = item
            }}
            type="button"
            role="menuitem"
            className="dropdown-item"
            onKeyDown={onItemKeyDown}
            onClick={() => {
              setOpen(false)
              doLogout()
            }}
          >
            Logout
          </button>
          <button
            ref={(item) => {
              itemRefs.current[3] = item
            }}
            type="button"
            role="menuitem"
            className="dropdown-item"
            aria-disabled={everywhere.busy || undefined}
            onKeyDown={onItemKeyDown}
            onClick={everywhere.run}
          >
            {everywhere.busy ? SIGNING_OUT : SIGN_OUT_EVERYWHERE}
          </button>
          {everywhere.error ? (
            <p className="header-error" role="alert">
              {everywhere.error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

export function Header() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { user, isAuthenticated } = useSession()
  const [mobileOpen, setMobileOpen] = useState(false)
  const [menuPath, setMenuPath] = useState(pathname)
  const doLogout = useLogout()
  const everywhere = useSignOutEverywhere(doLogout)
  const links = headerLinks(pathname)
  const onGuestPage = GUEST_PATHS.includes(pathname.toLowerCase().replace(/\/+$/, ''))
  const showSignIn = !isAuthenticated && !onGuestPage

  // The mobile menu closes when the page changes (adjusted while rendering, not in an effect).
  if (menuPath !== pathname) {
    setMenuPath(pathname)
    setMobileOpen(false)
  }

  return (
    <header className="site-header">
      <div className="header-inner">
        {/* Named by its visible word, "Quizroom" (the Q mark is hidden): WCAG 2.5.3, decision 0196. */}
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            Q
          </span>
          <span className="brand-name">Quizroom</span>
        </Link>

        <nav className="header-nav" aria-label="Main">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className="nav-link">
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="header-actions">
          {showSignIn ? (
            <button type="button" className="btn btn-primary" onClick={() => navigate('/signin')}>
              Sign In
            </button>
          ) : null}
          {isAuthenticated && user ? <UserMenu user={user} /> : null}
        </div>

        <button
          type="button"
          className="menu-toggle"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen((value) => !value)}
        >
          <span className="menu-icon" aria-hidden="true" />
          Menu
        </button>
      </div>

      {mobileOpen ? (
        <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className="mobile-link">
              {link.label}
            </NavLink>
          ))}
          {showSignIn ? (
            <button type="button" className="btn btn-primary" onClick={() => navigate('/signin')}>
              Sign In
            </button>
          ) : null}
          {isAuthenticated && user ? (
            <>
              <p className="mobile-user">
                <span className="avatar avatar-static" aria-hidden="true">
                  {initialsOf(user.firstName, user.lastName)}
                </span>
                {user.firstName} {user.lastName}
              </p>
              <Link to={PROGRESS_PATH} className="mobile-link">
                My progress
              </Link>
              <Link to={AUDIT_PATH} className="mobile-link">
                Audit
              </Link>
              <button type="button" className="btn btn-secondary" onClick={doLogout}>
                Logout
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                aria-disabled={everywhere.busy || undefined}
                onClick={everywhere.run}
              >
                {everywhere.busy ? SIGNING_OUT : SIGN_OUT_EVERYWHERE}
              </button>
              {everywhere.error ? (
                <p className="header-error" role="alert">
                  {everywhere.error}
                </p>
              ) : null}
            </>
          ) : null}
        </nav>
      ) : null}
    </header>
  )
}
