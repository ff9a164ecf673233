/**
 * Auditing against the real server (issue 13, docs/audit-api.md). Set up through the API: a host
 * uploads a three-question quiz; Ann (3/3), Ben (1/3) and Cid (2/3) join by code and submit; the
 * host grants Ben a retake and Ben plays again (3/3). A fourth account becomes an
 * organisation-wide auditor through the command line (`quizroom auditor grant EMAIL` on the
 * server's own database). In the browser the auditor checks the log's integrity, finds the quiz,
 * narrows its timeline to Ben, opens Ben's first attempt sheet, moves the standings' time line to
 * the moment before the retake (Ben back at 10 points, third), and exports the history as JSON
 * lines (as many lines as the history has entries). The audit trail is indexed a moment behind
 * the log: the setup polls until it holds the retake and the last submission. Screenshots go to
 * $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Locator } from '@playwright/test'
import { createVerifiedAccount, expect, signInThroughForm, test } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'
import { grantAuditor, grantRetakeApi, hostQuizApi, playQuizApi, signInApi, type HostedQuiz, type Session } from './support/quiz-api'

/** Three questions; the right letters are B, C and A. */
const QUESTIONS = [
  ['What is 2 + 2?', '3', '4', '5', '22', 'B', 'Two plus two is four.'],
  ['Which planet is known as the Red Planet?', 'Venus', 'Jupiter', 'Mars', 'Saturn', 'C', 'Iron oxide makes it red.'],
  ['What is the chemical symbol for water?', 'H2O', 'CO2', 'O2', 'NaCl', 'A', 'Two hydrogens, one oxygen.'],
]

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

type TimelineEntry = { eventType: string; person: { id: string } | null }

/** Waits until the audit trail holds the quiz's four submissions and the retake; returns the history's size. */
async function waitForTrail(request: APIRequestContext, auditor: Session, quiz: HostedQuiz): Promise<number> {
  let total = 0
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/audit/quizzes/${quiz.id}/timeline?limit=100`, {
          headers: { Authorization: `Bearer ${auditor.token}` },
        })
        const page = (await response.json()) as { entries: TimelineEntry[]; total: number }
        total = page.total
        const count = (type: string) => page.entries.filter((entry) => entry.eventType === type).length
        return [count('AttemptSubmitted'), count('RetakeGranted')]
      },
      { timeout: 15_000 },
    )
    .toEqual([4, 1])
  return total
}

/** The text of each cell of a table's body rows. */
async function rows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (cell) => (cell.textContent ?? '').trim())))
}

test('an auditor searches a quiz, filters its timeline, reads a sheet, travels back before a retake and exports', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const hostAccount = await createVerifiedAccount(request, { firstName: 'Hanna', lastName: 'Host', label: 'audithost' })
  const annAccount = await createVerifiedAccount(request, { firstName: 'Ann', lastName: 'Able', label: 'auditann' })
  const benAccount = await createVerifiedAccount(request, { firstName: 'Ben', lastName: 'Baker', label: 'auditben' })
  const cidAccount = await createVerifiedAccount(request, { firstName: 'Cid', lastName: 'Cole', label: 'auditcid' })
  const auditorAccount = await createVerifiedAccount(request, { firstName: 'Ada', lastName: 'Auditor', label: 'auditor' })
  const [host, ann, ben, cid, auditor] = await Promise.all(
    [hostAccount, annAccount, benAccount, cidAccount, auditorAccount].map((account) => signInApi(request, account)),
  )

  const title = `Audited quiz ${Date.now().toString(36)}`
  const quiz = await hostQuizApi(request, host, title, QUESTIONS)
  expect(await playQuizApi(request, ann, quiz, ['B', 'C', 'A'])).toBe(30)
  expect(await playQuizApi(request, ben, quiz, ['B', 'A', 'B'])).toBe(10)
  expect(await playQuizApi(request, cid, quiz, ['B', 'C', 'B'])).toBe(20)
  await grantRetakeApi(request, host, ben, quiz)
  expect(await playQuizApi(request, ben, quiz, ['B', 'C', 'A'])).toBe(30)

  await grantAuditor(request, auditorAccount, auditor)
  const total = await waitForTrail(request, auditor, quiz)

  // The auditor signs in and opens Audit from the account menu.
  await page.goto('/signin')
  await signInThroughForm(page, auditorAccount.email, auditorAccount.password)
  await expect(page).toHaveURL(/\/$/)
  await page.getByRole('button', { name: /account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Audit' }).click()
  await expect(page.getByRole('heading', { name: 'Audit', exact: true })).toBeVisible()
  await expect(page.getByText(/^Verified up to position \d+, digest/)).toBeVisible()
  await expect(page.getByTestId('audit-digest')).toHaveText(/^[0-9a-f]{64}$/)
  await expect(page.getByRole('link', { name: 'Global leaderboard over time' })).toBeVisible()
  await page.screenshot({ path: shot('audit-home-desktop.png'), fullPage: true })

  // Search the quiz and open it.
  await page.getByLabel('Find a quiz or a person').fill(title)
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('list', { name: 'Quizzes found' }).getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { name: `Audit: ${title}` })).toBeVisible()
  await expect(page.getByText(quiz.code, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Hanna Host' })).toBeVisible()

  // The timeline, newest first: Ben's second submission on top; then only Ben's entries.
  const entries = page.getByRole('list', { name: 'Timeline entries' }).getByTestId('audit-entry')
  await expect(entries.first()).toContainText('Submitted by the player: 3/3 right, 30 points')
  await expect(entries.first()).toContainText('Ben Baker')
  await expect(page.getByText('Hosted “')).toBeVisible()
  await page.getByLabel('Player').selectOption({ label: 'Ben Baker' })
  await expect(page.getByText('Hosted “')).toHaveCount(0)
  // Joined, started, submitted, the retake, started again, submitted again.
  await expect(entries).toHaveCount(6)
  for (const entry of await entries.all()) await expect(entry).toContainText('Ben Baker')
  await expect(entries.filter({ hasText: 'Retake granted by Hanna Host' })).toHaveCount(1)
  await page.screenshot({ path: shot('audit-timeline-desktop.png'), fullPage: true })

  // Ben's first attempt, as it was scored.
  const firstSubmission = entries.filter({ hasText: '1/3 right, 10 points' })
  await firstSubmission.getByRole('link', { name: /Open attempt sheet/ }).click()
  await expect(page.getByRole('heading', { name: 'Attempt sheet: Ben Baker' })).toBeVisible()
  await expect(page.getByText('Submitted by the player')).toBeVisible()
  await expect(page.getByText(/^by Hanna Host at /)).toBeVisible()
  const sheet = page.getByRole('table', { name: 'Questions in the order served' })
  const second = sheet.getByRole('row').filter({ hasText: 'Which planet is known as the Red Planet?' })
  await expect(second.getByRole('listitem').filter({ hasText: 'Venus' })).toHaveText('A. Venus (answered)')
  await expect(second.getByRole('listitem').filter({ hasText: 'Mars' })).toHaveText('C. Mars (key)')
  await expect(second.locator('td').last()).toHaveText('✗ Wrong')
  const first = sheet.getByRole('row').filter({ hasText: 'What is 2 + 2?' })
  await expect(first.getByRole('listitem').filter({ hasText: '4' })).toHaveText('B. 4 (key, answered)')
  await expect(first.locator('td').last()).toHaveText('✓ Correct')
  await page.screenshot({ path: shot('audit-sheet-desktop.png'), fullPage: true })

  // Standings: now, then back to the moment before the retake.
  await page.getByRole('link', { name: title }).first().click()
  await page.getByRole('tab', { name: 'Standings' }).click()
  const standings = page.getByTestId('audit-standings')
  await expect.poll(() => rows(standings).then((r) => r.map((row) => row.slice(0, 3)))).toEqual([
    ['1', 'Ann Able', '30'],
    ['2', 'Ben Baker', '30'],
    ['3', 'Cid Cole', '20'],
  ])
  const slider = page.getByRole('slider', { name: 'Moment' })
  await slider.focus()
  await page.keyboard.press('End')
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByTestId('moment-label')).toHaveText(/^Retake granted, #\d+/)
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByTestId('moment-label')).toHaveText(/^Submitted, #\d+/)
  await expect(page.getByTestId('audit-as-of')).toHaveText(/^As of position \d+ \(/)
  await expect.poll(() => rows(standings).then((r) => r.map((row) => row.slice(0, 4)))).toEqual([
    ['1', 'Ann Able', '30', '3/3'],
    ['2', 'Cid Cole', '20', '2/3'],
    ['3', 'Ben Baker', '10', '1/3'],
  ])
  await page.screenshot({ path: shot('audit-standings-desktop.png'), fullPage: true })

  // Export the whole history as JSON lines: one line per entry of the history.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON lines' }).click()])
  expect(download.suggestedFilename()).toBe(`quiz-${quiz.id}-history.jsonl`)
  const lines = readFileSync(await download.path(), 'utf8').trim().split('\n')
  expect(lines).toHaveLength(total)
  const events = lines.map((line) => JSON.parse(line) as { position: number; eventType: string })
  expect(events.map((event) => event.position)).toEqual([...events.map((event) => event.position)].sort((a, b) => a - b))
  expect(events.filter((event) => event.eventType === 'RetakeGranted')).toHaveLength(1)
  await expect(page.getByText(`Exported ${total} events to quiz-${quiz.id}-history.jsonl.`)).toBeVisible()
})
