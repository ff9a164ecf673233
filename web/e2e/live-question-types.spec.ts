/**
 * A live game of other question types (issue 29, docs/live-games.md "Questions of other types")
 * against the real server: a host makes a quiz of an ordering (items 1–4), a poll (tea or
 * coffee), a four-option A–D question and a number (100 °C ± 2; the API's definitions), opens a
 * live game and shows the presenter. Ben joins by PIN on a phone and plays: he puts the ordering
 * right by keyboard alone (Tab to "Move up <item>", Enter) and presses "Submit answer", taps the
 * poll, taps B, types 100. Ann, a guest on a desktop, answers each question only once Ben's
 * answer is locked in (a question closes as soon as everyone answered, so with Ben alone "Answer
 * locked in" would show for a moment only): she sends the ordering as served (never the right
 * order, so wrong), coffee, C and 90. The presenter's reveals show the ordering's right order,
 * how the answers went and the share right per place (Ben has every place, Ann those where the
 * served order happens to be right), the poll's answers so far while it runs and its counts per
 * option (no right one), A–D's chart as before, and the number's line (its caption and the
 * numbers given, in words); Ben's phone shows his verdicts. axe checks the phone's ordering view
 * and the presenter's ordering and number reveals.
 *
 * Bounded in time: every question closes as soon as both answered, so only the 3 s get-ready of
 * each question is waited for. Screenshots go to $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, test } from './support/fixtures'
import { tabTo } from './support/keyboard'
import { hostQuizOf, openLobby, startWithBenAndAnn } from './support/live-game'
import { SCREENSHOT_DIR } from './support/paths'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

const ITEMS = ['1', '2', '3', '4']

/** The shapes of tests/api/live/types.rs; the explanations are shown at each reveal. */
const QUESTIONS = [
  { text: 'Smallest first.', definition: { type: 'ordering', items: ITEMS }, explanation: 'Counting up from one.' },
  { text: 'Tea or coffee?', definition: { type: 'poll', options: ['tea', 'coffee'] }, explanation: '' },
  { text: 'What is 2 + 2?', optionA: '3', optionB: '4', optionC: '5', optionD: '6', answer: 'B', explanation: 'Two plus two is four.' },
  {
    text: 'At how many degrees does water boil at sea level?',
    definition: { type: 'numeric', answer: 100, tolerance: { kind: 'absolute', value: 2 }, unit: '°C' },
    explanation: '',
  },
]

const SECONDS_PER_QUESTION = 60

/** A four-option or poll button on a player's screen (its name is "B. 4", "A. tea"). */
const answerButton = (page: Page, letter: string) => page.getByRole('button', { name: new RegExp(`^${letter}\\. `) })

/** The items of the ordering on a player's screen, top first. */
const shownOrder = (page: Page) => page.locator('.ordering-text')

/** The ordering's own polite status ("Moved ‘2’ to position 1 of 4"). */
const movedStatus = (page: Page) => page.getByRole('group', { name: 'Put the items in order, first at the top.' }).getByRole('status')

/** The bars of a reveal chart (the options A–D, or a poll's options). */
const chartRows = (page: Page) => page.getByRole('list', { name: 'Answers per option' }).getByRole('listitem')

async function expectQuestion(page: Page, number: number) {
  await expect(page.getByText(`Question ${number} of ${QUESTIONS.length}`)).toBeVisible()
  await expect(page.getByRole('heading', { name: QUESTIONS[number - 1].text })).toBeVisible()
}

const lockedIn = (page: Page) => expect(page.getByText('Answer locked in')).toBeVisible()

/** The presenter's share right per place of the ordering, one row per place. */
const placeRows = (page: Page) => page.getByRole('list', { name: 'Share right per place' }).getByRole('listitem')

test('a live game of an ordering, a poll, A–D and a number: a phone player orders by keyboard, the presenter reveals each', async ({
  page: host,
  request,
  newWatchedContext,
}) => {
  test.setTimeout(120_000)
  const account = await createVerifiedAccount(request, { firstName: 'Tara', lastName: 'Typed', label: 'livetypeshost' })
  const title = `Live types ${Date.now().toString(36)}`
  const quizId = await hostQuizOf(request, account, title, QUESTIONS)
  // The host opens a game of the quiz: the presenter's lobby with its PIN.
  const pin = await openLobby(host, account, quizId, title, SECONDS_PER_QUESTION)

  // Ben on a phone and Ann on a desktop, both guests, join by the PIN typed; the host starts.
  const { ben, ann, controls } = await startWithBenAndAnn(host, pin, newWatchedContext)

  // Question 1, the ordering: the presenter shows the items as served, in the game's one order
  // (the same on every phone), never the right one.
  await expectQuestion(host, 1)
  await expect(host.getByText('Ordering', { exact: true })).toBeVisible()
  await expect(host.getByText('Put these in order:')).toBeVisible()
  await expect(host.getByTestId('live-answered')).toHaveText('0 of 2 answered')
  await expectQuestion(ben, 1)
  const submit = ben.getByRole('button', { name: 'Submit answer' })
  await expect(submit).toBeVisible({ timeout: 15_000 })
  const served = await shownOrder(ben).allTextContents()
  expect([...served].sort()).toEqual(ITEMS)
  expect(served).not.toEqual(ITEMS)
  await expect(host.getByRole('list', { name: 'Items to put in order' }).getByRole('listitem')).toHaveText(served)

  // Ben brings each item up to its place by keyboard alone: Tab to its Move up, Enter per step.
  for (const [place, item] of ITEMS.entries()) {
    const from = (await shownOrder(ben).allTextContents()).indexOf(item)
    if (from === place) continue
    await tabTo(ben, `Move up ${item}`, { max: 80 })
    for (let at = from; at > place; at -= 1) await ben.keyboard.press('Enter')
    await expect(movedStatus(ben)).toHaveText(`Moved ‘${item}’ to position ${place + 1} of ${ITEMS.length}`)
  }
  await expect(shownOrder(ben)).toHaveText(ITEMS)
  await ben.screenshot({ path: shot('live-types-ordering-390.png'), fullPage: true })
  await checkA11y(ben, 'live: phone, ordering question')
  await tabTo(ben, 'Submit answer', { max: 80 })
  await ben.keyboard.press('Enter')

  // Locked in: the order stays as sent, no longer movable; Ann has not answered yet.
  await lockedIn(ben)
  await expect(submit).toHaveCount(0)
  await expect(shownOrder(ben)).toHaveText(ITEMS)
  await expect(ben.getByRole('button', { name: 'Move down 1' })).toBeDisabled()
  await expect(host.getByTestId('live-answered')).toHaveText('1 of 2 answered')

  // Ann sends the ordering as served: an ordering counts as it stands.
  await expectQuestion(ann, 1)
  await ann.getByRole('button', { name: 'Submit answer' }).click()

  // The reveal: how the answers went, the right order, the explanation.
  await expect(host.getByRole('list', { name: 'How the answers went' }).getByRole('listitem')).toHaveText([
    '✓ 1 right',
    '◐ 0 partly right',
    '✗ 1 wrong',
  ])
  await expect(host.getByText('2 answers', { exact: true })).toBeVisible()
  await expect(host.getByRole('list', { name: '✓ Correct answer:' }).getByRole('listitem')).toHaveText(ITEMS)
  await expect(host.getByText('Counting up from one.')).toBeVisible()
  // The share right per place: Ben has every place right, Ann those the served order has right.
  await expect(placeRows(host)).toHaveCount(ITEMS.length)
  for (const [place, item] of ITEMS.entries()) {
    await expect(placeRows(host).nth(place).locator('.live-chart-text')).toHaveText(item)
    await expect(placeRows(host).nth(place).locator('.live-chart-count')).toHaveText(`${served[place] === item ? 100 : 50}% right`)
  }
  await host.screenshot({ path: shot('live-types-presenter-ordering-reveal-desktop.png') })
  await checkA11y(host, 'live: presenter, ordering reveal')
  await expect(ben.getByRole('heading', { name: '✓ Correct' })).toBeVisible()
  await expect(ben.getByText('+10 points')).toBeVisible()
  await expect(ben.getByTestId('live-my-score')).toHaveText('You are 1st with 10 points')
  await expect(ben.getByRole('list', { name: '✓ Correct answer:' }).getByRole('listitem')).toHaveText(ITEMS)
  await expect(ann.getByRole('heading', { name: '✗ Wrong' })).toBeVisible()

  // Question 2, the poll: sent on a tap, counted per option, scored for nobody.
  await controls.getByRole('button', { name: 'Show standings' }).click()
  await expect(ben.getByRole('heading', { name: 'Standings' })).toBeVisible()
  await controls.getByRole('button', { name: 'Next question' }).click()
  await expectQuestion(host, 2)
  await expect(host.getByText('Poll', { exact: true })).toBeVisible()
  await expectQuestion(ben, 2)
  await expect(answerButton(ben, 'A')).toBeEnabled({ timeout: 15_000 })
  await answerButton(ben, 'A').tap()
  await lockedIn(ben)
  await expect(answerButton(ben, 'A')).toHaveAttribute('aria-pressed', 'true')
  await expect(host.getByTestId('live-answered')).toHaveText('1 of 2 answered')
  // While the poll runs the presenter shows its answers so far in place of its options (a phone never does).
  await expect(host.getByRole('list', { name: 'Answers so far per option' }).getByRole('listitem')).toHaveCount(2)
  await expect(ben.getByRole('list', { name: 'Answers so far per option' })).toHaveCount(0)
  await expect(answerButton(ann, 'B')).toBeEnabled({ timeout: 15_000 })
  await answerButton(ann, 'B').click()

  await expect(chartRows(host)).toHaveCount(2)
  await expect(chartRows(host).nth(0)).toContainText('tea')
  await expect(chartRows(host).nth(0)).toContainText('1 answer')
  await expect(chartRows(host).nth(1)).toContainText('coffee')
  await expect(chartRows(host).nth(1)).toContainText('1 answer')
  await expect(host.getByText('Correct answer')).toHaveCount(0)
  await expect(host.getByText('2 answers', { exact: true })).toBeVisible()
  await expect(host.getByRole('list', { name: 'How the answers went' })).toHaveCount(0)
  await expect(ben.getByRole('heading', { name: '✓ Answer counted' })).toBeVisible()
  await expect(ben.getByText('Not scored: thanks for taking part.')).toBeVisible()
  await expect(ben.getByTestId('live-my-score')).toHaveText('You are 1st with 10 points')

  // Question 3, four options A–D, as before: Ben taps B (right), Ann presses C.
  await controls.getByRole('button', { name: 'Show standings' }).click()
  await controls.getByRole('button', { name: 'Next question' }).click()
  await expectQuestion(host, 3)
  await expect(host.getByRole('list', { name: 'Options' }).getByRole('listitem')).toHaveCount(4)
  await expect(host.getByRole('list', { name: 'Options' }).getByRole('listitem').nth(1)).toContainText('B. 4')
  await expectQuestion(ben, 3)
  await expect(answerButton(ben, 'A')).toBeEnabled({ timeout: 15_000 })
  await expect(ben.getByRole('button', { name: 'Submit answer' })).toHaveCount(0)
  await answerButton(ben, 'B').tap()
  await lockedIn(ben)
  await expect(answerButton(ben, 'B')).toHaveAttribute('aria-pressed', 'true')
  await expect(answerButton(ben, 'B')).toContainText('Your answer')
  await expect(host.getByTestId('live-answered')).toHaveText('1 of 2 answered')
  await expect(answerButton(ann, 'A')).toBeEnabled({ timeout: 15_000 })
  await ann.keyboard.press('c')

  await expect(chartRows(host).nth(1)).toContainText('✓ Correct answer')
  await expect(chartRows(host).nth(1)).toContainText('1 answer')
  await expect(chartRows(host).nth(2)).toContainText('1 answer')
  await expect(chartRows(host).nth(0)).toContainText('0 answers')
  await expect(host.getByText('Two plus two is four.')).toBeVisible()
  await expect(ben.getByRole('heading', { name: '✓ Correct' })).toBeVisible()
  await expect(ben.getByTestId('live-my-score')).toContainText('You are 1st with 20 points')
  await expect(ann.getByRole('heading', { name: '✗ Wrong' })).toBeVisible()
  await expect(ann.getByTestId('live-my-score')).toHaveText('You are 2nd with 0 points')

  // Question 4, a number: Ben types 100 (right), Ann 90 (wrong).
  await controls.getByRole('button', { name: 'Show standings' }).click()
  await controls.getByRole('button', { name: 'Next question' }).click()
  await expectQuestion(host, 4)
  await expectQuestion(ben, 4)
  await expect(ben.getByRole('button', { name: 'Submit answer' })).toBeVisible({ timeout: 15_000 })
  await ben.getByLabel('Your answer (in °C)').fill('100')
  await ben.getByRole('button', { name: 'Submit answer' }).tap()
  await lockedIn(ben)
  await expect(host.getByTestId('live-answered')).toHaveText('1 of 2 answered')
  await expect(ann.getByRole('button', { name: 'Submit answer' })).toBeVisible({ timeout: 15_000 })
  await ann.getByLabel('Your answer (in °C)').fill('90')
  await ann.getByRole('button', { name: 'Submit answer' }).click()

  // The reveal: the numbers given on a line, the right band and the answer, said in words too.
  const numberLine = host.getByRole('figure', { name: /The answer is 100 °C, right from 98 to 102 °C\./ })
  await expect(numberLine).toBeVisible()
  await expect(numberLine.getByTestId('number-line')).toBeVisible()
  await expect(numberLine.getByRole('list', { name: 'Numbers given' }).getByRole('listitem')).toHaveText(['1 gave 90 °C', '1 gave 100 °C (right)'])
  await host.screenshot({ path: shot('live-types-presenter-numeric-reveal-desktop.png') })
  await checkA11y(host, 'live: presenter, number reveal')
  await expect(ben.getByRole('heading', { name: '✓ Correct' })).toBeVisible()
  await expect(ben.getByRole('figure')).toHaveCount(0)
  await expect(ann.getByRole('heading', { name: '✗ Wrong' })).toBeVisible()

  // The end: the podium on the projector and on the phone.
  await controls.getByRole('button', { name: 'Show standings' }).click()
  await controls.getByRole('button', { name: 'Show podium' }).click()
  await expect(host.getByRole('list', { name: 'Podium' }).locator('.live-podium-1')).toContainText('Ben')
  await expect(ben.getByTestId('live-final-rank')).toHaveText('You finished 1st with 30 points')
})
