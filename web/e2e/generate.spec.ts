/**
 * Generating a quiz against the real server: a verified host (the welcome grant of 5 tokens
 * pays for exactly one generation) uploads the photosynthesis PDF with a time limit of 5
 * (so 5 questions), reviews them with their sources, edits one (the answer typed as an
 * option's text), deletes one and undoes it, deletes another, and confirms. The quiz of 4
 * questions is on My Quizzes, and the review, opened again, says it is published. A player
 * joins it by its code and gets every answer right.
 * Screenshots go to $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { SCREENSHOT_DIR, WEB_DIR } from './support/paths'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

const PDF = path.resolve(WEB_DIR, '../crates/extract/tests/fixtures/photosynthesis.pdf')

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

async function walletBalance(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/wallet', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })
    return ((await response.json()) as { balance: number }).balance
  })
}

const reviewItems = (page: Page) => page.getByRole('list', { name: 'Questions' }).getByRole('listitem', { name: /^Question \d+$/ })
const textOf = async (item: Locator) => ((await item.locator('.review-question-text').textContent()) ?? '').trim()
const correctLetterOf = async (item: Locator) => ((await item.locator('.option-correct .option-letter').textContent()) ?? '').trim()

test('generate a quiz from a PDF, review it, publish it and play it', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(180_000)
  const host = await createVerifiedAccount(request, { firstName: 'Gina', lastName: 'Generator', label: 'gen' })
  const player = await createVerifiedAccount(request, { firstName: 'Pia', lastName: 'Player', label: 'genplayer' })
  const title = `Photosynthesis ${Date.now().toString(36)}`

  await signIn(page, host)
  expect(await walletBalance(page)).toBe(5)

  await page.goto('/generate/quiz')
  await expect(page.getByRole('heading', { name: 'Generate Quiz' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Quizzes' })).toBeVisible()
  await page.getByLabel('Quiz Title').fill(title)
  await page.getByLabel('Lecture file').setInputFiles(PDF)
  await expect(page.getByText('Chosen: photosynthesis.pdf')).toBeVisible()
  await page.getByLabel('Time limit (minutes)').fill('5')
  // Four options A–D alone (the form asks for a mix by default: generate-question-types.spec.ts).
  const types = page.getByRole('group', { name: 'Question types' })
  for (const box of await types.getByRole('checkbox').all()) await box.setChecked(false)
  await types.getByRole('checkbox', { name: 'Four options (A–D)', exact: true }).check()
  await page.getByRole('button', { name: 'Generate Quiz' }).click()

  // The review: five questions written from the document, each with its source.
  await expect(page).toHaveURL(/\/generate\/review\?generation=[\w-]+$/, { timeout: 90_000 })
  await expect(page.getByRole('heading', { name: 'Review Questions' })).toBeVisible()
  const reviewUrl = page.url()
  const items = reviewItems(page)
  await expect(items).toHaveCount(5)
  for (let i = 0; i < 5; i += 1) {
    await expect(items.nth(i).locator('.review-source figcaption')).toHaveText(/^(Page \d+ · passage|Passage) \d+$/)
    await expect(items.nth(i).locator('.review-source blockquote')).not.toBeEmpty()
  }
  await expect(page.getByLabel('Quiz Title')).toHaveValue(title)
  expect(await walletBalance(page)).toBe(0)
  await page.screenshot({ path: shot('generate-review-desktop.png'), fullPage: true })

  // Edit question 1: new text, and the answer typed as the text of option C.
  await page.getByRole('button', { name: 'Edit question 1' }).click()
  const form = page.getByRole('form', { name: 'Edit question' })
  const edited = 'Which pigment captures light energy in photosynthesis? (edited)'
  await form.getByLabel('Question text').fill(edited)
  const optionC = await form.getByRole('textbox', { name: 'Option C' }).inputValue()
  await form.getByLabel('Correct answer').fill(`  ${optionC.toUpperCase()} `)
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toHaveCount(0)
  await expect(items.nth(0).locator('.review-question-text')).toHaveText(edited)
  expect(await correctLetterOf(items.nth(0))).toBe('C')

  // Delete question 2 and undo: it comes back in its place.
  const second = await textOf(items.nth(1))
  await page.getByRole('button', { name: 'Delete question 2' }).click()
  await expect(items).toHaveCount(4)
  const deleted = page.getByRole('list', { name: 'Deleted questions' })
  await deleted.getByRole('listitem', { name: second }).getByRole('button', { name: 'Undo' }).click()
  await expect(items).toHaveCount(5)
  expect(await textOf(items.nth(1))).toBe(second)
  await expect(deleted).toHaveCount(0)

  // Delete question 3: four are published.
  const third = await textOf(items.nth(2))
  await page.getByRole('button', { name: 'Delete question 3' }).click()
  await expect(items).toHaveCount(4)
  await expect(page.getByRole('list', { name: 'Deleted questions' }).getByRole('listitem', { name: third })).toBeVisible()
  const kept: { text: string; letter: string }[] = []
  for (let i = 0; i < 4; i += 1) kept.push({ text: await textOf(items.nth(i)), letter: await correctLetterOf(items.nth(i)) })
  expect(kept.map((q) => q.text)).not.toContain(third)

  await page.getByRole('button', { name: 'Confirm and Create Quiz' }).click()
  await expect(page.getByText('Quiz Created!')).toBeVisible()
  await expect(page).toHaveURL(/\/host\/myQuizzes$/i)
  expect(await walletBalance(page)).toBe(0)

  // My Quizzes: the quiz with its 4 questions and 5 minutes.
  const card = page.getByRole('listitem', { name: title })
  await expect(card).toBeVisible()
  await expect(card.getByText('5 min')).toBeVisible()
  await expect(card.getByText('Questions', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('4')
  const code = ((await card.getByTestId('quiz-code').textContent()) ?? '').trim()
  expect(code).toMatch(/^[A-Z0-9]{4,}$/)
  await page.screenshot({ path: shot('generate-my-quizzes-desktop.png'), fullPage: true })

  // Opening the review again (no router state) reads the generation back: it is published.
  await page.goto(reviewUrl)
  await expect(page.getByText('This quiz has already been published.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to My Quizzes' })).toHaveAttribute('href', '/host/myQuizzes')

  // A player joins by the code and answers every question right.
  const playerContext = await browser.newContext({ baseURL })
  const playerPage = await playerContext.newPage()
  await playerPage.goto(`/host/attemptQuiz?code=${code}`)
  await expect(playerPage).toHaveURL(/\/signin$/)
  await signInThroughForm(playerPage, player.email, player.password)
  await expect(playerPage).toHaveURL(new RegExp(`/host/attemptQuiz\\?code=${code}$`))
  await playerPage.getByRole('button', { name: 'Get Started' }).click()
  await expect(playerPage).toHaveURL(/\/play\/quiz$/)
  await expect(playerPage.getByRole('heading', { name: title })).toBeVisible()
  for (let i = 0; i < 4; i += 1) {
    await expect(playerPage.getByText(`Question ${i + 1} of 4`)).toBeVisible()
    await expect(playerPage.locator('.question-text')).toHaveText(kept[i].text)
    await playerPage.locator('.options .option').nth('ABCD'.indexOf(kept[i].letter)).click()
    if (i < 3) await playerPage.getByRole('button', { name: 'Next' }).click()
  }
  await playerPage.getByRole('button', { name: 'Review & Submit' }).click()
  await playerPage.getByRole('region', { name: 'Review Summary' }).getByRole('button', { name: 'Submit Quiz' }).click()
  await expect(playerPage.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(playerPage.getByTestId('result-score')).toHaveText('4 / 4')
  await expect(playerPage.getByTestId('result-points')).toHaveText('40')
  await playerPage.screenshot({ path: shot('generate-played-desktop.png'), fullPage: true })
  await playerContext.close()
})

test('the generate form checks its fields before spending anything', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { label: 'genrules' })
  await signIn(page, account)
  await page.goto('/generate')
  await page.getByRole('button', { name: 'Generate Quiz' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter a quiz title')
  await page.getByLabel('Quiz Title').fill('Rules')
  await page.getByRole('button', { name: 'Generate Quiz' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please either enter text content or upload a file')
  expect(await walletBalance(page)).toBe(5)
})
