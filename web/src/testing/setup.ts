import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { resetSessionCache } from '@/lib/session'

beforeEach(() => {
  window.localStorage.clear()
  resetSessionCache()
})

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  resetSessionCache()
})
