/** Buying tokens on the pricing page as a signed-in, verified user (test mode). */
import { createVerifiedAccount, expect, signInThroughForm, test } from './support/fixtures'

test('buy 3 tokens: total $3.00, balance 5 → 8, test-mode note', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Katherine', lastName: 'Johnson', label: 'buyer' })

  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: /^KJ, account menu for Katherine Johnson/ })).toHaveText('KJ')

  await page.goto('/pricing')
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible()
  await expect(page.getByText('Popular Choice')).toBeVisible()
  const box = page.getByRole('region', { name: 'Buy Tokens' })
  await expect(box.getByTestId('token-balance')).toHaveText('5 tokens') // welcome tokens

  const quantity = box.getByRole('spinbutton', { name: 'Quantity' })
  await expect(quantity).toHaveValue('1')
  await expect(box.getByTestId('token-total')).toHaveText('$1.00')
  await expect(box.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled()

  const plus = box.getByRole('button', { name: 'Increase quantity' })
  await plus.click()
  await plus.click()
  await expect(quantity).toHaveValue('3')
  await expect(box.getByTestId('token-total')).toHaveText('$3.00')

  await box.getByRole('button', { name: 'Purchase Tokens' }).click()
  await expect(box.getByText('Purchased 3 tokens for $3.00. Your balance is now 8 tokens.')).toBeVisible()
  await expect(box.getByText('Test mode: no card is charged.')).toBeVisible()
  await expect(box.getByTestId('token-balance')).toHaveText('8 tokens')

  // The server agrees, and keeps it after a reload.
  await page.reload()
  await expect(page.getByRole('region', { name: 'Buy Tokens' }).getByTestId('token-balance')).toHaveText('8 tokens')
})
