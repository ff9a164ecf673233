/**
 * Playing a curated category against the real server: pick it, answer with the keyboard,
 * reload mid-quiz (same attempt, answers kept, time left from the server), submit, read the
 * result, and find the highlighted row on the leaderboard. Screenshots of the quiz screen at
 * 360 px and on a desktop go to $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

function seconds(clock: string): number {
  const [h, m, s] = clock.split(':').map(Number)
  return h * 3600 + m * 60 + s
}

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

async function openCategory(page: Page, name: string) {
  await page.goto('/play/categories')
  await expect(page.getByRole('heading', { name: 'Quiz Categories' })).toBeVisible()
  const cards = page.getByRole('list', { name: 'Categories' }).getByRole('button')
  await expect(cards).toHaveCount(15)
  await page.getByPlaceholder('Find category').fill(name.toUpperCase())
  await expect(cards).toHaveCount(1)
  await cards.first().click()
  await expect(page).toHaveURL(/\/play\/quiz$/)
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible()
}

const pressed = (page: Page, letter: string) =>
  page.locator('.options .option').nth('ABCD'.indexOf(letter))

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth))
}

test('play a category: keyboard answers survive a reload, submit, result, leaderboard row', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Hedy', lastName: 'Lamarr', label: 'player' })
  await signIn(page, account)
  await expect(page.getByRole('link', { name: 'Leaderboard' })).toHaveCount(0)
  await openCategory(page, 'Chemistry')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' })).toBeVisible()

  const count = Number((await page.getByText(/^Question 1 of \d+$/).textContent())?.match(/of (\d+)/)?.[1])
  expect(count).toBeGreaterThan(3)
  const timer = page.getByTestId('quiz-timer')
  await expect(timer).toHaveText(/^00:(10:00|09:\d\d)$/)

  // Keyboard: A on question 1, → then B on question 2, → then C and mark question 3.
  await page.keyboard.press('a')
  await expect(pressed(page, 'A')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(`Question 2 of ${count}`)).toBeVisible()
  await page.keyboard.press('b')
  await expect(pressed(page, 'B')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('c')
  await page.getByRole('button', { name: 'Mark for review' }).click()
  // Clicking the chosen option again clears it; pick it once more.
  await pressed(page, 'C').click()
  await expect(pressed(page, 'C')).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('c')
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByText(`Question 2 of ${count}`)).toBeVisible()
  const grid = page.getByRole('navigation', { name: 'Questions' })
  await expect(grid.getByRole('button', { name: 'Question 1: Answered' })).toBeVisible()
  await expect(grid.getByRole('button', { name: 'Question 3: Marked for review' })).toBeVisible()
  await expect(grid.getByRole('button', { name: 'Question 4: Not answered' })).toBeVisible()

  // Let the saves land (each is acknowledged before the reload), then reload mid-quiz.
  await page.waitForLoadState('networkidle')
  const before = seconds((await timer.textContent()) ?? '')
  const reloadedAt = Date.now()
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('beforeunload')
    void dialog.accept()
  })
  await page.reload()
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible()
  const after = seconds((await timer.textContent()) ?? '')
  const elapsed = (Date.now() - reloadedAt) / 1000
  expect(Math.abs(after - (before - elapsed))).toBeLessThanOrEqual(2)

  await expect(pressed(page, 'A')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(pressed(page, 'B')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(pressed(page, 'C')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('.question-card .status-marked')).toHaveText('Marked for review')
  // Answer two more so a score of zero is unlikely (not required: points are checked as shown).
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('d')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('a')

  await page.getByRole('button', { name: 'Review & Submit' }).click()
  const summary = page.getByRole('region', { name: 'Review Summary' })
  await expect(summary.getByText('4 answered')).toBeVisible()
  await expect(summary.getByText('1 marked for review')).toBeVisible()
  await summary.getByRole('button', { name: 'Submit Quiz' }).click()

  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  const scoreText = (await page.getByTestId('result-score').textContent()) ?? ''
  const [score, total] = scoreText.split('/').map((part) => Number(part.trim()))
  expect(total).toBe(count)
  const correct = await page.locator('.feedback-item.is-correct').count()
  expect(score).toBe(correct)
  await expect(page.getByTestId('result-points')).toHaveText(String(correct * 10))
  await expect(page.locator('.feedback-item')).toHaveCount(count)
  // The marked question 3 was sent as incomplete.
  await expect(page.locator('.feedback-item').nth(2).locator('.status-pill')).toHaveText(/Correct|Not answered/)
  const ratio = score / total
  const message =
    ratio >= 0.8
      ? "Excellent work! You've mastered this quiz."
      : ratio >= 0.6
        ? 'Good job! Keep practicing to improve your score.'
        : "Keep learning! You'll do better next time."
  await expect(page.getByText(message)).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: shot('play-results-desktop.png') })

  await page.getByRole('button', { name: 'View Leaderboard' }).click()
  await expect(page).toHaveURL(/\/play\/leaderboard$/)
  await expect(page.getByRole('heading', { name: 'Leaderboard Rankings' })).toBeVisible()
  await page.getByLabel('Search by name').fill('hedy lamarr')
  const mine = page.locator('tbody tr[aria-current="true"]')
  await expect(mine).toHaveCount(1)
  await expect(mine).toContainText('Hedy Lamarr')
  await expect(mine.locator('td').nth(2)).toHaveText(String(correct * 10))
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ players$/)).toBeVisible()
  await page.screenshot({ path: shot('play-leaderboard-desktop.png') })
})

test('leaving a quiz in progress asks first', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Alan', lastName: 'Turing', label: 'leaver' })
  await signIn(page, account)
  await openCategory(page, 'Computer Science')
  await page.keyboard.press('b')
  // The answer is taken (the quiz is in progress) before leaving is tried.
  await expect(pressed(page, 'B')).toHaveAttribute('aria-pressed', 'true')

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(
      'You are in the middle of a quiz. Are you sure you want to leave? Your progress will be lost.',
    )
    void dialog.dismiss()
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click()
  await expect(page).toHaveURL(/\/play\/quiz$/)
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible()

  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click()
  await expect(page).toHaveURL(/\/play\/leaderboard$/)
})

test('the quiz screen without a category says so', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { label: 'nocat' })
  await signIn(page, account)
  await page.goto('/play/quiz')
  await expect(page.getByText('No category selected. Please select a category.')).toBeVisible()
})

test.describe('screenshots', () => {
  test('quiz screen on a desktop', async ({ page, request }) => {
    const account = await createVerifiedAccount(request, { firstName: 'Ada', lastName: 'Lovelace', label: 'shot' })
    await signIn(page, account)
    await openCategory(page, 'Art & Artists')
    await page.keyboard.press('b')
    await page.keyboard.press('ArrowRight')
    await page.getByRole('button', { name: 'Mark for review' }).click()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('d')
    await page.screenshot({ path: shot('play-quiz-desktop.png'), fullPage: true })
    await page.getByRole('button', { name: 'Review & Submit' }).click()
    await page.screenshot({ path: shot('play-summary-desktop.png'), fullPage: true })
    await page.goto('/play/categories')
    await page.screenshot({ path: shot('play-categories-desktop.png'), fullPage: true })
  })

  test.describe('360 px wide phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

    test('quiz screen fits without horizontal scroll', async ({ page, request }) => {
      const account = await createVerifiedAccount(request, { firstName: 'Mary', lastName: 'Jackson', label: 'phone' })
      await signIn(page, account)
      await openCategory(page, 'Ancient Civilizations')
      await pressed(page, 'A').click()
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByRole('button', { name: 'Mark for review' }).click()
      expect(await scrollWidth(page)).toBeLessThanOrEqual(360)
      await page.screenshot({ path: shot('play-quiz-360.png'), fullPage: true })
      await page.getByRole('button', { name: 'Review & Submit' }).click()
      expect(await scrollWidth(page)).toBeLessThanOrEqual(360)
      await page.screenshot({ path: shot('play-summary-360.png'), fullPage: true })
      await page.getByRole('button', { name: 'Submit Quiz' }).click()
      await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
      expect(await scrollWidth(page)).toBeLessThanOrEqual(360)
      await page.screenshot({ path: shot('play-results-360.png'), fullPage: true })
      await page.getByRole('button', { name: 'View Leaderboard' }).click()
      await expect(page.locator('tbody tr[aria-current="true"]')).toHaveCount(1)
      expect(await scrollWidth(page)).toBeLessThanOrEqual(360)
      await page.screenshot({ path: shot('play-leaderboard-360.png'), fullPage: true })
    })
  })
})
