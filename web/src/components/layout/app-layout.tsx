import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { FullFooter, SimpleFooter } from './footer'
import { Header } from './header'
import './layout.css'

/** Header, page and footer; the full footer on / only. */
export function AppLayout() {
  const { pathname } = useLocation()

  useEffect(() => {
    document.documentElement.scrollTop = 0
  }, [pathname])

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {pathname === '/' ? <FullFooter /> : <SimpleFooter />}
    </div>
  )
}
