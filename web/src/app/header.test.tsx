import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { avatarLabel } from '@/components/layout/header'
import { makeUser, mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from './testing/render-app'

function header() {
  return within(screen.getByRole('banner'))
}

describe('header', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('links the brand to /, named by its visible word (WCAG 2.5.3)', () => {
    mockApi({})
    renderApp('/pricing')
    const brand = header().getByRole('link', { name: 'Quizroom' })
    expect(brand).toHaveAttribute('href', '/')
    expect(brand).not.toHaveAttribute('aria-label')
  })

  it('shows Sign In when signed out and goes to /signin', async () => {
    mockApi({})
    const { router } = renderApp('/')
    await userEvent.setup().click(header().getByRole('button', { name: 'Sign In' }))
    expect(router.state.location.pathname).toBe('/signin')
  })

  it.each(['/signup', '/signin', '/forgotPassword'])('hides Sign In on %s', (path) => {
    mockApi({})
    renderApp(path)
    expect(header().queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument()
  })

  it('shows Leaderboard only under /play', () => {
    mockApi({})
    signInAs()
    const { unmount } = renderApp('/play/categories')
    expect(header().getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/play/leaderboard')
    expect(header().queryByRole('link', { name: 'My Quizzes' })).not.toBeInTheDocument()
    unmount()
    renderApp('/contact')
    expect(header().queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument()
  })

  it.each(['/host/quiz', '/generate/quiz'])('shows My Quizzes under %s', (path) => {
    mockApi({})
    signInAs()
    renderApp(path)
    expect(header().getByRole('link', { name: 'My Quizzes' })).toHaveAttribute('href', '/host/myQuizzes')
    expect(header().queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument()
  })

  it('links to joining a live game for everyone, signed in or not', () => {
    mockApi({})
    const { unmount } = renderApp('/pricing')
    expect(header().getByRole('link', { name: 'Join a live game' })).toHaveAttribute('href', '/play/live')
    unmount()
    signInAs()
    renderApp('/host/quiz')
    expect(header().getByRole('link', { name: 'Join a live game' })).toHaveAttribute('href', '/play/live')
  })

  it('shows the two initials when signed in, and no Sign In', () => {
    mockApi({})
    signInAs(makeUser({ firstName: 'grace', lastName: 'Hopper' }))
    renderApp('/')
    const avatar = header().getByRole('button', { name: 'GH, account menu for grace Hopper' })
    expect(avatar).toHaveTextContent('GH')
    expect(header().queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument()
  })

  it('names the avatar by the initials it shows first, then whose menu it is (WCAG 2.5.3)', () => {
    expect(avatarLabel('AL', 'Ada Lovelace')).toBe('AL, account menu for Ada Lovelace')
    expect(avatarLabel('?', 'nobody@example.com')).toBe('Account menu for nobody@example.com')
  })

  it('closes the dropdown 200 ms after the mouse leaves, and not if it comes back', async () => {
    vi.useFakeTimers()
    mockApi({})
    signInAs()
    renderApp('/')
    const avatar = header().getByRole('button', { name: /account menu/ })
    fireEvent.click(avatar)
    expect(screen.getByRole('menu')).toBeInTheDocument()
    expect(avatar).toHaveAttribute('aria-expanded', 'true')
    const wrapper = avatar.parentElement as HTMLElement

    fireEvent.mouseLeave(wrapper)
    act(() => {
      vi.advanceTimersByTime(150)
    })
    fireEvent.mouseEnter(wrapper)
    act(() => {
      vi.advanceTimersByTime(500)
    })
    expect(screen.getByRole('menu')).toBeInTheDocument()

    fireEvent.mouseLeave(wrapper)
    act(() => {
      vi.advanceTimersByTime(199)
    })
    expect(screen.getByRole('menu')).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('opens with the keyboard, focuses its first item and closes on Escape', async () => {
    mockApi({})
    signInAs()
    renderApp('/')
    const user = userEvent.setup()
    const avatar = header().getByRole('button', { name: /account menu/ })
    avatar.focus()
    await user.keyboard('{Enter}')
    const progress = await screen.findByRole('menuitem', { name: 'My progress' })
    expect(progress).toHaveAttribute('href', '/play/progress')
    await waitFor(() => expect(progress).toHaveFocus())
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(avatar).toHaveFocus()
  })

  it('logs out: clears the session and goes to /', async () => {
    mockApi({})
    signInAs()
    const { router } = renderApp('/pricing')
    const user = userEvent.setup()
    await user.click(header().getByRole('button', { name: /account menu/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull())
    expect(window.localStorage.getItem('user')).toBeNull()
    expect(header().getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('logs out from / too', async () => {
    mockApi({})
    signInAs()
    const { router } = renderApp('/')
    const user = userEvent.setup()
    await user.click(header().getByRole('button', { name: /account menu/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull())
    expect(router.state.location.pathname).toBe('/')
    expect(header().getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('closes the open menu on Escape while the account button has focus', async () => {
    mockApi({})
    signInAs()
    renderApp('/')
    const user = userEvent.setup()
    const avatar = header().getByRole('button', { name: /account menu/ })
    await user.click(avatar)
    expect(screen.getByRole('menu')).toBeInTheDocument()
    avatar.focus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(avatar).toHaveFocus()
  })

  it('logging out from a protected page does not remember it for the next sign-in', async () => {
    mockApi({})
    signInAs()
    const { router } = renderApp('/host/quiz')
    const user = userEvent.setup()
    await user.click(header().getByRole('button', { name: /account menu/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull())
    expect(router.state.location.pathname).toBe('/')
    expect(window.localStorage.getItem('redirectAfterLogin')).toBeNull()
  })

  it('moves between the menu items with the arrow keys', async () => {
    mockApi({})
    signInAs()
    renderApp('/')
    const user = userEvent.setup()
    header().getByRole('button', { name: /account menu/ }).focus()
    await user.keyboard('{ArrowDown}')
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['My progress', 'Audit', 'Logout', 'Sign out everywhere'])
    const [progress, , logout, everywhere] = items
    await waitFor(() => expect(progress).toHaveFocus())
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(logout).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(everywhere).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(progress).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(everywhere).toHaveFocus()
    await user.keyboard('{Home}')
    expect(progress).toHaveFocus()
    await user.keyboard('{End}')
    expect(everywhere).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('signs out everywhere: asks the server, then clears the session and goes to /', async () => {
    let answer: (response: { body: unknown }) => void = () => undefined
    const { calls } = mockApi({ 'POST /api/auth/signout-all': () => new Promise((resolve) => (answer = resolve)) })
    const { token } = signInAs()
    const { router } = renderApp('/host/quiz')
    const user = userEvent.setup()
    await user.click(header().getByRole('button', { name: /account menu/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }))
    expect(await screen.findByRole('menuitem', { name: 'Signing out...' })).toHaveAttribute('aria-disabled', 'true')
    expect(window.localStorage.getItem('token')).toBe(token)
    answer({ body: { message: 'Signed out on every device' } })
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull())
    expect(window.localStorage.getItem('user')).toBeNull()
    expect(router.state.location.pathname).toBe('/')
    // Like Logout, leaving a protected page this way does not remember it for the next sign-in.
    expect(window.localStorage.getItem('redirectAfterLogin')).toBeNull()
    const call = calls.find((c) => c.path === '/api/auth/signout-all')
    expect(call?.method).toBe('POST')
    expect(call?.body).toBeUndefined()
    expect(call?.headers.Authorization).toBe(`Bearer ${token}`)
    expect(header().getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('stays signed in and says so when signing out everywhere fails', async () => {
    let offline = false
    mockApi({
      'POST /api/auth/signout-all': () => {
        if (offline) throw new TypeError('Failed to fetch')
        return { status: 429, body: { error: 'Too many requests. Try again in 5 seconds.', code: 'rate_limited' } }
      },
    })
    signInAs()
    const { router } = renderApp('/contact')
    const user = userEvent.setup()
    await user.click(header().getByRole('button', { name: /account menu/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 5 seconds.')
    offline = true
    await user.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to sign out everywhere. Please try again.'))
    expect(window.localStorage.getItem('token')).not.toBeNull()
    expect(router.state.location.pathname).toBe('/contact')
  })

  it('offers Sign out everywhere in the mobile menu', async () => {
    const { calls } = mockApi({ 'POST /api/auth/signout-all': { body: { message: 'Signed out on every device' } } })
    signInAs()
    const { router } = renderApp('/play/categories')
    const user = userEvent.setup()
    await user.click(header().getByRole('button', { name: 'Menu' }))
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }))
    await user.click(mobile.getByRole('button', { name: 'Sign out everywhere' }))
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull())
    expect(router.state.location.pathname).toBe('/')
    expect(calls.filter((c) => c.path === '/api/auth/signout-all')).toHaveLength(1)
  })

  it('has a mobile menu with the same links', async () => {
    mockApi({})
    signInAs()
    renderApp('/play/categories')
    const user = userEvent.setup()
    const toggle = header().getByRole('button', { name: 'Menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }))
    expect(mobile.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/play/leaderboard')
    expect(mobile.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  it('leads to the audit screens from the account menu and the mobile menu', async () => {
    mockApi({})
    signInAs()
    const { router } = renderApp('/contact')
    const user = userEvent.setup()
    await user.click(header().getByRole('button', { name: 'Menu' }))
    expect(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Audit' })).toHaveAttribute('href', '/audit')
    await user.click(header().getByRole('button', { name: /account menu/ }))
    const audit = screen.getByRole('menuitem', { name: 'Audit' })
    expect(audit).toHaveAttribute('href', '/audit')
    await user.click(audit)
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit'))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('closes the mobile menu when the page changes', async () => {
    mockApi({ 'GET /api/leaderboard': { body: [] } })
    signInAs()
    const { router } = renderApp('/play/categories')
    const user = userEvent.setup()
    const toggle = header().getByRole('button', { name: 'Menu' })
    await user.click(toggle)
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Leaderboard' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/play/leaderboard'))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()
  })

  it('mobile menu offers Sign In when signed out', async () => {
    mockApi({})
    renderApp('/')
    await userEvent.setup().click(header().getByRole('button', { name: 'Menu' }))
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }))
    expect(mobile.getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })
})
