/**
 * Whether the screen is phone-sized: narrower than 720 px, where the header folds its links
 * into the Menu (components/layout/layout.css, decision 0105), so the home page puts the game
 * PIN first (issue 29). The page's order follows it, not only its look, so the keyboard and a
 * screen reader meet the PIN first too; it follows resizes and rotation. False where the
 * browser cannot tell (no matchMedia): the wide page, as before.
 */
import { useSyncExternalStore } from 'react'

/** The exact complement of the header's `(min-width: 720px)`, fractional widths included. */
export const PHONE_SCREEN_QUERY = 'not all and (min-width: 720px)'

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_SCREEN_QUERY) : null
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery()
  if (!query) return () => undefined
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const snapshot = () => mediaQuery()?.matches ?? false

export function usePhoneScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false)
}
