/**
 * Accessibility (issue 15): every screen and state passes axe-core's WCAG 2.2 A/AA rules with no
 * violations, checked against the real server (axe-core from npm, injected by
 * e2e/support/axe.ts, which prints the number of rules checked per screen). One test per screen
 * group, split where a group would run long: (a) home (with the testimonial carousel and the
 * phone menu), contact, not found, pricing and the auth screens (sign up, sign in, verify,
 * forgot/reset password) with their validation errors, then signed in; (b) playing: categories,
 * a quiz (question, answer chosen, marked for review, review summary), results and feedback,
 * leaderboard, joining by code, and the timer in its last 5% (the page's clock moved on).
 * The hosting, generate, live-game, audit and insights screens are in accessibility-host.spec.ts.
 */
import type { Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, signInThroughForm, test, uniqueEmail, type Account } from './support/fixtures'
import { hostQuizApi, signInApi } from './support/quiz-api'

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

test('a: home (testimonials, phone menu), pricing, contact, mailbox, not found', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Engage. Educate. Empower.' })).toBeVisible()
  await checkA11y(page, 'home')
  const carousel = page.getByRole('region', { name: 'Testimonials' })
  await carousel.getByRole('button', { name: /^Show testimonial 2/ }).click()
  await carousel.getByRole('button', { name: 'Pause testimonials' }).click()
  await expect(carousel.getByRole('button', { name: 'Play testimonials' })).toBeVisible()
  await checkA11y(page, 'home: testimonial 2, paused')

  // The phone layout with its Menu open.
  await page.setViewportSize({ width: 360, height: 740 })
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
  await checkA11y(page, 'home: phone, menu open')
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.goto('/pricing')
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible()
  await checkA11y(page, 'pricing (signed out)')

  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await checkA11y(page, 'contact')

  await page.goto('/dev/mailbox')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await checkA11y(page, 'development mailbox')

  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await checkA11y(page, 'not found')

})

test('a: the auth screens: sign up, sign in, forgot and reset password, verify, with their errors', async ({ page, request }) => {
  // Sign up: empty, then every field's error.
  await page.goto('/signup')
  await expect(page.getByRole('form', { name: 'Create account' })).toBeVisible()
  await checkA11y(page, 'sign up')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('First name is required')).toBeVisible()
  await page.getByLabel('Email').fill('ada.example.com')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Please enter a valid email')).toBeVisible()
  await checkA11y(page, 'sign up: validation errors')

  // Sign in: empty, then a wrong password (the server's refusal).
  await page.goto('/signin')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await checkA11y(page, 'sign in')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
  await checkA11y(page, 'sign in: validation errors')
  const account = await createVerifiedAccount(request, { firstName: 'Ada', lastName: 'Access', label: 'a11yauth' })
  await signInThroughForm(page, account.email, 'Wrong-password-1')
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible()
  await checkA11y(page, 'sign in: wrong password')

  // Forgot password: the e-mail step (empty, then sent), the reset step with its errors.
  await page.goto('/forgotPassword')
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible()
  await checkA11y(page, 'forgot password')
  await page.getByRole('button', { name: 'Send Verification Code' }).click()
  await expect(page.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible()
  await checkA11y(page, 'forgot password: validation error')
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send Verification Code' }).click()
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
  await checkA11y(page, 'reset password')
  await page.getByLabel('Verification code').fill('12')
  await page.getByLabel('New Password', { exact: true }).fill('short')
  await page.getByLabel('Confirm New Password').fill('different')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible()
  await checkA11y(page, 'reset password: validation errors')

  // Verify: a new account signed up through the form, then a wrong code.
  await page.goto('/signup')
  await page.getByLabel('First Name').fill('Vera')
  await page.getByLabel('Last Name').fill('Verify')
  await page.getByLabel('Email').fill(uniqueEmail('a11yverify'))
  await page.getByLabel('Password', { exact: true }).fill('Sup3rSecret!')
  await page.getByLabel('Confirm Password').fill('Sup3rSecret!')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('heading', { name: 'Verify Email' })).toBeVisible()
  await checkA11y(page, 'verify email')
  await page.getByLabel('Verification code').fill('000000')
  await page.getByRole('button', { name: 'Verify Email' }).click()
  await expect(page.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible()
  await checkA11y(page, 'verify email: wrong code')
})

test('a: signed in: home with the account menu, pricing with a purchase', async ({ page, request }) => {
  // Initials axe takes for a label ("AB"; it skips "AA" and "ABC" as symbols), so WCAG 2.5.3's
  // label-in-name rule checks the avatar's name against them.
  const account = await createVerifiedAccount(request, { firstName: 'Ada', lastName: 'Byron', label: 'a11ybuyer' })
  await signIn(page, account)
  // Opened from the keyboard: the mouse stays off the menu, which closes when the mouse leaves it.
  await page.getByRole('button', { name: 'AB, account menu for Ada Byron' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'My progress' })).toBeFocused()
  await checkA11y(page, 'home (signed in): account menu open')

  await page.goto('/pricing')
  const box = page.getByRole('region', { name: 'Buy Tokens' })
  await expect(box.getByTestId('token-balance')).toHaveText('5 tokens')
  await checkA11y(page, 'pricing (signed in)')
  await box.getByRole('button', { name: 'Increase quantity' }).click()
  await box.getByRole('button', { name: 'Purchase Tokens' }).click()
  await expect(box.getByText('Test mode: no card is charged.')).toBeVisible()
  await checkA11y(page, 'pricing: purchased')
})

test('b: categories, a quiz (question, marked, summary), results and feedback, leaderboard', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Pat', lastName: 'Player', label: 'a11yplayer' })
  await signIn(page, account)

  await page.goto('/play/categories')
  await expect(page.getByRole('heading', { name: 'Quiz Categories' })).toBeVisible()
  const cards = page.getByRole('list', { name: 'Categories' }).getByRole('button')
  await expect(cards).toHaveCount(15)
  await checkA11y(page, 'categories')
  await page.getByPlaceholder('Find category').fill('zzzz')
  await expect(cards).toHaveCount(0)
  await checkA11y(page, 'categories: no match')
  await page.getByPlaceholder('Find category').fill('Chemistry')
  await expect(cards).toHaveCount(1)
  await cards.first().click()

  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible()
  await checkA11y(page, 'quiz: question')
  await page.keyboard.press('a')
  await expect(page.locator('.options .option').first()).toHaveAttribute('aria-pressed', 'true')
  await checkA11y(page, 'quiz: answer chosen')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('c')
  await page.getByRole('button', { name: 'Mark for review' }).click()
  await expect(page.locator('.question-card .status-marked')).toHaveText('Marked for review')
  await checkA11y(page, 'quiz: marked for review')

  await page.getByRole('button', { name: 'Review & Submit' }).click()
  const summary = page.getByRole('region', { name: 'Review Summary' })
  await expect(summary.getByText('1 marked for review')).toBeVisible()
  await checkA11y(page, 'quiz: review summary')
  await summary.getByRole('button', { name: 'Submit Quiz' }).click()

  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(page.locator('.feedback-item').first()).toBeVisible()
  await checkA11y(page, 'results and feedback')

  await page.getByRole('button', { name: 'View Leaderboard' }).click()
  await expect(page.getByRole('heading', { name: 'Leaderboard Rankings' })).toBeVisible()
  await expect(page.locator('tbody tr[aria-current="true"]')).toHaveCount(1)
  await checkA11y(page, 'leaderboard')
  await page.getByLabel('Search by name').fill('nobody-by-this-name')
  await expect(page.locator('tbody tr[aria-current="true"]')).toHaveCount(0)
  await checkA11y(page, 'leaderboard: no match')

  await page.goto('/play/quiz')
  await expect(page.getByText('No category selected. Please select a category.')).toBeVisible()
  await checkA11y(page, 'quiz: no category')

  // Joining a host's quiz by code: the screen, then its errors.
  await page.goto('/host/attemptQuiz')
  await expect(page.getByLabel('Quiz Code')).toBeVisible()
  await checkA11y(page, 'join quiz')
  await page.getByRole('button', { name: 'Get Started' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter a quiz code')
  await checkA11y(page, 'join quiz: no code')
})

test('b: the quiz timer in its last 5%', async ({ page, request }) => {
  const host = await createVerifiedAccount(request, { firstName: 'Tim', lastName: 'Host', label: 'a11ytimerhost' })
  const player = await createVerifiedAccount(request, { firstName: 'Tia', lastName: 'Player', label: 'a11ytimer' })
  const quiz = await hostQuizApi(request, await signInApi(request, host), 'Timer quiz', [['What is 2 + 2?', '3', '4', '5', '22', 'B', '']])
  // The page's clock is moved on (the server's deadline is 5 minutes away in real time); the
  // attempt's hub, which would set the timer back by the server's clock, is kept silent.
  await page.clock.install()
  await page.routeWebSocket(/\/ws\?/, () => undefined)
  await signIn(page, player)
  await page.goto(`/host/attemptQuiz?code=${quiz.code}`)
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/attempt/start') && response.ok()),
    page.getByRole('button', { name: 'Get Started' }).click(),
  ])
  await expect(page.getByText('Question 1 of 1')).toBeVisible()
  await expect(page.getByTestId('quiz-timer')).toHaveText(/^00:0[45]:\d\d$/)
  await page.clock.fastForward('04:48')
  await expect(page.locator('.timer-warning')).toBeVisible()
  await checkA11y(page, 'quiz: timer in its last 5%')
})
