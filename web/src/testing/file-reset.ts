/**
 * The first setup file, run before each test file (vite.config.ts). Test files share one worker
 * and one jsdom window (`isolate: false`, decision 0160), so each file starts as it would in a
 * worker of its own: the app's modules are evaluated afresh (the session cache, the lazy routes,
 * module-level state; packages in node_modules stay loaded), real timers, an empty body.
 * It must stay apart from, and before, setup.ts: that one's `@/lib/session` import then gets
 * this file's fresh copy, the same one the test file imports.
 */
import { vi } from 'vitest'

vi.resetModules()
vi.useRealTimers()
document.body.innerHTML = ''
