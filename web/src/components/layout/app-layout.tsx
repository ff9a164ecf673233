import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { FullFooter, SimpleFooter } from './footer'
import { Header } from './header'
import './layout.css'

/**
 * Header, page and footer; the full footer on / only. On a new page, when the element that had
 * focus went away with the old page (a button or link inside it), focus starts at the new page's
 * content (`main`), as the skip link would take it, instead of falling back to the top of the
 * document; a page that placed focus itself (an error, a heading) keeps it.
 */
export function AppLayout() {
  const { pathname } = useLocation()
  const mainRef = useRef<HTMLElement>(null)
  const shownPath = useRef(pathname)

  useEffect(() => {
    document.documentElement.scrollTop = 0
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    const active = document.activeElement
    if (!active || active === document.body) mainRef.current?.focus({ preventScroll: true })
  }, [pathname])

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" ref={mainRef} className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {pathname === '/' ? <FullFooter /> : <SimpleFooter />}
    </div>
  )
}
