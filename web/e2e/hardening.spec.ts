/**
 * Issue 11 (hardening) in the browser, against the real server: an unverified e-mail ends on
 * /verify (by the guard, and when the server refuses a session that claims to be verified), a
 * replayed curated category is labelled a practice attempt, "Sign out everywhere" ends the
 * other devices' sessions, and the server's security headers and Content-Security-Policy hold
 * (the fixture fails every test that sees a violation; here one is caused on purpose).
 */
import type { Page } from '@playwright/test'
import { createVerifiedAccount, expect, signInThroughForm, test, uniqueEmail, type Account } from './support/fixtures'

const PRACTICE_NOTE = 'Practice attempt: this score does not count on the leaderboard.'
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

async function expectVerifyScreen(page: Page, email: string) {
  await expect(page).toHaveURL(/\/verify$/)
  await expect(page.getByRole('heading', { name: 'Verify Email' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
}

async function openCategory(page: Page, name: string) {
  await page.goto('/play/categories')
  await expect(page.getByRole('heading', { name: 'Quiz Categories' })).toBeVisible()
  const cards = page.getByRole('list', { name: 'Categories' }).getByRole('button')
  await page.getByPlaceholder('Find category').fill(name)
  await expect(cards).toHaveCount(1)
  await cards.first().click()
  await expect(page).toHaveURL(/\/play\/quiz$/)
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible()
}

async function answerAndSubmit(page: Page) {
  await page.keyboard.press('a')
  await expect(page.locator('.options .option').first()).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Review & Submit' }).click()
  await page.getByRole('region', { name: 'Review Summary' }).getByRole('button', { name: 'Submit Quiz' }).click()
  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
}

test.describe('an unverified e-mail', () => {
  test('a user who signed up but did not verify is sent to /verify from play and host pages', async ({ page }) => {
    const email = uniqueEmail('unverified')
    const password = 'NotYetVerified1'
    await page.goto('/signup')
    await page.getByLabel('First Name').fill('Una')
    await page.getByLabel('Last Name').fill('Verified')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm Password').fill(password)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expectVerifyScreen(page, email)
    // The sign-up has answered: the unverified session is stored.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()

    for (const path of ['/play/categories', '/host', '/host/quiz']) {
      await page.goto(path)
      await expectVerifyScreen(page, email)
      expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe(path)
    }
    // The server agrees: it refuses the calls of an unverified account.
    const token = await page.evaluate(() => localStorage.getItem('token'))
    const refused = await page.request.get('/api/categories', { headers: { Authorization: `Bearer ${token}` } })
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toEqual({ error: 'Please verify your email address first.', code: 'email_unverified' })
  })

  test('a stored session that claims verified ends on /verify once the server refuses it', async ({ page, request }) => {
    const email = uniqueEmail('claims')
    const signup = await request.post('/api/auth/signup', {
      data: { firstName: 'Claude', lastName: 'Shannon', email, password: 'Information1948' },
    })
    expect(signup.status(), await signup.text()).toBe(201)
    const { token, user } = (await signup.json()) as { token: string; user: Record<string, unknown> }
    expect(user.isVerified).toBe(false)

    await page.goto('/')
    await page.evaluate(
      ([savedToken, savedUser]) => {
        localStorage.setItem('token', savedToken)
        localStorage.setItem('user', savedUser)
      },
      [token, JSON.stringify({ ...user, isVerified: true, emailVerified: true })] as const,
    )
    // GET /api/auth/me on start would correct the stored user by itself; with no answer the
    // stored user is kept (decision 0104), so the page's own call is the first to learn it.
    await page.route('**/api/auth/me', (route) => route.abort('failed'))
    const categories = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/categories')
    await page.goto('/play/categories')
    const refused = await categories
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'email_unverified' })

    await expectVerifyScreen(page, email)
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { isVerified: boolean; emailVerified: boolean } | null,
      token: localStorage.getItem('token'),
      redirect: localStorage.getItem('redirectAfterLogin'),
    }))
    expect(stored.user).toMatchObject({ isVerified: false, emailVerified: false })
    expect(stored.token).toBe(token)
    expect(stored.redirect).toBe('/play/categories')
  })
})

test('a replayed curated category is a practice attempt; the first play is not', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Edith', lastName: 'Hamilton', label: 'practice' })
  await signIn(page, account)

  await openCategory(page, 'Mythology')
  await answerAndSubmit(page)
  await expect(page.getByText(PRACTICE_NOTE)).toHaveCount(0)

  await page.getByRole('button', { name: 'Go to Categories' }).click()
  await expect(page).toHaveURL(/\/play\/categories$/)
  await openCategory(page, 'Mythology')
  await answerAndSubmit(page)
  await expect(page.getByRole('note').filter({ hasText: PRACTICE_NOTE })).toBeVisible()

})

test('Sign out everywhere ends the session on every device', async ({ page, request, browser, baseURL }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Radia', lastName: 'Perlman', label: 'everywhere' })
  const other = await browser.newContext({ baseURL })
  try {
    const otherPage = await other.newPage()
    await signIn(otherPage, account)
    await otherPage.goto('/play/categories')
    await expect(otherPage.getByRole('heading', { name: 'Quiz Categories' })).toBeVisible()

    await signIn(page, account)
    const avatar = page.getByRole('button', { name: /^RP, account menu for Radia Perlman/ })
    await avatar.click()
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible()
    const signOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/signout-all')
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click()
    const answer = await signOut
    expect(answer.status()).toBe(200)
    expect(await answer.json()).toEqual({ message: 'Signed out on every device' })
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])

    // The other device's token is refused (401) on its next call: its session ends there too.
    await otherPage.reload()
    await expect(otherPage).toHaveURL(/\/signin$/)
    expect(await otherPage.evaluate(() => localStorage.getItem('token'))).toBeNull()
  } finally {
    await other.close()
  }
})

test.describe('security headers', () => {
  test('every answer carries the policy, and the policy blocks an inline script', async ({ page, cspViolations }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    const headers = response?.headers() ?? {}
    expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const api = await page.request.get('/api/health')
    expect(api.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    await expect(page.getByRole('heading', { name: 'Engage. Educate. Empower.' })).toBeVisible()
    expect(cspViolations).toEqual([])

    // The recorder works: an inline script is refused and reported (then forgiven, as intended).
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'document.documentElement.dataset.inlineRan = "yes"'
      document.head.append(script)
    })
    await expect.poll(() => cspViolations.length).toBe(1)
    expect(cspViolations[0].directive).toBe('script-src-elem')
    expect(await page.evaluate(() => document.documentElement.dataset.inlineRan)).toBeUndefined()
    expect(await page.evaluate(() => window.__cspViolations?.length)).toBe(1)
    cspViolations.length = 0
  })

  test('the development mailbox warns that it is for this computer only', async ({ page }) => {
    await page.goto('/dev/mailbox')
    await expect(page.getByRole('note')).toHaveText(
      'Development mailbox: only this computer can open it. Configure SMTP before real users sign up.',
    )
    // The e2e server sends mail over SMTP (to the test sink), so the mailbox itself is off.
    await expect(page.getByText('The mailbox is off because mail goes over SMTP.')).toBeVisible()
  })
})
