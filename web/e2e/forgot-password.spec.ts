/** Forgot password end to end: e-mail step, e-mailed code, new password, sign in with it. */
import { createVerifiedAccount, expect, signInThroughForm, test } from './support/fixtures'
import { mailCount, RESET_SUBJECT, waitForCode } from './support/mail'

test('reset the password with the e-mailed code, then only the new password works', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Alan', lastName: 'Turing', label: 'reset' })
  const newPassword = 'Enigma-Broken-1941'

  await page.goto('/signin')
  await page.getByRole('link', { name: /Forgot password/ }).click()
  await expect(page).toHaveURL(/\/forgotPassword$/)
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/signin')

  const before = mailCount()
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send Verification Code' }).click()

  // Step 2: code, new password twice.
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
  await expect(page.getByText(account.email)).toBeVisible()
  await expect(page.getByText(/Resend code in \d+s/)).toBeVisible()
  const code = await waitForCode({ to: account.email, subject: RESET_SUBJECT, afterSeq: before })

  await page.getByLabel('Verification code').fill(code)
  await page.getByLabel('New Password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm New Password').fill(newPassword)
  await page.getByRole('button', { name: 'Reset Password' }).click()

  await expect(page).toHaveURL(/\/signin$/)
  await expect(page.getByText('Password reset successful. Please login with your new password.')).toBeVisible()

  // The old password no longer works.
  await signInThroughForm(page, account.email, account.password)
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible()
  await expect(page).toHaveURL(/\/signin$/)

  // The new one does.
  await page.getByLabel('Password', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: /^AT, account menu for Alan Turing/ })).toHaveText('AT')
})
