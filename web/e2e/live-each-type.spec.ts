/**
 * A live game of one of each remaining question type (issue 29, docs/live-games.md "Questions of
 * other types"; the ordering, the poll, A–D and the number are live-question-types.spec.ts)
 * against the real server: a host makes a quiz of a slide (the intro), a true/false, a
 * multi-select (which are prime?), a typed answer (Paris), a slider (1969 ± 10 on 1950–2000), a
 * matching (two countries to their capitals, Berlin a distractor), a categorize question (odd or
 * even), a text with gaps (a dropdown and a typed word) and a word cloud (the API's definitions),
 * opens a live game and shows the presenter. Ben joins by PIN on a phone and answers everything
 * right: by touch (True, the primes' checkboxes), typing, the slider by its arrow keys, the
 * matching's and the categorizing's selects, the gap's dropdown and its field. Ann, a guest on a
 * desktop, answers each question only once Ben's answer is locked in (a question closes as soon
 * as everyone answered): wrong (False, Lyon, the slider's end), or partly right (only one prime,
 * Italy to Berlin, every number odd, the wrong colour), so the reveals show right, partly right
 * and wrong. The slide asks nothing (no answer controls on the phone): the host skips it with
 * the controls. For each question the presenter shows its type and what the phones answer, then
 * the reveal that fits the type: how the answers went, the answers per option (true/false,
 * multi-select), the answers given most (typed, slider), the slider's number line, the share right
 * per pair, item and gap; Ben's phone and Ann's screen show their verdicts and points. The word
 * cloud's words reach the room only once the host presses "Show answers to the room": not on the
 * presenter (nor the phones) before, on both after, and at the standings. The podium ends it.
 * axe checks the phone's matching and gaps views and the presenter's slider reveal.
 *
 * Bounded in time: every question but the slide closes as soon as both answered, the slide when
 * the host skips it, so only the 3 s get-ready of each question is waited for (never the 60 s
 * clock). Screenshots go to $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, test } from './support/fixtures'
import { hostQuizOf, openLobby, startWithBenAndAnn } from './support/live-game'
import { SCREENSHOT_DIR } from './support/paths'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

/** The shapes of crates/domain/src/question.rs (and tests/api); the explanations are shown at each reveal. */
const QUESTIONS = [
  { text: 'Welcome to the quiz of every type!', definition: { type: 'slide' }, explanation: '' },
  { text: 'The Earth goes round the Sun.', definition: { type: 'true_false', answer: true }, explanation: 'Once a year.' },
  {
    text: 'Which of these are prime?',
    definition: { type: 'multi_select', options: ['2', '3', '4', '9'], right: [0, 1] },
    explanation: '4 and 9 are squares.',
  },
  { text: 'What is the capital of France?', definition: { type: 'type_answer', accepted: ['Paris'] }, explanation: '' },
  {
    text: 'In what year did people first walk on the Moon?',
    definition: { type: 'slider', min: 1950, max: 2000, step: 1, target: 1969, margin: 10 },
    explanation: 'Apollo 11.',
  },
  {
    text: 'Match each country with its capital.',
    definition: {
      type: 'matching',
      pairs: [
        { left: 'France', right: 'Paris' },
        { left: 'Italy', right: 'Rome' },
      ],
      distractors: ['Berlin'],
    },
    explanation: '',
  },
  {
    text: 'Odd or even?',
    definition: {
      type: 'categorize',
      groups: ['odd', 'even'],
      items: [
        { text: '1', group: 0 },
        { text: '2', group: 1 },
        { text: '3', group: 0 },
      ],
    },
    explanation: '',
  },
  {
    text: 'Complete the rhyme.',
    definition: {
      type: 'gaps',
      text: 'Roses are {{1}}, the sky is {{2}}.',
      gaps: [
        { type: 'choice', options: ['red', 'green'], right: 0 },
        { type: 'typed', accepted: ['blue'] },
      ],
    },
    explanation: '',
  },
  { text: 'One word for today?', definition: { type: 'word_cloud' }, explanation: '' },
]

const SECONDS_PER_QUESTION = 60

async function expectQuestion(page: Page, number: number) {
  await expect(page.getByText(`Question ${number} of ${QUESTIONS.length}`)).toBeVisible()
  await expect(page.getByRole('heading', { name: QUESTIONS[number - 1].text })).toBeVisible()
}

const lockedIn = (page: Page) => expect(page.getByText('Answer locked in')).toBeVisible()

/** The "Submit answer" of a player's screen: there only while answers are taken. */
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit answer' })

/** Waits for the get-ready to end: the question's Submit shows once answers are taken. */
async function submitWhenOpen(page: Page) {
  await expect(submitButton(page)).toBeVisible({ timeout: 15_000 })
  return submitButton(page)
}

/** How the answers went (right, partly right, wrong), on the presenter and on the phones. */
const expectTally = (page: Page, right: number, partly: number, wrong: number) =>
  expect(page.getByRole('list', { name: 'How the answers went' }).getByRole('listitem')).toHaveText([
    `✓ ${right} right`,
    `◐ ${partly} partly right`,
    `✗ ${wrong} wrong`,
  ])

/** A player's verdict on the last question, and the points it brought. */
async function expectVerdict(page: Page, verdict: string, points: number) {
  await expect(page.getByRole('heading', { name: verdict })).toBeVisible()
  await expect(page.getByText(`+${points} ${points === 1 ? 'point' : 'points'}`, { exact: true })).toBeVisible()
}

/** The bars of a reveal's answers per option (true/false, multi-select). */
const chartRows = (page: Page) => page.getByRole('list', { name: 'Answers per option' }).getByRole('listitem')

/** The right answer in words when it is one line ("✓ Correct answer: Paris"). */
const rightAnswerLine = (page: Page) => page.getByText('✓ Correct answer:').locator('..')

/** The right answer in words when it is a list (the pairs, the groups). */
const rightAnswerList = (page: Page) => page.getByRole('list', { name: '✓ Correct answer:' }).getByRole('listitem')

/** The presenter's share right per part ("pair", "item", "gap"), each row's label and its share. */
async function expectParts(page: Page, part: string, rows: Array<[string, number]>) {
  const items = page.getByRole('list', { name: `Share right per ${part}` }).getByRole('listitem')
  await expect(items).toHaveCount(rows.length)
  for (const [i, [label, share]] of rows.entries()) {
    await expect(items.nth(i).locator('.live-chart-text')).toHaveText(label)
    await expect(items.nth(i).locator('.live-chart-count')).toHaveText(`${share}% right`)
  }
}

/** The items of one of the presenter's served lists, sorted (the game's secret order is not the point). */
async function sortedItems(page: Page, name: string): Promise<string[]> {
  return (await page.getByRole('list', { name }).getByRole('listitem').allTextContents()).sort()
}

test('a live game of one of each other type: a phone player answers each by touch and typing, the presenter reveals each', async ({
  page: host,
  request,
  newWatchedContext,
}) => {
  test.setTimeout(180_000)
  const account = await createVerifiedAccount(request, { firstName: 'Tess', lastName: 'Types', label: 'liveeachhost' })
  const title = `Every type ${Date.now().toString(36)}`
  const quizId = await hostQuizOf(request, account, title, QUESTIONS)
  // The host opens a game of the quiz: the presenter's lobby with its PIN.
  const pin = await openLobby(host, account, quizId, title, SECONDS_PER_QUESTION)

  // Ben on a phone and Ann on a desktop, both guests, join by the PIN typed; the host starts.
  const { ben, ann, controls } = await startWithBenAndAnn(host, pin, newWatchedContext)

  /** From a reveal to question `number`: the standings (on the phone too), then the next question. */
  async function nextQuestion(number: number) {
    await controls.getByRole('button', { name: 'Show standings' }).click()
    await expect(ben.getByRole('heading', { name: 'Standings' })).toBeVisible()
    await controls.getByRole('button', { name: 'Next question' }).click()
    await expectQuestion(host, number)
    await expectQuestion(ben, number)
    await expectQuestion(ann, number)
  }

  // Question 1, the slide: its text on the presenter and the phones, nothing to answer, so the
  // host moves on with the controls (Skip, as no answer will ever close it).
  await expectQuestion(host, 1)
  await expect(host.getByText('Slide', { exact: true })).toBeVisible()
  await expect(host.getByTestId('live-answered')).toHaveCount(0)
  await expectQuestion(ben, 1)
  const slide = ben.getByRole('region', { name: QUESTIONS[0].text })
  await expect(slide.getByText('Nothing to answer here: look at the screen.')).toBeVisible()
  await expect(slide.getByText('Get ready…')).toBeHidden({ timeout: 15_000 })
  await expect(slide.getByRole('button')).toHaveCount(0)
  await expect(slide.getByRole('textbox')).toHaveCount(0)
  await expect(slide.getByRole('group')).toHaveCount(0)
  await ben.screenshot({ path: shot('live-each-slide-390.png'), fullPage: true })
  await controls.getByRole('button', { name: 'Skip' }).click()
  // Its "reveal" is the slide again: no verdict, no tally, no right answer.
  await expect(controls.getByRole('button', { name: 'Show standings' })).toBeVisible()
  await expect(host.getByRole('heading', { name: QUESTIONS[0].text })).toBeVisible()
  await expect(host.getByRole('list', { name: 'How the answers went' })).toHaveCount(0)
  await expect(host.getByText('✓ Correct answer:')).toHaveCount(0)
  await expect(ben.getByRole('heading', { level: 1, name: QUESTIONS[0].text })).toBeVisible()
  await expect(ben.getByRole('heading', { name: /Correct|Wrong|Partly|No answer|counted/ })).toHaveCount(0)
  await expect(ben.getByTestId('live-my-score')).toContainText('0 points')

  // Question 2, true or false: sent on the tap. Ben taps True (right), Ann clicks False.
  await nextQuestion(2)
  await expect(host.getByText('True or false', { exact: true })).toBeVisible()
  await expect(host.getByRole('list', { name: 'Options' }).getByRole('listitem')).toHaveText(['True', 'False'])
  const benTrue = ben.getByRole('button', { name: 'True', exact: true })
  await expect(benTrue).toBeEnabled({ timeout: 15_000 })
  await expect(submitButton(ben)).toHaveCount(0)
  await benTrue.tap()
  await lockedIn(ben)
  await expect(benTrue).toHaveAttribute('aria-pressed', 'true')
  await expect(host.getByTestId('live-answered')).toHaveText('1 of 2 answered')
  const annFalse = ann.getByRole('button', { name: 'False', exact: true })
  await expect(annFalse).toBeEnabled({ timeout: 15_000 })
  await annFalse.click()

  await expectTally(host, 1, 0, 1)
  await expect(host.getByText('2 answers', { exact: true })).toBeVisible()
  await expect(chartRows(host)).toHaveCount(2)
  await expect(chartRows(host).nth(0)).toContainText('True ✓ Correct answer')
  await expect(chartRows(host).nth(0)).toContainText('1 answer')
  await expect(chartRows(host).nth(1)).toContainText('False')
  await expect(chartRows(host).nth(1)).not.toContainText('Correct answer')
  await expect(chartRows(host).nth(1)).toContainText('1 answer')
  await expect(host.getByText('Once a year.')).toBeVisible()
  await expectVerdict(ben, '✓ Correct', 10)
  await expect(ben.getByTestId('live-my-score')).toHaveText('You are 1st with 10 points')
  await expectVerdict(ann, '✗ Wrong', 0)

  // Question 3, multi-select: Ben taps the two primes and submits (right), Ann ticks only 2
  // (half the right ones, none wrong: partly right).
  await nextQuestion(3)
  await expect(host.getByText('Multiple select', { exact: true })).toBeVisible()
  await expect(host.getByText('Choose all that apply.')).toBeVisible()
  await expect(host.getByRole('list', { name: 'Options' }).getByRole('listitem')).toHaveCount(4)
  const benSubmit3 = await submitWhenOpen(ben)
  const primes = ben.getByRole('group', { name: 'Choose all that apply.' })
  await primes.getByRole('checkbox', { name: '2', exact: true }).tap()
  await primes.getByRole('checkbox', { name: '3', exact: true }).tap()
  await expect(primes.getByRole('checkbox', { name: '2', exact: true })).toBeChecked()
  await expect(primes.getByRole('checkbox', { name: '3', exact: true })).toBeChecked()
  await expect(primes.getByRole('checkbox', { name: '4', exact: true })).not.toBeChecked()
  await benSubmit3.tap()
  await lockedIn(ben)
  await expect(primes.getByRole('checkbox', { name: '2', exact: true })).toBeDisabled()
  await expect(host.getByTestId('live-answered')).toHaveText('1 of 2 answered')
  await submitWhenOpen(ann)
  await ann.getByRole('checkbox', { name: '2', exact: true }).check()
  await submitButton(ann).click()

  await expectTally(host, 1, 1, 0)
  await expect(chartRows(host)).toHaveCount(4)
  await expect(chartRows(host).nth(0)).toContainText('2 ✓ Correct answer')
  await expect(chartRows(host).nth(0)).toContainText('2 answers')
  await expect(chartRows(host).nth(1)).toContainText('3 ✓ Correct answer')
  await expect(chartRows(host).nth(1)).toContainText('1 answer')
  await expect(chartRows(host).nth(2)).not.toContainText('Correct answer')
  await expect(chartRows(host).nth(2)).toContainText('0 answers')
  await expect(chartRows(host).nth(3)).toContainText('0 answers')
  await expect(host.getByText('4 and 9 are squares.')).toBeVisible()
  await expectVerdict(ben, '✓ Correct', 10)
  await expect(ben.getByTestId('live-my-score')).toContainText('You are 1st with 20 points')
  await expectVerdict(ann, '◐ Partly right: 50%', 5)
  await expect(ann.getByTestId('live-my-score')).toHaveText('You are 2nd with 5 points')

  // Question 4, a typed answer: Ben types Paris and taps Submit, Ann types Lyon and presses Enter.
  await nextQuestion(4)
  await expect(host.getByText('Type the answer', { exact: true })).toBeVisible()
  await expect(host.getByText('Type the answer.', { exact: true })).toBeVisible()
  const benSubmit4 = await submitWhenOpen(ben)
  await expect(benSubmit4).toBeDisabled()
  await ben.getByLabel('Your answer', { exact: true }).fill('Paris')
  await benSubmit4.tap()
  await lockedIn(ben)
  await expect(ben.getByLabel('Your answer', { exact: true })).toHaveValue('Paris')
  await expect(ben.getByLabel('Your answer', { exact: true })).toBeDisabled()
  await submitWhenOpen(ann)
  await ann.getByLabel('Your answer', { exact: true }).fill('Lyon')
  await ann.getByLabel('Your answer', { exact: true }).press('Enter')

  await expectTally(host, 1, 0, 1)
  await expect(rightAnswerLine(host)).toHaveText('✓ Correct answer: Paris')
  await expect(host.getByRole('list', { name: 'Answers given most' }).getByRole('listitem')).toHaveText(['Lyon1 answer', 'Paris1 answer'])
  await expectVerdict(ben, '✓ Correct', 10)
  await expect(rightAnswerLine(ben)).toHaveText('✓ Correct answer: Paris')
  await expectVerdict(ann, '✗ Wrong', 0)

  // Question 5, a slider: it starts in the middle (1975) as no answer; Ben brings it to 1969 by
  // its arrow keys (right), Ann sends its far end, 2000 (beyond the margin: wrong).
  await nextQuestion(5)
  await expect(host.getByText('Slider', { exact: true })).toBeVisible()
  await expect(host.getByText('Choose a value from 1950 to 2000.')).toBeVisible()
  const benSubmit5 = await submitWhenOpen(ben)
  const benSlider = ben.getByRole('slider', { name: 'Your answer' })
  await expect(benSlider).toHaveValue('1975')
  await expect(ben.getByText('Not answered yet (the slider is at 1975)')).toBeVisible()
  await benSlider.focus()
  for (let step = 0; step < 6; step += 1) await ben.keyboard.press('ArrowLeft')
  await expect(benSlider).toHaveValue('1969')
  await expect(ben.getByText('Chosen: 1969')).toBeVisible()
  await ben.screenshot({ path: shot('live-each-slider-390.png'), fullPage: true })
  await benSubmit5.tap()
  await lockedIn(ben)
  await expect(benSlider).toBeDisabled()
  await submitWhenOpen(ann)
  await ann.getByRole('slider', { name: 'Your answer' }).focus()
  await ann.keyboard.press('End')
  await expect(ann.getByText('Chosen: 2000')).toBeVisible()
  await submitButton(ann).click()

  // The reveal: the numbers given on the slider's line, the right band and the target, in words too.
  await expectTally(host, 1, 0, 1)
  const numberLine = host.getByRole('figure', { name: 'The answer is 1969, right from 1959 to 1979.' })
  await expect(numberLine).toBeVisible()
  await expect(numberLine.getByTestId('number-line')).toBeVisible()
  await expect(numberLine.getByRole('list', { name: 'Numbers given' }).getByRole('listitem')).toHaveText(['1 gave 1969 (right)', '1 gave 2000'])
  await expect(rightAnswerLine(host)).toHaveText('✓ Correct answer: 1969 (± 10)')
  await expect(host.getByRole('list', { name: 'Answers given most' }).getByRole('listitem')).toHaveText(['19691 answer', '20001 answer'])
  await expect(host.getByText('Apollo 11.')).toBeVisible()
  await host.screenshot({ path: shot('live-each-presenter-slider-reveal-desktop.png') })
  await checkA11y(host, 'live: presenter, slider reveal')
  await expectVerdict(ben, '✓ Correct', 10)
  await expect(ben.getByRole('figure')).toHaveCount(0)
  await expectVerdict(ann, '✗ Wrong', 0)

  // Question 6, a matching: one select per country, the capitals in the game's order with
  // Berlin among them. Ben matches both (right), Ann sends Italy to Berlin (half right).
  await nextQuestion(6)
  await expect(host.getByText('Matching', { exact: true })).toBeVisible()
  await expect(host.getByRole('list', { name: 'Match these' }).getByRole('listitem')).toHaveText(['France', 'Italy'])
  expect(await sortedItems(host, 'with these')).toEqual(['Berlin', 'Paris', 'Rome'])
  const benSubmit6 = await submitWhenOpen(ben)
  const benFrance = ben.getByRole('combobox', { name: 'France' })
  await expect(benFrance.getByRole('option')).toHaveCount(4)
  await benFrance.selectOption({ label: 'Paris' })
  await ben.getByRole('combobox', { name: 'Italy' }).selectOption({ label: 'Rome' })
  await ben.screenshot({ path: shot('live-each-matching-390.png'), fullPage: true })
  await checkA11y(ben, 'live: phone, matching question')
  await benSubmit6.tap()
  await lockedIn(ben)
  await expect(benFrance).toBeDisabled()
  await expect(benFrance.locator('option:checked')).toHaveText('Paris')
  await submitWhenOpen(ann)
  await ann.getByRole('combobox', { name: 'France' }).selectOption({ label: 'Paris' })
  await ann.getByRole('combobox', { name: 'Italy' }).selectOption({ label: 'Berlin' })
  await submitButton(ann).click()

  await expectTally(host, 1, 1, 0)
  await expect(rightAnswerList(host)).toHaveText(['France → Paris', 'Italy → Rome'])
  await expectParts(host, 'pair', [
    ['France', 100],
    ['Italy', 50],
  ])
  await expectVerdict(ben, '✓ Correct', 10)
  await expect(ben.getByText(/^Share right per/)).toHaveCount(0)
  await expectVerdict(ann, '◐ Partly right: 50%', 5)

  // Question 7, categorize: one select of the groups per number. Ben puts each right, Ann calls
  // every number odd (two of three right).
  await nextQuestion(7)
  await expect(host.getByText('Categorize', { exact: true })).toBeVisible()
  await expect(host.getByRole('list', { name: 'Groups' }).getByRole('listitem')).toHaveText(['odd', 'even'])
  expect(await sortedItems(host, 'Items to sort')).toEqual(['1', '2', '3'])
  const benSubmit7 = await submitWhenOpen(ben)
  const sortInto = ben.getByRole('group', { name: 'Put each item in a group.' })
  for (const [item, group] of [
    ['1', 'odd'],
    ['2', 'even'],
    ['3', 'odd'],
  ]) {
    await sortInto.getByRole('combobox', { name: item, exact: true }).selectOption({ label: group })
  }
  await benSubmit7.tap()
  await lockedIn(ben)
  await submitWhenOpen(ann)
  for (const item of ['1', '2', '3']) await ann.getByRole('combobox', { name: item, exact: true }).selectOption({ label: 'odd' })
  await submitButton(ann).click()

  await expectTally(host, 1, 1, 0)
  await expect(rightAnswerList(host)).toHaveText(['1 → odd', '2 → even', '3 → odd'])
  await expectParts(host, 'item', [
    ['1', 100],
    ['2', 50],
    ['3', 100],
  ])
  await expectVerdict(ben, '✓ Correct', 10)
  await expectVerdict(ann, '◐ Partly right: 67%', 7)

  // Question 8, a text with gaps: a dropdown (gap 1) and a field to type in (gap 2). Ben picks
  // red and types blue (right), Ann picks green (half right).
  await nextQuestion(8)
  await expect(host.getByText('Fill in the gaps', { exact: true })).toBeVisible()
  await expect(host.getByText('Roses are [red / green], the sky is […].')).toBeVisible()
  const benSubmit8 = await submitWhenOpen(ben)
  await ben.getByRole('combobox', { name: 'Gap 1' }).selectOption({ label: 'red' })
  await ben.getByRole('textbox', { name: 'Gap 2' }).fill('blue')
  await ben.screenshot({ path: shot('live-each-gaps-390.png'), fullPage: true })
  await checkA11y(ben, 'live: phone, gaps question')
  await benSubmit8.tap()
  await lockedIn(ben)
  await expect(ben.getByRole('textbox', { name: 'Gap 2' })).toHaveValue('blue')
  await submitWhenOpen(ann)
  await ann.getByRole('combobox', { name: 'Gap 1' }).selectOption({ label: 'green' })
  await ann.getByRole('textbox', { name: 'Gap 2' }).fill('blue')
  await submitButton(ann).click()

  await expectTally(host, 1, 1, 0)
  await expect(rightAnswerLine(host)).toHaveText('✓ Correct answer: Roses are [red], the sky is [blue].')
  await expectParts(host, 'gap', [
    ['red', 50],
    ['blue', 100],
  ])
  await expectVerdict(ben, '✓ Correct', 10)
  await expect(ben.getByTestId('live-my-score')).toContainText('You are 1st with 70 points')
  await expectVerdict(ann, '◐ Partly right: 50%', 5)
  await expect(ann.getByTestId('live-my-score')).toHaveText('You are 2nd with 22 points')

  // Question 9, the word cloud: a word each, not scored.
  await nextQuestion(9)
  await expect(host.getByText('Word cloud', { exact: true })).toBeVisible()
  await expect(host.getByText('Type a word or a short phrase.')).toBeVisible()
  await submitWhenOpen(ben)
  await ben.getByLabel('Your word or short phrase (not scored)').fill('Sunny')
  await submitButton(ben).tap()
  await lockedIn(ben)
  await submitWhenOpen(ann)
  await ann.getByLabel('Your word or short phrase (not scored)').fill('Rainy')
  await submitButton(ann).click()

  // Closed, its words wait for the host: the presenter (the room's screen) says how many wait,
  // folded away, and neither the presenter nor the phones show them.
  const waiting = host.getByRole('region', { name: '2 answers are waiting for you to check them' })
  await expect(waiting).toBeVisible()
  await expect(host.getByText('2 answers', { exact: true })).toBeVisible()
  await expect(host.getByRole('list', { name: 'How the answers went' })).toHaveCount(0)
  await expect(host.getByRole('list', { name: 'Word cloud' })).toHaveCount(0)
  await expect(host.getByText('Sunny')).toBeHidden()
  await expect(host.getByText('Rainy')).toBeHidden()
  await expect(controls.getByRole('button', { name: 'Show answers to the room' })).toHaveCount(0)
  await expect(ben.getByRole('heading', { name: '✓ Answer counted' })).toBeVisible()
  await expect(ben.getByText('Not scored: thanks for taking part.')).toBeVisible()
  await expect(ben.getByRole('list', { name: 'Word cloud' })).toHaveCount(0)
  await expect(ben.getByText('Rainy')).toHaveCount(0)
  await host.screenshot({ path: shot('live-each-presenter-words-waiting-desktop.png') })

  // The host shows them to the room: the cloud on the presenter and on the phones.
  await waiting.getByRole('button', { name: 'Show answers to the room' }).click()
  const cloud = host.getByRole('list', { name: 'Word cloud' }).getByRole('listitem')
  await expect(cloud).toHaveText(['Rainy (1 answer)', 'Sunny (1 answer)'])
  await expect(host.getByText(/waiting for you to check/)).toHaveCount(0)
  await expect(ben.getByRole('list', { name: 'Word cloud' }).getByRole('listitem')).toHaveText(['Rainy (1 answer)', 'Sunny (1 answer)'])
  await expect(ben.getByTestId('live-my-score')).toContainText('You are 1st with 70 points')
  await host.screenshot({ path: shot('live-each-presenter-word-cloud-desktop.png') })

  // The standings keep the cloud on the projector; then the podium, on the projector and the phones.
  await controls.getByRole('button', { name: 'Show standings' }).click()
  await expect(host.getByRole('list', { name: 'Top 5' }).getByRole('listitem')).toHaveCount(2)
  await expect(cloud).toHaveCount(2)
  await controls.getByRole('button', { name: 'Show podium' }).click()
  await expect(host.getByRole('list', { name: 'Podium' }).locator('.live-podium-1')).toContainText('Ben')
  await expect(host.getByRole('list', { name: 'Podium' }).locator('.live-podium-2')).toContainText('Ann')
  await expect(ben.getByTestId('live-final-rank')).toHaveText('You finished 1st with 70 points')
  await expect(ann.getByTestId('live-final-rank')).toHaveText('You finished 2nd with 22 points')
})
