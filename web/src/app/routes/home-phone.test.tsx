import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PHONE_SCREEN_QUERY } from '@/features/home/hooks/use-phone-screen'
import { installFakeWebSocket } from '@/testing/fake-websocket'
import { mockApi, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

/**
 * A screen `width` px wide, as matchMedia tells it: `(min-width: N px)`, `(max-width: N px)` and
 * `not all and (…)` are read against the width; anything else (reduced motion) does not match.
 * `resize` changes the width and tells the listeners, as a rotated phone does.
 */
function screenOf(width: number) {
  let current = width
  const listeners = new Set<() => void>()
  const matches = (query: string): boolean => {
    const not = /^not all and (.+)$/.exec(query.trim())
    if (not) return !matches(not[1])
    const feature = /^\((min|max)-width:\s*([\d.]+)px\)$/.exec(query.trim())
    if (!feature) return false
    const limit = Number(feature[2])
    return feature[1] === 'min' ? current >= limit : current <= limit
  }
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return matches(query)
    },
    media: query,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }))
  return {
    resize(to: number) {
      current = to
      act(() => listeners.forEach((listener) => listener()))
    },
  }
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The page's own content: what follows the header (its skip link, brand, Menu). */
const main = () => screen.getByRole('main')

describe('home page on a phone (issue 29)', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })

  it('reads the phone width where the header folds into its Menu (720 px)', () => {
    screenOf(719)
    expect(window.matchMedia(PHONE_SCREEN_QUERY).matches).toBe(true)
    screenOf(720)
    expect(window.matchMedia(PHONE_SCREEN_QUERY).matches).toBe(false)
  })

  it('opens with the game PIN: the first control of the page, above the tagline', async () => {
    screenOf(390)
    mockApi({})
    const user = userEvent.setup()
    renderApp('/')
    const form = screen.getByRole('form', { name: 'Join a live game' })
    const pin = within(form).getByLabelText('Game PIN')
    expect(pin).toHaveAttribute('inputmode', 'numeric')
    expect(pin).toHaveAttribute('autocomplete', 'off')
    expect(pin).toHaveAttribute('maxlength', '6')
    expect(within(form).getByRole('button', { name: 'Join' })).toHaveAttribute('type', 'submit')

    // First in the page's content and in its order: before the tagline, the cards and the carousel.
    expect(main().querySelector(FOCUSABLE)).toBe(pin)
    expect(main().querySelector('form, h1, section, ul')).toBe(form)
    const tagline = screen.getByRole('heading', { level: 1, name: 'Engage. Educate. Empower.' })
    expect(form.compareDocumentPosition(tagline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    // The keyboard meets it first once past the header: the next Tab after the header's last control.
    const headerControls = [...document.querySelectorAll<HTMLElement>(`.app-shell > a, header :is(${FOCUSABLE})`)]
    headerControls.at(-1)?.focus()
    await user.tab()
    expect(pin).toHaveFocus()
  })

  it('takes digits only and says so, under the field, when the PIN is not complete', async () => {
    screenOf(390)
    mockApi({})
    const user = userEvent.setup()
    const { router } = renderApp('/')
    const pin = screen.getByLabelText('Game PIN')
    await user.type(pin, '12ab3')
    expect(pin).toHaveValue('123')
    await user.keyboard('{Enter}')
    const error = screen.getByRole('alert')
    expect(error).toHaveTextContent('Please enter the 6-digit game PIN')
    expect(pin).toHaveAttribute('aria-invalid', 'true')
    expect(pin).toHaveAccessibleDescription('Please enter the 6-digit game PIN')
    expect(pin).toHaveFocus()
    expect(router.state.location.pathname).toBe('/')
    // Typing again clears it.
    await user.type(pin, '4')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(pin).not.toHaveAttribute('aria-invalid')
  })

  it('goes where the QR link goes, the join screen with the PIN filled in, which joins as it does', async () => {
    screenOf(390)
    const { calls } = mockApi({ 'POST /api/live/join': { body: { gameId: 'g1', playerId: 'p1', nickname: 'Ana', token: 'player-token' } } })
    const user = userEvent.setup()
    const { router } = renderApp('/')
    await user.type(screen.getByLabelText('Game PIN'), '123456')
    await user.click(screen.getByRole('button', { name: 'Join' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/play/live'))
    expect(router.state.location.search).toBe('?pin=123456')
    expect(await screen.findByRole('heading', { level: 1, name: 'Join a live game' })).toBeInTheDocument()
    expect(screen.getByLabelText('Game PIN')).toHaveValue('123456')
    await user.type(screen.getByLabelText('Nickname'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    await waitFor(() => expect(calls.find((c) => c.path === '/api/live/join')?.body).toEqual({ pin: '123456', nickname: 'Ana' }))
  })

  it("shows the join screen's message for a PIN no game has, under the PIN", async () => {
    screenOf(390)
    const refusal: FakeResponse = { status: 404, body: { error: 'No game with this PIN', code: 'game_not_found' } }
    mockApi({ 'POST /api/live/join': refusal })
    const user = userEvent.setup()
    renderApp('/')
    await user.type(screen.getByLabelText('Game PIN'), '999999')
    await user.keyboard('{Enter}')
    await user.type(await screen.findByLabelText('Nickname'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    const pin = screen.getByLabelText('Game PIN')
    await waitFor(() => expect(pin).toHaveAccessibleDescription('No game with this PIN'))
    expect(pin).toHaveValue('999999')
    expect(pin).toHaveAttribute('aria-invalid', 'true')
  })

  it('keeps the wide page as it was, and follows a phone turned sideways', () => {
    const display = screenOf(1280)
    mockApi({})
    renderApp('/')
    expect(screen.queryByLabelText('Game PIN')).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Join a live game' })).not.toBeInTheDocument()
    expect(main().querySelector('h1')).toHaveTextContent('Engage. Educate. Empower.')

    display.resize(390)
    expect(main().querySelector(FOCUSABLE)).toBe(screen.getByLabelText('Game PIN'))
    display.resize(844)
    expect(screen.queryByLabelText('Game PIN')).not.toBeInTheDocument()
  })

  it('keeps the wide page where the browser cannot tell the width', () => {
    vi.stubGlobal('matchMedia', undefined)
    mockApi({})
    renderApp('/')
    expect(screen.queryByLabelText('Game PIN')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Engage. Educate. Empower.' })).toBeInTheDocument()
  })
})
