/**
 * The `test` the specs use: Playwright's, with baseURL taken from the running server that
 * the global setup started, a Content-Security-Policy watch on every page, plus small helpers
 * for accounts.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import { mailCount, VERIFICATION_SUBJECT, waitForCode } from './mail'
import { ENV_BASE_URL } from './paths'

/** One `securitypolicyviolation` event a page saw. */
export type CspViolation = {
  page: string
  directive: string
  blocked: string
  source: string
  line: number
  sample: string
}

declare global {
  interface Window {
    /** The page's own list of the violations it saw (filled by the init script below). */
    __cspViolations?: Omit<CspViolation, 'page'>[]
    __reportCspViolation?: (violation: Omit<CspViolation, 'page'>) => void
  }
}

export const test = base.extend<{ cspViolations: CspViolation[] }>({
  // Playwright reads which fixtures a fixture needs from the destructuring of its first
  // parameter, and insists on one: `{}` says "none", which is what no-empty-pattern forbids.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env[ENV_BASE_URL]
    if (!url) throw new Error(`${ENV_BASE_URL} is not set: run the tests through \`npm run e2e\` (global setup)`)
    await use(url)
  },
  /**
   * Every page of the test records the server's Content-Security-Policy refusals (inline
   * script or style, eval, another origin…) in `window.__cspViolations` and reports them here,
   * so one on a page that was left or reloaded counts too. The test fails if any occurred; a
   * test that causes one on purpose empties the list.
   */
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = []
      await context.exposeBinding('__reportCspViolation', ({ page }, violation: Omit<CspViolation, 'page'>) => {
        violations.push({ page: page.url(), ...violation })
      })
      await context.addInitScript(() => {
        window.__cspViolations = []
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const violation = {
              directive: event.effectiveDirective || event.violatedDirective,
              blocked: event.blockedURI,
              source: event.sourceFile,
              line: event.lineNumber,
              sample: event.sample,
            }
            window.__cspViolations?.push(violation)
            void window.__reportCspViolation?.(violation)
          },
          true,
        )
      })
      await use(violations)
      // Reports still on their way from the pages arrive first.
      for (const page of context.pages()) {
        if (!page.isClosed()) await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))).catch(() => undefined)
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

let counter = 0

/** A fresh, unique address for one test (the server's data directory is shared by the run). */
export function uniqueEmail(label: string): string {
  counter += 1
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`
  return `${label}-${stamp}@example.com`
}

export type Account = { firstName: string; lastName: string; email: string; password: string }

/** Signs up and verifies an account through the API (setup for tests that are not about sign-up). */
export async function createVerifiedAccount(
  request: APIRequestContext,
  { firstName = 'Grace', lastName = 'Hopper', label = 'user', password = 'Sup3rSecret!' } = {},
): Promise<Account> {
  const email = uniqueEmail(label)
  const before = mailCount()
  const signup = await request.post('/api/auth/signup', { data: { firstName, lastName, email, password } })
  expect(signup.status(), await signup.text()).toBe(201)
  const code = await waitForCode({ to: email, subject: VERIFICATION_SUBJECT, afterSeq: before })
  const verify = await request.post('/api/auth/verify', { data: { email, code } })
  expect(verify.ok(), await verify.text()).toBeTruthy()
  return { firstName, lastName, email, password }
}

/** Signs in through the sign-in form (the page must be on /signin). */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}
