import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { resetSessionCache } from '@/lib/session'

// findBy… and waitFor wait up to 5 s (1 s by default), for the same reason as testTimeout.
configure({ asyncUtilTimeout: 5_000 })

beforeEach(() => {
  window.localStorage.clear()
  resetSessionCache()
})

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  resetSessionCache()
})
