/**
 * End-to-end tests: Debian's Chromium (no Playwright browser download) against the real
 * Quizroom server, which e2e/support/global-setup.ts starts with a fresh data directory and
 * an SMTP sink. Run with `npm run e2e` after `npm run build`; QUIZROOM_BIN picks the binary.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM_PATH } from './e2e/support/paths'

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    // The fixture in e2e/support/fixtures.ts supplies baseURL from the server the setup started.
    headless: true,
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
