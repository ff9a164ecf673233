/**
 * Sign-up → e-mailed code → Verify Email → home with the initials avatar → logout →
 * a protected page sends the visitor to /signin → signing in returns to that page.
 */
import { expect, test, uniqueEmail } from './support/fixtures'
import { extractCode, mailCount, VERIFICATION_SUBJECT, waitForMail } from './support/mail'

test('sign up, verify by e-mailed code, log out, and sign in back to the protected page', async ({ page }) => {
  const email = uniqueEmail('ada')
  const password = 'Analytical1843'
  const before = mailCount()

  await page.goto('/')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/signin$/)
  await page.getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/signup$/)

  await page.getByLabel('First Name').fill('Ada')
  await page.getByLabel('Last Name').fill('Lovelace')
  await page.getByLabel('School/Company (optional)').fill('Analytical Engines Ltd')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()

  // Verify Email screen, telling where the code went.
  await expect(page).toHaveURL(/\/verify$/)
  await expect(page.getByRole('heading', { name: 'Verify Email' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByText(/Resend code in \d+s/)).toBeVisible()

  const mail = await waitForMail({ to: email, subject: VERIFICATION_SUBJECT, afterSeq: before })
  expect(mail.text).toMatch(/Your Quizroom verification code is \d{6}\./)
  const code = extractCode(mail)
  const codeInput = page.getByLabel('Verification code')
  await expect(codeInput).toHaveAttribute('placeholder', '000000')
  await codeInput.fill(code)
  await page.getByRole('button', { name: 'Verify Email' }).click()

  // Home, signed in: the avatar shows the initials.
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 })
  await expect(page.getByRole('heading', { name: 'Engage. Educate. Empower.' })).toBeVisible()
  const avatar = page.getByRole('button', { name: /^AL, account menu for Ada Lovelace/ })
  await expect(avatar).toBeVisible()
  await expect(avatar).toHaveText('AL')
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0)

  // Logout from the avatar dropdown.
  await avatar.click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  await expect(avatar).toHaveCount(0)
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])

  // A protected page sends the signed-out visitor to /signin...
  await page.goto('/play/categories')
  await expect(page).toHaveURL(/\/signin$/)
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()

  // ...and signing in goes back to it.
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/play\/categories$/)
  await expect(page.getByRole('heading', { name: 'Quiz Categories' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^AL, account menu for Ada Lovelace/ })).toHaveText('AL')
  // Under /play the header shows the Leaderboard link.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBeNull()

  // Logging out from the protected page goes home (not back to /signin) and remembers nothing.
  await page.getByRole('button', { name: /^AL, account menu for Ada Lovelace/ }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Engage. Educate. Empower.' })).toBeVisible()
  await page.waitForTimeout(300) // a late bounce to /signin would show up here
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBeNull()
})
