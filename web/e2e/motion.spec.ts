/**
 * Motion (issue 15): with `prefers-reduced-motion: reduce` the testimonial carousel does not
 * advance by itself and the quiz timer does not pulse in its last 5%; without it, both move as
 * before. Time is Playwright's fake clock, so nothing waits for real seconds. The quiz timer is
 * brought to its last 5% by shortening the attempt's remaining time in the start answer and
 * holding back the hub's clock (whose ticks would set it back).
 */
import { createVerifiedAccount, expect, signInThroughForm, test } from './support/fixtures'

test.describe.configure({ timeout: 60_000 })

test('the carousel does not auto-advance for reduced motion, and does without it', async ({ page }) => {
  await page.clock.install()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/')
  const slide = page.getByRole('region', { name: 'Testimonials' }).getByRole('article')
  await expect(slide).toHaveAttribute('aria-label', '1 of 3: For Teachers')
  await expect(page.getByRole('button', { name: 'Play testimonials' })).toHaveAttribute('aria-pressed', 'true')
  await page.clock.runFor(16_000)
  await expect(slide).toHaveAttribute('aria-label', '1 of 3: For Teachers')
  // The slide changes without any animation or transition.
  expect(await slide.evaluate((element) => [getComputedStyle(element).animationName, getComputedStyle(element).transitionDuration])).toEqual([
    'none',
    '0s',
  ])

  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await expect(page.getByRole('button', { name: 'Pause testimonials' })).toHaveAttribute('aria-pressed', 'false')
  await page.clock.runFor(5_000)
  await expect(slide).toHaveAttribute('aria-label', '2 of 3: For Trainers')
})

test('the timer turns red in its last 5% and pulses only without reduced motion; the time left is announced', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Tim', lastName: 'Er', label: 'motion' })
  await page.clock.install()
  // No hub: its clock ticks would put the real remaining time back.
  await page.routeWebSocket(/\/ws(\?|$)/, () => undefined)
  // The attempt starts with 25 s of its 10 minutes left (the last 5% is 30 s).
  await page.route('**/api/attempt/start', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as Record<string, unknown>
    await route.fulfill({ response, json: { ...body, remainingMs: 25_000, timeLimit: 10 } })
  })

  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/play/categories')
  await page.getByPlaceholder('Find category').fill('Chemistry')
  await page.getByRole('list', { name: 'Categories' }).getByRole('button').first().click()
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible()

  const timer = page.getByRole('timer')
  await expect(timer).toHaveClass(/timer-warning/)
  await expect(page.getByTestId('quiz-timer')).toHaveText(/^00:00:2\d$/)
  // From here on the page's time moves only when the test says; it runs again at the end (the
  // fixture's CSP check waits for a timer of the page).
  try {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    const shown = Number(((await page.getByTestId('quiz-timer').textContent()) ?? '').split(':')[2])
    const animation = () => timer.evaluate((element) => getComputedStyle(element).animationName)

    await page.emulateMedia({ reducedMotion: 'no-preference' })
    expect(await animation()).toBe('pulse')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await animation()).toBe('none')
    // Still red (and its label says "Time left"): only the motion goes.
    await expect(timer).toHaveClass(/timer-warning/)

    // Past the 10 s mark the urgent region says so; the polite one said nothing in the last 5%.
    await page.clock.runFor((shown - 10) * 1000 + 500)
    await expect(page.getByTestId('quiz-timer')).toHaveText(/^00:00:(09|10)$/)
    await expect(page.getByTestId('timer-urgent-announcement')).toHaveText('Time is almost up: 10 seconds left.')
    await expect(page.getByTestId('timer-urgent-announcement')).toHaveAttribute('aria-live', 'assertive')
    await expect(page.getByTestId('timer-announcement')).toHaveText('')
  } finally {
    await page.clock.resume()
  }
})
