/**
 * The site header (PRODUCT.md section 2, "Header"): brand link; Leaderboard under /play;
 * My Quizzes under /host and /generate; Sign In when signed out (not on the guest pages);
 * when signed in, an initials avatar with a Logout menu that closes 200 ms after the mouse
 * leaves. Below 720 px the same links sit in a Menu panel.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { NAVIGATION_CANCELLED_EVENT } from '@/hooks/use-leave-warning'
import { logout, useSession } from '@/lib/auth'
import { DROPDOWN_CLOSE_DELAY_MS } from '@/lib/constants'
import { initialsOf } from '@/lib/format'
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

function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false)
  const closeTimer = useRef<number | undefined>(undefined)
  const wrapperRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const itemRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const doLogout = useLogout()
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

  const openAndFocus = () => {
    setOpen(true)
    window.setTimeout(() => itemRef.current?.focus(), 0)
  }

  /** Escape closes the menu and returns to the button; Tab closes it (from the button or the item). */
  const onMenuKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    } else if (event.key === 'Tab') {
      setOpen(false)
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
        aria-label={`Account menu for ${fullName || user.email}`}
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
          <button
            ref={itemRef}
            type="button"
            role="menuitem"
            className="dropdown-item"
            onKeyDown={onMenuKeyDown}
            onClick={() => {
              setOpen(false)
              doLogout()
            }}
          >
            Logout
          </button>
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
        <Link to="/" className="brand" aria-label="Quizroom home">
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
              <button type="button" className="btn btn-secondary" onClick={doLogout}>
                Logout
              </button>
            </>
          ) : null}
        </nav>
      ) : null}
    </header>
  )
}
