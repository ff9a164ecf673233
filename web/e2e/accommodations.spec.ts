/**
 * Accommodations (issue 15) against the real server: a host grants one player extra time ×2 and
 * read-aloud, from the keyboard, on the view-quiz page, and another unlimited time; the first
 * player's quiz screen shows the extra-time note, a clock of twice the quiz's limit and the
 * read-aloud controls, and asks the browser's speech synthesis (a recording stand-in here) to read
 * each question with its options; the second sees "No time limit". After both submit, the host's
 * results say which accommodations each attempt had. axe checks each of those screens; screenshots
 * go to $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'
import { hostQuizApi, signInApi } from './support/quiz-api'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

/** Two questions; hostQuizApi gives the quiz a 5-minute limit. */
const QUESTIONS = [
  ['Which gas do plants take in?', 'Oxygen', 'Carbon dioxide', 'Helium', 'Neon', 'B', ''],
  ['How many legs has a spider?', 'Six', 'Eight', 'Ten', 'Four', 'B', ''],
]

type SpeechLog = { spoken: string[]; cancels: number }

/**
 * Replaces the browser's speech synthesis on every page of `context` with one that records what
 * it is asked to say (and says it has started), so the test reads what a player would hear.
 */
async function recordSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: SpeechLog = { spoken: [], cancels: 0 }
    const synth = {
      speaking: false,
      pending: false,
      paused: false,
      onvoiceschanged: null,
      getVoices: () => [],
      pause: () => undefined,
      resume: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => true,
      cancel: () => {
        log.cancels += 1
      },
      speak: (utterance: SpeechSynthesisUtterance) => {
        log.spoken.push(utterance.text)
        setTimeout(() => utterance.onstart?.(new Event('start') as SpeechSynthesisEvent), 0)
      },
    }
    ;(window as unknown as { __speech: SpeechLog }).__speech = log
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => synth })
  })
}

const speech = (page: Page) => page.evaluate(() => (window as unknown as { __speech: SpeechLog }).__speech)

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

/** Joins by the code (the shared link) and lands on the first question. */
async function join(page: Page, code: string) {
  await page.goto(`/host/attemptQuiz?code=${code}`)
  await expect(page.getByLabel('Quiz Code')).toHaveValue(code)
  await page.getByRole('button', { name: 'Get Started' }).click()
  await expect(page).toHaveURL(/\/play\/quiz$/)
  await expect(page.getByText('Question 1 of 2')).toBeVisible()
}

async function answerAndSubmit(page: Page) {
  await page.locator('.options .option').nth(1).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.locator('.options .option').nth(1).click()
  await page.getByRole('button', { name: 'Review & Submit' }).click()
  await page.getByRole('region', { name: 'Review Summary' }).getByRole('button', { name: 'Submit Quiz' }).click()
  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(page.getByTestId('result-score')).toHaveText('2 / 2')
}

test('a host grants accommodations; players get the time and read-aloud; the results say so', async ({
  page,
  request,
  newWatchedContext,
}) => {
  test.setTimeout(120_000)
  const host = await createVerifiedAccount(request, { firstName: 'Hanna', lastName: 'Host', label: 'acc-host' })
  const reader = await createVerifiedAccount(request, { firstName: 'Rita', lastName: 'Reader', label: 'acc-reader' })
  const unhurried = await createVerifiedAccount(request, { firstName: 'Uma', lastName: 'Unhurried', label: 'acc-unlimited' })
  const quiz = await hostQuizApi(request, await signInApi(request, host), `Accommodated ${Date.now().toString(36)}`, QUESTIONS)

  // The host grants the first player ×2 and read-aloud, from the keyboard.
  await signIn(page, host)
  await page.goto(`/host/viewQuiz/${quiz.id}`)
  const section = page.getByRole('region', { name: 'Accommodations' })
  await expect(section.getByText('No player has accommodations yet.')).toBeVisible()
  await expect(section.getByText('Extra time applies to attempts started after saving', { exact: false })).toBeVisible()
  await section.getByLabel('E-mails').focus()
  await page.keyboard.type(reader.email.toUpperCase())
  await page.keyboard.press('Tab')
  const extraTime = section.getByLabel('Extra time', { exact: true })
  await expect(extraTime).toBeFocused()
  await extraTime.selectOption('x2')
  await page.keyboard.press('Tab')
  await expect(section.getByLabel('Read aloud', { exact: true })).toBeFocused()
  await page.keyboard.press('Space')
  await page.keyboard.press('Tab')
  await expect(section.getByRole('button', { name: 'Add players' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(section.getByRole('status')).toHaveText('Added 1 player. Save accommodations to apply.')
  await page.keyboard.press('Tab')
  await expect(section.getByRole('button', { name: 'Save accommodations' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(section.getByRole('status')).toHaveText('Accommodations saved for 1 player.')
  // The server's answer: the address as stored (normalised).
  const table = section.getByRole('table', { name: 'Players with accommodations (1)' })
  await expect(table.getByRole('rowheader')).toHaveText([reader.email.toLowerCase()])
  await expect(table.getByRole('combobox', { name: `Extra time for ${reader.email.toLowerCase()}` })).toHaveValue('x2')
  await expect(table.getByRole('checkbox', { name: `Read aloud for ${reader.email.toLowerCase()}` })).toBeChecked()

  // Something that is no address is refused before it is added; one the server refuses comes
  // back as its error, beside the button, with focus on it.
  await section.getByLabel('E-mails').fill('not-an-address@')
  await section.getByRole('button', { name: 'Add players' }).click()
  await expect(section.getByLabel('E-mails')).toHaveAttribute('aria-invalid', 'true')
  await section.getByLabel('E-mails').fill('nobody@localhost')
  await section.getByRole('button', { name: 'Add players' }).click()
  await section.getByRole('button', { name: 'Save accommodations' }).click()
  const refusal = section.getByRole('alert')
  await expect(refusal).toHaveText('Invalid email address: nobody@localhost')
  await expect(refusal).toBeFocused()
  await checkA11y(page, 'view quiz: accommodations refused by the server')
  await section.getByRole('button', { name: 'Remove nobody@localhost' }).click()

  // The second player, unlimited.
  await section.getByLabel('E-mails').fill(unhurried.email)
  await extraTime.selectOption('unlimited')
  await section.getByLabel('Read aloud', { exact: true }).uncheck()
  await section.getByRole('button', { name: 'Add players' }).click()
  await section.getByRole('button', { name: 'Save accommodations' }).click()
  await expect(section.getByRole('status')).toHaveText('Accommodations saved for 2 players.')
  await expect(section.getByRole('table', { name: 'Players with accommodations (2)' })).toBeVisible()
  await section.screenshot({ path: shot('host-accommodations-desktop.png') })
  await checkA11y(page, 'view quiz: accommodations of two players')

  // The first player: twice the time, the note, and each question read aloud.
  const readerContext = await newWatchedContext()
  await recordSpeech(readerContext)
  const readerPage = await readerContext.newPage()
  await signIn(readerPage, reader)
  await join(readerPage, quiz.code)
  await expect(readerPage.getByText('Extra time ×2')).toBeVisible()
  await expect(readerPage.getByTestId('quiz-timer')).toHaveText(/^00:(10:00|09:[0-5]\d)$/)
  const readButton = readerPage.getByRole('button', { name: 'Read aloud' })
  await expect(readButton).toBeVisible()
  await expect.poll(async () => (await speech(readerPage)).spoken).toEqual([
    'Which gas do plants take in? A: Oxygen. B: Carbon dioxide. C: Helium. D: Neon.',
  ])
  await expect(readerPage.getByRole('button', { name: 'Stop reading' })).toBeVisible()
  await checkA11y(readerPage, 'quiz: extra time ×2, reading aloud')
  await readerPage.getByRole('button', { name: 'Stop reading' }).click()
  await expect(readerPage.getByRole('button', { name: 'Stop reading' })).toHaveCount(0)
  await expect(readButton).toBeFocused()
  expect((await speech(readerPage)).cancels).toBeGreaterThan(0)
  await readerPage.screenshot({ path: shot('play-accommodations-desktop.png'), fullPage: true })
  await readerPage.getByRole('button', { name: 'Next' }).click()
  await expect.poll(async () => (await speech(readerPage)).spoken.at(-1)).toContain('How many legs has a spider?')
  await readButton.click()
  await expect.poll(async () => (await speech(readerPage)).spoken).toHaveLength(3)
  await readerPage.getByRole('button', { name: 'Previous' }).click()
  await answerAndSubmit(readerPage)

  // The second player: no time limit, nothing read.
  const unhurriedContext = await newWatchedContext()
  await recordSpeech(unhurriedContext)
  const unhurriedPage = await unhurriedContext.newPage()
  await signIn(unhurriedPage, unhurried)
  await join(unhurriedPage, quiz.code)
  await expect(unhurriedPage.getByRole('timer')).toHaveText('No time limit')
  await expect(unhurriedPage.getByText(/Extra time/)).toHaveCount(0)
  await expect(unhurriedPage.getByRole('button', { name: 'Read aloud' })).toHaveCount(0)
  expect((await speech(unhurriedPage)).spoken).toEqual([])
  await checkA11y(unhurriedPage, 'quiz: no time limit')
  await answerAndSubmit(unhurriedPage)

  // The host's results say which accommodations each attempt had.
  await page.goto(`/host/viewResult/${quiz.id}`)
  await expect(page.getByRole('heading', { name: `Quiz Title: ${quiz.title}` })).toBeVisible()
  await expect(page.getByRole('row', { name: /Rita Reader/ })).toContainText('Accommodations: Extra time ×2, read aloud')
  await expect(page.getByRole('row', { name: /Uma Unhurried/ })).toContainText('Accommodations: No time limit')
  await checkA11y(page, 'quiz results with accommodations')
})
