/**
 * A browser whose user asked for less motion (`prefers-reduced-motion: reduce`), as matchMedia
 * tells it (jsdom has no matchMedia: there, nobody asked). Undo with `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest'

export function stubReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}
