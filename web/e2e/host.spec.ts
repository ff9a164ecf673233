/**
 * Hosting against the real server: a host downloads the template, uploads a filled CSV, sees
 * the preview, creates the quiz (1 token of the welcome grant), and reads the code and link on
 * My Quizzes. A player opens the link (signing in on the way), joins, plays and submits; the
 * host's results page, opened before, shows the row live. The host grants a retake and the
 * player can play again. Screenshots go to $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

const HEADER = 'Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)'
/** The template's header: the seven columns of questions A–D, then the columns of the other types. */
const TEMPLATE_HEADER = `${HEADER},Type,Option E,Option F,Option G,Option H`

/** Three questions; the correct letters are B, c (lower case on purpose) and A. */
const QUESTIONS = [
  ['What is 2 + 2?', '3', '4', '5', '22', 'B', 'Two plus two is four.'],
  ['Which planet is known as the Red Planet?', 'Venus', 'Jupiter', 'Mars', 'Saturn', 'c', ''],
  ['What is the chemical symbol for water?', 'H2O', 'CO2', 'O2', 'NaCl', 'A', 'Two hydrogens, one oxygen.'],
]

function csvLine(cells: string[]): string {
  return cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')
}

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

const option = (page: Page, letter: string) => page.locator('.options .option').nth('ABCD'.indexOf(letter))

test('host a quiz from a CSV, a player joins by link, live results, retake', async ({ page, browser, request, baseURL }, testInfo) => {
  test.setTimeout(120_000)
  const host = await createVerifiedAccount(request, { firstName: 'Hanna', lastName: 'Host', label: 'host' })
  const player = await createVerifiedAccount(request, { firstName: 'Pete', lastName: 'Player', label: 'joiner' })
  const title = `Hosted quiz ${Date.now().toString(36)}`

  // The host signs in; the welcome grant pays for hosting.
  await signIn(page, host)
  const balanceBefore = await walletBalance(page)
  expect(balanceBefore).toBeGreaterThanOrEqual(1)

  await page.goto('/host/quiz')
  await expect(page.getByRole('heading', { name: 'Host Quiz' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Quizzes' })).toBeVisible()

  // Template downloads.
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV template' }).click(),
  ])
  expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/)
  const templateText = readFileSync(await csvDownload.path(), 'utf8').replace(/^\uFEFF/, '')
  expect(templateText.split(/\r?\n/)[0]).toBe(TEMPLATE_HEADER)
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Excel template' }).click(),
  ])
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/)
  // An .xlsx file is a zip archive.
  expect(readFileSync(await xlsxDownload.path()).subarray(0, 2).toString('latin1')).toBe('PK')

  // Fill the template and upload it: the preview shows the three rows.
  const file = testInfo.outputPath('filled-quiz.csv')
  writeFileSync(file, [HEADER, ...QUESTIONS.map(csvLine)].join('\n') + '\n')
  await page.getByLabel('Questions file').setInputFiles(file)
  await expect(page.getByRole('heading', { name: 'Preview: 3 questions found' })).toBeVisible()
  const previewRows = page.locator('.preview-table tbody tr')
  await expect(previewRows).toHaveCount(3)
  await expect(previewRows.nth(0)).toContainText('What is 2 + 2?')
  await expect(previewRows.nth(1).locator('td').nth(3)).toHaveText('C: Mars')
  await expect(page.getByRole('list', { name: 'Row errors' })).toHaveCount(0)

  await page.getByLabel('Quiz Title').fill(title)
  await page.getByLabel('Time limit (minutes)').fill('5')
  await page.screenshot({ path: shot('host-quiz-preview-desktop.png'), fullPage: true })
  await page.getByRole('button', { name: 'Create Quiz' }).click()
  await expect(page.getByText('Quiz Created!')).toBeVisible()
  await expect(page).toHaveURL(/\/host\/myquizzes$/i)
  expect(await walletBalance(page)).toBe(balanceBefore - 1)

  // My Quizzes: the card with its code, link and QR code.
  const card = page.getByRole('listitem', { name: title })
  await expect(card).toBeVisible()
  await expect(card.getByText('Active')).toBeVisible()
  await expect(card.getByText('5 min')).toBeVisible()
  const code = ((await card.getByTestId('quiz-code').textContent()) ?? '').trim()
  expect(code).toMatch(/^[A-Z0-9]{4,}$/)
  const link = ((await card.getByTestId('quiz-link').textContent()) ?? '').trim()
  expect(link).toBe(`${baseURL}/host/attemptQuiz?code=${code}`)
  await expect(card.getByRole('img', { name: `QR code for joining ${title}` })).toBeVisible()
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await card.getByRole('button', { name: 'Copy link' }).click()
  await expect(card.getByRole('button', { name: 'Copied!' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  await page.screenshot({ path: shot('host-my-quizzes-desktop.png'), fullPage: true })

  // View Quiz shows the same code and the three questions.
  await card.getByRole('link', { name: 'View Quiz' }).click()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.locator('.quiz-facts dd').nth(3)).toHaveText(code)
  await expect(page.locator('.question-editor')).toHaveCount(3)
  await expect(page.getByRole('listitem', { name: 'Question 2' }).getByLabel('Correct answer')).toHaveValue('C')
  await page.goBack()

  // The host opens the results before anyone has played.
  await page.getByRole('listitem', { name: title }).getByRole('link', { name: 'Results' }).click()
  await expect(page.getByRole('heading', { name: `Quiz Title: ${title}` })).toBeVisible()
  await expect(page.getByText('No results data available.')).toBeVisible()
  await page.evaluate(() => {
    ;(window as unknown as { notReloaded: boolean }).notReloaded = true
  })

  // The player opens the shared link signed out, signs in, and lands back on it.
  const playerContext = await browser.newContext({ baseURL })
  const playerPage = await playerContext.newPage()
  await playerPage.goto(link)
  await expect(playerPage).toHaveURL(/\/signin$/)
  await signInThroughForm(playerPage, player.email, player.password)
  await expect(playerPage).toHaveURL(new RegExp(`/host/attemptQuiz\\?code=${code}$`))
  await expect(playerPage.getByLabel('Quiz Code')).toHaveValue(code)
  await playerPage.getByRole('button', { name: 'Get Started' }).click()
  await expect(playerPage).toHaveURL(/\/play\/quiz$/)
  await expect(playerPage.getByRole('heading', { name: title })).toBeVisible()
  await expect(playerPage.getByText('Question 1 of 3')).toBeVisible()

  // Two right (B, C), one wrong (D instead of A).
  await option(playerPage, 'B').click()
  await playerPage.getByRole('button', { name: 'Next' }).click()
  await option(playerPage, 'C').click()
  await playerPage.getByRole('button', { name: 'Next' }).click()
  await option(playerPage, 'D').click()
  await playerPage.getByRole('button', { name: 'Review & Submit' }).click()
  await playerPage.getByRole('region', { name: 'Review Summary' }).getByRole('button', { name: 'Submit Quiz' }).click()
  await expect(playerPage.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(playerPage.getByTestId('result-score')).toHaveText('2 / 3')
  await expect(playerPage.getByTestId('result-points')).toHaveText('20')

  // The host's page shows the row live, without a reload.
  const row = page.getByRole('row', { name: /Pete Player/ })
  await expect(row).toBeVisible()
  await expect(row.locator('td').nth(2)).toHaveText('2 / 3')
  await expect(page.getByText('Participants: 1')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)

  // The host reads the submission.
  await row.getByRole('button', { name: /View Submission/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Feedback Summary' })
  await expect(dialog.getByText('What is the chemical symbol for water?')).toBeVisible()
  await expect(dialog.getByText('2 of 3 correct', { exact: false })).toBeVisible()
  await page.screenshot({ path: shot('host-results-feedback-desktop.png'), fullPage: true })
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  // Joining again is refused until the host grants a retake.
  await playerPage.goto(link)
  await playerPage.getByRole('button', { name: 'Get Started' }).click()
  await expect(playerPage.getByRole('alert')).toContainText('already')
  await expect(playerPage).toHaveURL(/\/host\/attemptQuiz/)

  // The CSV export carries the same row.
  const [export_] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
  expect(export_.suggestedFilename()).toMatch(/\.csv$/)
  const exported = readFileSync(await export_.path(), 'utf8').replace(/^\uFEFF/, '')
  // Then each question's answer in words, a column per question.
  expect(exported.split(/\r?\n/)[0]).toMatch(/^Rank,First name,Last name,Email,Score,Total,Points,Submitted at,Submitted by,Attempts,Accommodations(,Question \d+)+$/)
  expect(exported).toContain(player.email)

  await page.screenshot({ path: shot('host-results-desktop.png'), fullPage: true })
  await row.getByRole('button', { name: /Allow Retake/ }).click()
  await expect(page.getByRole('row', { name: /Pete Player/ })).toHaveCount(0)
  await expect(page.getByText('No results data available.')).toBeVisible()

  // The player can play again.
  await playerPage.goto(link)
  await playerPage.getByRole('button', { name: 'Get Started' }).click()
  await expect(playerPage).toHaveURL(/\/play\/quiz$/)
  await expect(playerPage.getByText('Question 1 of 3')).toBeVisible()
  await expect(option(playerPage, 'A')).toHaveAttribute('aria-pressed', 'false')
  await playerContext.close()
})

test('the join screen refuses an unknown code', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { label: 'nocode' })
  await signIn(page, account)
  await page.goto('/host/attemptQuiz')
  await page.getByRole('button', { name: 'Get Started' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter a quiz code')
  await page.getByLabel('Quiz Code').fill('ZZZZZZZZ')
  await page.getByRole('button', { name: 'Get Started' }).click()
  await expect(page.getByRole('alert')).toHaveText('Quiz not found. Please check your code.')
})

test('the demo results table', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { label: 'demo' })
  await signIn(page, account)
  await page.goto('/host/result')
  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(page.getByText('Showing 1 to 10 of 132 participants')).toBeVisible()
  await expect(page.locator('tbody tr')).toHaveCount(10)
})
