/** Every validation message of the sign-up form (PRODUCT.md section 5). */
import { expect, test } from './support/fixtures'

test('the sign-up form shows each validation message and stays on /signup', async ({ page }) => {
  let signupCalls = 0
  page.on('request', (req) => {
    if (req.url().includes('/api/auth/signup')) signupCalls += 1
  })

  await page.goto('/signup')
  await expect(page.getByRole('heading', { name: /create/i })).toBeVisible()
  const form = page.getByRole('form', { name: 'Create account' })
  const submit = page.getByRole('button', { name: 'Create Account' })
  const firstName = page.getByLabel('First Name')
  const lastName = page.getByLabel('Last Name')
  const email = page.getByLabel('Email')
  const password = page.getByLabel('Password', { exact: true })
  const confirm = page.getByLabel('Confirm Password')

  // Everything empty.
  await submit.click()
  await expect(form.getByText('First name is required')).toBeVisible()
  await expect(form.getByText('Last name is required')).toBeVisible()
  await expect(form.getByText('Email is required')).toBeVisible()
  await expect(form.getByText('Password is required')).toBeVisible()
  await expect(form.getByText('Please confirm your password')).toBeVisible()
  await expect(firstName).toHaveAttribute('aria-invalid', 'true')

  // Editing a field clears its error.
  await firstName.fill('Ada')
  await expect(form.getByText('First name is required')).toHaveCount(0)
  await expect(form.getByText('Last name is required')).toBeVisible()

  // Whitespace-only names still count as empty.
  await lastName.fill('   ')
  await submit.click()
  await expect(form.getByText('Last name is required')).toBeVisible()
  await lastName.fill('Lovelace')

  // Badly formed e-mail, short password, mismatched confirmation.
  await email.fill('ada.example.com')
  await password.fill('short')
  await confirm.fill('different')
  await submit.click()
  await expect(form.getByText('Please enter a valid email')).toBeVisible()
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible()
  await expect(form.getByText('Passwords do not match')).toBeVisible()
  await expect(form.getByText('First name is required')).toHaveCount(0)
  await expect(form.getByText('Last name is required')).toHaveCount(0)

  // A long enough password but still not the same twice.
  await password.fill('long-enough-password')
  await confirm.fill('long-enough-passw0rd')
  await submit.click()
  await expect(form.getByText('Password must be at least 8 characters')).toHaveCount(0)
  await expect(form.getByText('Passwords do not match')).toBeVisible()

  await expect(page).toHaveURL(/\/signup$/)
  expect(signupCalls).toBe(0)
})
