/**
 * The `test` the specs use: Playwright's, with baseURL taken from the running server that
 * the global setup started, plus small helpers for accounts.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import { mailCount, VERIFICATION_SUBJECT, waitForCode } from './mail'
import { ENV_BASE_URL } from './paths'

export const test = base.extend({
  // Playwright reads which fixtures a fixture needs from the destructuring of its first
  // parameter, and insists on one: `{}` says "none", which is what no-empty-pattern forbids.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env[ENV_BASE_URL]
    if (!url) throw new Error(`${ENV_BASE_URL} is not set: run the tests through \`npm run e2e\` (global setup)`)
    await use(url)
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
