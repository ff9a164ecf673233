/**
 * Accommodations held by an audience list (issue 15) against the real server: a host creates a
 * list on /host/audience and, in the list's Accommodations disclosure, grants one member extra
 * time ×1.5 (ticking the member, not typing the address); a quiz open to that list (hosted through
 * the API) gives that member the extra time (the note, and a clock of 1.5 × the quiz's five
 * minutes); after the member submits, the host's results and the audit's attempt sheet say which
 * accommodations applied. axe checks each new state; screenshots go to
 * $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, signInThroughForm, test, uniqueEmail, type Account } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'
import { audienceListIdApi, grantAuditor, hostQuizApi, signInApi } from './support/quiz-api'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

/** Two questions; hostQuizApi gives the quiz a 5-minute limit. */
const QUESTIONS = [
  ['Which gas do plants take in?', 'Oxygen', 'Carbon dioxide', 'Helium', 'Neon', 'B', ''],
  ['How many legs has a spider?', 'Six', 'Eight', 'Ten', 'Four', 'B', ''],
]

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

test("a host grants a list's member extra time; the member gets it on a quiz open to the list", async ({
  page,
  request,
  newWatchedContext,
}) => {
  test.setTimeout(120_000)
  const host = await createVerifiedAccount(request, { firstName: 'Lena', lastName: 'Lister', label: 'acclist-host' })
  const member = await createVerifiedAccount(request, { firstName: 'Mia', lastName: 'Member', label: 'acclist-member' })
  const other = uniqueEmail('acclist-other')
  const listName = `Class ${Date.now().toString(36)}`

  // The host creates the list on the screen.
  await signIn(page, host)
  await page.goto('/host/audience')
  const form = page.getByRole('form', { name: 'New audience list' })
  await form.getByLabel('List name').fill(listName)
  await form.getByLabel('Emails').fill(`${member.email}, ${other}`)
  await form.getByRole('button', { name: 'Create List' }).click()
  await expect(form.getByText('Audience list created.')).toBeVisible()
  const card = page.getByRole('listitem', { name: listName })
  await expect(card.getByRole('heading', { name: listName })).toBeVisible()

  // The list's accommodations, behind a disclosure: none yet, the list's members to tick.
  const toggle = card.getByRole('button', { name: `Accommodations for ${listName}` })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const section = card.getByRole('region', { name: `Accommodations for ${listName}` })
  await expect(section.getByText('These apply on every quiz open to this list, unless the quiz grants the player its own.')).toBeVisible()
  await expect(section.getByText('No player has accommodations yet.')).toBeVisible()
  const members = section.getByRole('group', { name: 'Members' })
  await expect(members.getByRole('checkbox')).toHaveCount(2)
  await checkA11y(page, 'audience lists: accommodations of a list, none yet')

  // Adding nobody is refused before anything is sent, with focus on the first member.
  await section.getByRole('button', { name: 'Add players' }).click()
  await expect(members.getByText('Please choose at least one member.')).toBeVisible()
  await expect(members.getByRole('checkbox').first()).toBeFocused()
  await checkA11y(page, 'audience lists: accommodations, nobody chosen')

  // ×1.5 for the member, from the keyboard.
  const memberBox = members.getByLabel(member.email.toLowerCase(), { exact: true })
  await memberBox.focus()
  await page.keyboard.press('Space')
  await expect(memberBox).toBeChecked()
  await section.getByLabel('Extra time', { exact: true }).selectOption('x1.5')
  await section.getByRole('button', { name: 'Add players' }).click()
  await expect(section.getByRole('status')).toHaveText('Added 1 player. Save accommodations to apply.')
  await section.getByRole('button', { name: 'Save accommodations' }).click()
  await expect(section.getByRole('status')).toHaveText('Accommodations saved for 1 player.')
  const table = section.getByRole('table', { name: 'Players with accommodations (1)' })
  await expect(table.getByRole('rowheader')).toHaveText([member.email.toLowerCase()])
  await expect(table.getByRole('combobox', { name: `Extra time for ${member.email.toLowerCase()}` })).toHaveValue('x1.5')
  await card.screenshot({ path: shot('audience-accommodations-desktop.png') })
  await checkA11y(page, 'audience lists: accommodations of a list, saved')

  // They are the server's: a fresh page shows them.
  await page.reload()
  await page.getByRole('button', { name: `Accommodations for ${listName}` }).click()
  await expect(
    page.getByRole('region', { name: `Accommodations for ${listName}` }).getByRole('table', { name: 'Players with accommodations (1)' }),
  ).toBeVisible()

  // A quiz open to the list (set up through the API).
  const hostSession = await signInApi(request, host)
  const listId = await audienceListIdApi(request, hostSession, listName)
  const quiz = await hostQuizApi(request, hostSession, `Listed ${Date.now().toString(36)}`, QUESTIONS, { audienceListId: listId })

  // The member starts it: ×1.5 of five minutes.
  const memberContext = await newWatchedContext()
  const memberPage = await memberContext.newPage()
  await signIn(memberPage, member)
  await memberPage.goto(`/host/attemptQuiz?code=${quiz.code}`)
  await expect(memberPage.getByLabel('Quiz Code')).toHaveValue(quiz.code)
  await memberPage.getByRole('button', { name: 'Get Started' }).click()
  await expect(memberPage).toHaveURL(/\/play\/quiz$/)
  await expect(memberPage.getByText('Question 1 of 2')).toBeVisible()
  await expect(memberPage.getByText('Extra time ×1.5')).toBeVisible()
  await expect(memberPage.getByTestId('quiz-timer')).toHaveText(/^00:07:[0-3]\d$/)
  // Read-aloud was not granted.
  await expect(memberPage.getByRole('button', { name: 'Read aloud' })).toHaveCount(0)
  await checkA11y(memberPage, 'quiz: extra time ×1.5 from an audience list')

  await memberPage.locator('.options .option').nth(1).click()
  await memberPage.getByRole('button', { name: 'Next' }).click()
  await memberPage.locator('.options .option').nth(1).click()
  await memberPage.getByRole('button', { name: 'Review & Submit' }).click()
  await memberPage.getByRole('region', { name: 'Review Summary' }).getByRole('button', { name: 'Submit Quiz' }).click()
  await expect(memberPage.getByTestId('result-score')).toHaveText('2 / 2')

  // The host's results say so.
  await page.goto(`/host/viewResult/${quiz.id}`)
  await expect(page.getByRole('row', { name: /Mia Member/ })).toContainText('Accommodations: Extra time ×1.5')

  // And so does the attempt's audit sheet (the host made an auditor for this).
  await grantAuditor(request, host, hostSession)
  await page.goto(`/audit/quizzes/${quiz.id}`)
  const entries = page.getByRole('list', { name: 'Timeline entries' }).getByTestId('audit-entry')
  await entries.filter({ hasText: 'Submitted by the player' }).getByRole('link', { name: /Open attempt sheet/ }).click()
  await expect(page.getByRole('heading', { name: 'Attempt sheet: Mia Member' })).toBeVisible()
  const fact = page.locator('.audit-facts div').filter({ has: page.getByText('Accommodations', { exact: true }) })
  await expect(fact.locator('dd')).toHaveText('Extra time ×1.5')
  await checkA11y(page, 'audit: attempt sheet with accommodations')
})
