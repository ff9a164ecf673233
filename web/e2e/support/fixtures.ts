/**
 * The `test` the specs use: Playwright's, with baseURL taken from the running server that
 * the global setup started, a Content-Security-Policy watch on every page (also of the extra
 * contexts a test opens with `newWatchedContext`), plus small helpers for accounts.
 */
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
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

/**
 * Records the server's Content-Security-Policy refusals (inline script or style, eval, another
 * origin…) of every page of `context` into `violations`: each page keeps its own list in
 * `window.__cspViolations` and reports each one here, so one on a page that was left or
 * reloaded counts too.
 */
async function watchCsp(context: BrowserContext, violations: CspViolation[]): Promise<void> {
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
}

/** Lets the reports still on their way from the pages of `context` arrive. */
async function settleCsp(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) {
    if (!page.isClosed()) await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))).catch(() => undefined)
  }
}

export const test = base.extend<{
  cspViolations: CspViolation[]
  /**
   * Opens another browser context (a second user, with its own storage) on the test's server,
   * watched for CSP violations like the test's own; it is closed at the end of the test.
   */
  newWatchedContext: (options?: BrowserContextOptions) => Promise<BrowserContext>
}>({
  // Playwright reads which fixtures a fixture needs from the destructuring of its first
  // parameter, and insists on one: `{}` says "none", which is what no-empty-pattern forbids.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env[ENV_BASE_URL]
    if (!url) throw new Error(`${ENV_BASE_URL} is not set: run the tests through \`npm run e2e\` (global setup)`)
    await use(url)
  },
  /**
   * Every page of the test (and of the contexts from `newWatchedContext`) records the server's
   * Content-Security-Policy refusals (see watchCsp). The test fails if any occurred; a test
   * that causes one on purpose empties the list.
   */
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = []
      await watchCsp(context, violations)
      await use(violations)
      await settleCsp(context)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
  // Torn down before cspViolations (which it depends on), so its pages' reports count.
  newWatchedContext: async ({ browser, baseURL, cspViolations }, use) => {
    const contexts: BrowserContext[] = []
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, ...options })
      contexts.push(context)
      await watchCsp(context, cspViolations)
      return context
    })
    for (const context of contexts) {
      await settleCsp(context)
      await context.close()
    }
  },
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
