/**
 * Keyboard only (issue 15): sign-up → e-mailed code → Verify Email → a curated category played
 * → results, and hosting a quiz from a template upload → results → a submission's dialog, with
 * nothing but page.keyboard (Tab, Shift+Tab, Enter, Space, the arrow keys, Escape, and typing
 * into the field Tab reached). page.goto opens the start page only. At every Tab stop focus must
 * be visible (support/keyboard.ts checks an outline or box-shadow on each element passed), and
 * focus must move sensibly: to the first error of a failed submit, into dialogs and back to their
 * opener, and to the result's heading after a submit.
 */
import { writeFileSync } from 'node:fs'
import { createVerifiedAccount, expect, test, uniqueEmail } from './support/fixtures'
import { expectFocusVisible, focused, tabTo, typeInto } from './support/keyboard'
import { extractCode, mailCount, VERIFICATION_SUBJECT, waitForMail } from './support/mail'
import { playQuizApi, signInApi } from './support/quiz-api'

test.describe.configure({ timeout: 60_000 })

/** The focused element is the one named `name` (and shows its focus). */
async function expectFocusOn(page: import('@playwright/test').Page, name: string | RegExp) {
  await expect.poll(async () => (await focused(page)).name).toMatch(typeof name === 'string' ? new RegExp(`^${escape(name)}$`) : name)
  await expectFocusVisible(page, String(name))
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const isOption = (letter: string) => (f: { tag: string; name: string }) => f.tag === 'button' && f.name.startsWith(`${letter}. `)

test('keyboard only: sign up, verify, play a category, read the result', async ({ page }) => {
  const email = uniqueEmail('keys')
  const password = 'Keyboard-only-1'
  const before = mailCount()

  await page.goto('/')
  // The skip link comes first and shows itself.
  await tabTo(page, 'Skip to content', { max: 1 })
  await tabTo(page, 'Sign In')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/signin$/)
  await tabTo(page, 'Sign up')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/signup$/)

  // An empty submit sends focus to the first field in error.
  await tabTo(page, 'Create Account')
  await page.keyboard.press('Enter')
  await expect(page.getByText('First name is required')).toBeVisible()
  await expectFocusOn(page, 'First Name')

  await typeInto(page, 'First Name', 'Kay')
  await tabTo(page, 'Last Name', { max: 1 })
  await page.keyboard.type('Board')
  await tabTo(page, 'Email')
  await page.keyboard.type(email)
  await tabTo(page, 'Password', { max: 1 })
  await page.keyboard.type(password)
  await tabTo(page, 'Confirm Password', { max: 1 })
  await page.keyboard.type(password)
  // The show-password checkbox toggles with Space (and back).
  await tabTo(page, 'Show password', { max: 1 })
  await page.keyboard.press('Space')
  await expect(page.getByLabel('Confirm Password')).toHaveAttribute('type', 'text')
  await page.keyboard.press('Space')
  await tabTo(page, 'Create Account', { max: 1 })
  await page.keyboard.press('Enter')

  // Verify Email: focus starts at the page's content; the code field is the first stop.
  await expect(page).toHaveURL(/\/verify$/)
  await expect(page.getByRole('heading', { name: 'Verify Email' })).toBeVisible()
  const code = extractCode(await waitForMail({ to: email, subject: VERIFICATION_SUBJECT, afterSeq: before }))
  await tabTo(page, 'Verification code', { max: 3 })
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 })
  await expect(page.getByRole('heading', { name: 'Engage. Educate. Empower.' })).toBeVisible()

  // The avatar menu: Enter opens it on its first item, the arrows move, Escape goes back to the button.
  await tabTo(page, /^KB, account menu for Kay Board/, { back: true, max: 10 })
  await page.keyboard.press('Enter')
  await expectFocusOn(page, 'My progress')
  await page.keyboard.press('ArrowDown')
  await expectFocusOn(page, 'Audit')
  await page.keyboard.press('Escape')
  await expectFocusOn(page, /^KB, account menu for Kay Board/)
  await expect(page.getByRole('menu')).toHaveCount(0)
  // Tab out of an open menu closes it and goes on (no trap).
  await page.keyboard.press('ArrowDown')
  await expectFocusOn(page, 'My progress')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('menu')).toHaveCount(0)
  expect((await focused(page)).none).toBe(false)

  // Home → Play → a category.
  await tabTo(page, 'Start playing')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/play\/categories$/)
  await tabTo(page, 'Find category')
  await page.keyboard.type('chemistry')
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('button')).toHaveCount(1)
  await tabTo(page, /^Chemistry/, { max: 3 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/play\/quiz$/)
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible()
  const status = page.getByTestId('quiz-status')

  // Question 1: Space on option B; marking for review and back with Enter.
  await tabTo(page, isOption('B'))
  await page.keyboard.press('Space')
  await expect(page.locator('.options .option').nth(1)).toHaveAttribute('aria-pressed', 'true')
  await expect(status).toHaveText('Option B selected for question 1.')
  await tabTo(page, 'Mark for review')
  await page.keyboard.press('Enter')
  await expect(status).toHaveText('Question 1 marked for review.')
  await expectFocusOn(page, 'Unmark review')
  await page.keyboard.press('Enter')
  await expect(status).toHaveText('Question 1 no longer marked for review.')

  // Next, then Shift+Tab back to option D on question 2; → moves on to question 3.
  await tabTo(page, 'Next')
  await page.keyboard.press('Enter')
  await expect(page.getByText(/^Question 2 of \d+$/)).toBeVisible()
  await expect(status).toHaveText(/^Now on question 2 \(of \d+\)\.$/)
  await tabTo(page, isOption('D'), { back: true })
  await page.keyboard.press('Enter')
  await expect(status).toHaveText('Option D selected for question 2.')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(/^Question 3 of \d+$/)).toBeVisible()

  // Review & Submit: the summary takes focus; Back to Quiz gives it back.
  await tabTo(page, 'Review & Submit', { max: 80 })
  await page.keyboard.press('Enter')
  await expectFocusOn(page, 'Review Summary')
  await tabTo(page, 'Back to Quiz', { max: 80 })
  await page.keyboard.press('Enter')
  await expectFocusOn(page, 'Review & Submit')
  await page.keyboard.press('Enter')
  await expectFocusOn(page, 'Review Summary')
  const summary = page.getByRole('region', { name: 'Review Summary' })
  await expect(summary.getByText('2 answered')).toBeVisible()
  await tabTo(page, 'Submit Quiz', { max: 80 })
  await page.keyboard.press('Enter')

  // The result: focus on its heading, announced in the status region.
  const heading = page.getByRole('heading', { name: 'Quiz Results' })
  await expect(heading).toBeVisible()
  await expectFocusOn(page, 'Quiz Results')
  await expect(heading).toBeFocused()
  await expect(status).toHaveText(/^Quiz submitted\. You scored \d+ out of \d+, \d+ points?\.$/)
  // Right and wrong answers are marked in words and with ✓ / ✗, not by colour alone.
  await expect(page.locator('.feedback-item').first().locator('.status-pill')).toHaveText(/Correct|Incorrect|Not answered/)
  await expect(page.locator('.feedback-option .option-mark.mark-right').first()).toHaveText('✓')
  await expect(page.locator('.feedback-option').filter({ hasText: 'Correct answer' }).first()).toBeVisible()

  await tabTo(page, 'View Leaderboard', { max: 3 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/play\/leaderboard$/)
  await expect(page.getByRole('heading', { name: 'Leaderboard Rankings' })).toBeVisible()
  await expect(page.locator('tbody tr[aria-current="true"]')).toHaveCount(1)
})

test('keyboard only: host a quiz from a template upload, then read a submission in its dialog', async ({ page, request }, testInfo) => {
  const host = await createVerifiedAccount(request, { firstName: 'Tab', lastName: 'Host', label: 'kbhost' })
  const player = await createVerifiedAccount(request, { firstName: 'Pat', lastName: 'Player', label: 'kbplayer' })
  const title = `Keyboard quiz ${Date.now().toString(36)}`
  const file = testInfo.outputPath('keyboard-quiz.csv')
  writeFileSync(
    file,
    [
      'Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)',
      'What is 2 + 2?,3,4,5,22,B,Two plus two is four.',
      'Which planet is red?,Venus,Jupiter,Mars,Saturn,C,',
    ].join('\n') + '\n',
  )

  // Sign in by keyboard; a wrong password first: focus goes to the error banner.
  await page.goto('/signin')
  await tabTo(page, 'Email')
  await page.keyboard.type(host.email)
  await tabTo(page, 'Password', { max: 1 })
  await page.keyboard.type('not-the-password')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
  await expect(page.getByRole('alert')).toBeFocused()
  await tabTo(page, 'Password', { max: 3 })
  for (let i = 0; i < 'not-the-password'.length; i += 1) await page.keyboard.press('Backspace')
  await page.keyboard.type(host.password)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)

  // Home → Host a quiz.
  await tabTo(page, 'Host a quiz')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/host\/quiz$/)
  await expect(page.getByRole('heading', { name: 'Host Quiz' })).toBeVisible()

  // An empty submit sends focus to the first missing field: the title.
  await tabTo(page, 'Create Quiz', { max: 40 })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Please provide a quiz title and upload a file')
  await expectFocusOn(page, 'Quiz Title')
  await page.keyboard.type(title)

  // The file: Space on the focused file input opens the browser's file chooser, which a
  // keyboard user answers in the system dialog; the test answers it with setFiles (headless
  // Chromium has no dialog to drive).
  await tabTo(page, 'Questions file', { max: 1 })
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')])
  await chooser.setFiles(file)
  await expect(page.getByRole('heading', { name: 'Preview: 2 questions found' })).toBeVisible()

  // Validity: the arrow keys move within the radio group.
  await tabTo(page, '24 hours')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', { name: '48 hours' })).toBeChecked()
  await expectFocusOn(page, '48 hours')
  await tabTo(page, 'Time limit (minutes)')
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Backspace')
  await page.keyboard.type('5')
  await tabTo(page, 'Create Quiz')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Quiz Created!')).toBeVisible()
  await expect(page).toHaveURL(/\/host\/myquizzes$/i)

  // A player plays it (through the API: this test is about the host's screens).
  const card = page.getByRole('listitem', { name: title })
  await expect(card).toBeVisible()
  const code = ((await card.getByTestId('quiz-code').textContent()) ?? '').trim()
  const href = (await card.getByRole('link', { name: 'Results' }).getAttribute('href')) ?? ''
  const quizId = Number(href.match(/viewResult\/(\d+)/)?.[1])
  expect(quizId).toBeGreaterThan(0)
  await playQuizApi(request, await signInApi(request, player), { id: quizId, code, title }, ['B', 'A'])

  // My Quizzes → this quiz's Results.
  await tabTo(page, (f) => f.name === 'Results' && f.tag === 'a', { max: 40 })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: `Quiz Title: ${title}` })).toBeVisible()
  await expect(page.getByRole('row', { name: /Pat Player/ })).toBeVisible()

  // The submission dialog: focus moves in, stays in, and returns to the button on close.
  await tabTo(page, 'View Submission of Pat Player', { max: 40 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Feedback Summary' })
  await expect(dialog.getByText('1 of 2 correct', { exact: false })).toBeVisible()
  await expectFocusOn(page, 'Close')
  await page.keyboard.press('Tab')
  await expectFocusOn(page, 'Close')
  await page.keyboard.press('Shift+Tab')
  await expectFocusOn(page, 'Close')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expectFocusOn(page, 'View Submission of Pat Player')
  await page.keyboard.press('Space')
  await expectFocusOn(page, 'Close')
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expectFocusOn(page, 'View Submission of Pat Player')
})
