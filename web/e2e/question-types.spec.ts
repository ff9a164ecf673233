/**
 * Self-paced play of every question type (issue 29) against the real server: a host makes a quiz
 * with one question of each type (a CSV upload, then the editor's definitions), a player joins it
 * by its code and plays it by keyboard alone — checking each question view with axe — submits,
 * and reads the result; a second player does the same by tapping on a phone-sized screen. Items
 * served shuffled (an ordering, a matching's choices, a categorizing's items) are read from the
 * page before they are answered.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { tabTo } from './support/keyboard'
import { SCREENSHOT_DIR } from './support/paths'
import { hostQuizApi, signInApi, type HostedQuiz } from './support/quiz-api'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

const PLANETS = ['Mercury', 'Venus', 'Earth', 'Mars']

/** One question of each type; a single choice of five options (four with one right would be A–D). */
const QUESTIONS = [
  { text: 'Which gas do plants take in?', optionA: 'Oxygen', optionB: 'Carbon dioxide', optionC: 'Helium', optionD: 'Neon', answer: 'B', explanation: '' },
  { text: 'Which of these is a prime?', definition: { type: 'single_choice', options: ['4', '6', '7', '9', '10'], right: [2] }, explanation: '' },
  { text: 'Water boils at 100 °C at sea level.', definition: { type: 'true_false', answer: true }, explanation: '' },
  { text: 'Which are planets?', definition: { type: 'multi_select', options: ['Mars', 'Moon', 'Venus', 'Sun'], right: [0, 2] }, explanation: '' },
  { text: 'What is the capital of France?', definition: { type: 'type_answer', accepted: ['Paris'] }, explanation: '' },
  {
    text: 'How fast does a dropped stone speed up?',
    definition: { type: 'numeric', answer: 9.81, tolerance: { kind: 'absolute', value: 0.05 }, unit: 'm/s²' },
    explanation: 'Near the surface of the Earth.',
  },
  { text: 'How many degrees are in a right angle?', definition: { type: 'slider', min: 0, max: 180, step: 5, target: 90, margin: 10 }, explanation: '' },
  { text: 'Put the planets in order, nearest the Sun first.', definition: { type: 'ordering', items: PLANETS }, explanation: '' },
  {
    text: 'Match each country with its capital.',
    definition: { type: 'matching', pairs: [{ left: 'France', right: 'Paris' }, { left: 'Italy', right: 'Rome' }], distractors: ['Madrid'] },
    explanation: '',
  },
  {
    text: 'Sort the food.',
    definition: { type: 'categorize', groups: ['Fruit', 'Vegetable'], items: [{ text: 'Apple', group: 0 }, { text: 'Leek', group: 1 }, { text: 'Pear', group: 0 }] },
    explanation: '',
  },
  {
    text: 'Complete the sentence.',
    definition: {
      type: 'gaps',
      text: 'The sky is {{1}} and grass is {{2}}.',
      gaps: [{ type: 'choice', options: ['red', 'blue'], right: 1 }, { type: 'typed', accepted: ['green'] }],
    },
    explanation: '',
  },
  { text: 'Tea or coffee?', definition: { type: 'poll', options: ['Tea', 'Coffee'] }, explanation: '' },
  { text: 'One word for today', definition: { type: 'word_cloud' }, explanation: '' },
  { text: 'That was the last question.', definition: { type: 'slide' }, explanation: '' },
]

/** Questions scored: all but the poll, the word cloud and the slide. */
const SCORED = QUESTIONS.length - 3

const CATEGORY_OF: Record<string, string> = { Apple: 'Fruit', Leek: 'Vegetable', Pear: 'Fruit' }

/** A host's quiz of every type: a CSV of one question, then the editor's definitions. */
async function hostEveryType(request: APIRequestContext, title: string): Promise<HostedQuiz> {
  const account = await createVerifiedAccount(request, { firstName: 'Tess', lastName: 'Types', label: 'typehost' })
  const host = await signInApi(request, account)
  const quiz = await hostQuizApi(request, host, title, [['Placeholder?', 'a', 'b', 'c', 'd', 'A', '']])
  const updated = await request.post('/api/question/update-category-questions', {
    headers: { Authorization: `Bearer ${host.token}` },
    data: { categoryId: quiz.id, questions: QUESTIONS },
  })
  expect(updated.ok(), await updated.text()).toBeTruthy()
  return quiz
}

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

/** The question on screen, once its view (loaded lazily) is there. */
async function onQuestion(page: Page, number: number) {
  await expect(page.getByText(`Question ${number} of ${QUESTIONS.length}`)).toBeVisible()
  await expect(page.getByRole('heading', { name: QUESTIONS[number - 1].text })).toBeVisible()
  await expect(page.getByText('Loading question...')).toHaveCount(0)
}

async function press(page: Page, target: string | RegExp, key = 'Enter') {
  await tabTo(page, target, { max: 80 })
  await page.keyboard.press(key)
}

/** Tabs to a select and picks an option by typing its first letters, as a keyboard user does. */
async function choose(page: Page, label: string, option: string) {
  await tabTo(page, label, { max: 80 })
  await page.keyboard.type(option)
  await expect(page.getByLabel(label, { exact: true }).locator('option:checked')).toHaveText(option)
}

/** The served order of the ordering's items. */
const servedOrder = (page: Page) => page.locator('.ordering-text').allTextContents()

async function expectResults(page: Page) {
  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(page.getByTestId('result-score')).toHaveText(`${SCORED} / ${SCORED}`)
  await expect(page.getByTestId('result-points')).toHaveText(String(SCORED * 10))
  const feedback = page.getByRole('region', { name: 'Feedback' })
  await expect(feedback.locator('.feedback-item')).toHaveCount(QUESTIONS.length)
  await expect(feedback).toContainText('Your answer: 9.81 m/s²')
  await expect(feedback).toContainText('Right answer: 9.81 m/s² (± 0.05)')
  await expect(feedback).toContainText('Right answer: The sky is [blue] and grass is [green].')
  await expect(feedback.locator('.status-pill', { hasText: 'Not scored' })).toHaveCount(3)
}

test('a player joins by code and plays every question type by keyboard alone', async ({ page, request }) => {
  const quiz = await hostEveryType(request, 'Every Type (keys)')
  const player = await createVerifiedAccount(request, { firstName: 'Kim', lastName: 'Keys', label: 'typekeys' })
  await signIn(page, player)
  await page.goto('/host/attemptQuiz')
  await tabTo(page, 'Quiz Code', { max: 80 })
  await page.keyboard.type(quiz.code)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/play\/quiz$/)

  await onQuestion(page, 1)
  await page.keyboard.press('b')
  await expect(page.locator('.options .option').nth(1)).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('ArrowRight')

  await onQuestion(page, 2)
  // Keys A–D answer questions A–D only.
  await page.keyboard.press('c')
  await expect(page.getByRole('button', { name: /7$/ })).toHaveAttribute('aria-pressed', 'false')
  await press(page, 'C. 7')
  await expect(page.getByRole('button', { name: /7$/ })).toHaveAttribute('aria-pressed', 'true')
  await checkA11y(page, 'single choice')
  await page.keyboard.press('ArrowRight')

  await onQuestion(page, 3)
  await press(page, 'True')
  await checkA11y(page, 'true/false')
  await page.keyboard.press('ArrowRight')

  await onQuestion(page, 4)
  await press(page, 'Mars', ' ')
  await press(page, 'Venus', ' ')
  await expect(page.getByRole('checkbox', { name: 'Venus' })).toBeChecked()
  await checkA11y(page, 'multi-select')
  await page.keyboard.press('ArrowRight')

  await onQuestion(page, 5)
  await tabTo(page, 'Your answer', { max: 80 })
  await page.keyboard.type('Paris')
  // ← and → stay in the field.
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText('Question 5 of')).toBeVisible()
  await checkA11y(page, 'typed answer')
  await press(page, 'Next')

  await onQuestion(page, 6)
  await tabTo(page, 'Your answer (in m/s²)', { max: 80 })
  await page.keyboard.type('9,81')
  await checkA11y(page, 'numeric')
  await press(page, 'Next')

  await onQuestion(page, 7)
  await tabTo(page, 'Your answer', { max: 80 })
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowLeft')
  await expect(page.locator('output')).toHaveText('Chosen: 90')
  await checkA11y(page, 'slider')
  await press(page, 'Next')

  await onQuestion(page, 8)
  // Bring each planet up to its place with its Move up button.
  for (const [place, planet] of PLANETS.entries()) {
    const from = (await servedOrder(page)).indexOf(planet)
    if (from === place) continue
    await tabTo(page, `Move up ${planet}`, { max: 80 })
    for (let i = from; i > place; i -= 1) await page.keyboard.press('Enter')
    await expect(page.getByRole('group', { name: 'Put the items in order, first at the top.' }).getByRole('status')).toHaveText(`Moved ‘${planet}’ to position ${place + 1} of ${PLANETS.length}`)
  }
  expect(await servedOrder(page)).toEqual(PLANETS)
  await checkA11y(page, 'ordering')
  // A planet moved to the top leaves its Move up button disabled, and the focus with it.
  await press(page, 'Next')

  await onQuestion(page, 9)
  await choose(page, 'France', 'Paris')
  await choose(page, 'Italy', 'Rome')
  await checkA11y(page, 'matching')
  await press(page, 'Next')

  await onQuestion(page, 10)
  for (const item of ['Apple', 'Leek', 'Pear']) await choose(page, item, CATEGORY_OF[item])
  await checkA11y(page, 'categorize')
  await press(page, 'Next')

  await onQuestion(page, 11)
  await choose(page, 'Gap 1', 'blue')
  await tabTo(page, 'Gap 2', { max: 5 })
  await page.keyboard.type('green')
  await checkA11y(page, 'gaps')
  await press(page, 'Next')

  await onQuestion(page, 12)
  await press(page, 'A. Tea')
  await checkA11y(page, 'poll')
  await page.keyboard.press('ArrowRight')

  await onQuestion(page, 13)
  await tabTo(page, 'Your word or short phrase (not scored)', { max: 80 })
  await page.keyboard.type('sunny')
  await checkA11y(page, 'word cloud')
  await press(page, 'Next')

  await onQuestion(page, 14)
  await expect(page.getByText('Nothing to answer here: read it, then go on.')).toBeVisible()
  const grid = page.getByRole('navigation', { name: 'Questions' })
  await expect(grid.getByRole('button', { name: /: Answered$/ })).toHaveCount(QUESTIONS.length - 1)
  await expect(grid.getByRole('button', { name: `Question ${QUESTIONS.length}: Nothing to answer` })).toBeVisible()
  await checkA11y(page, 'slide')

  await press(page, 'Finish')
  const summary = page.getByRole('region', { name: 'Review Summary' })
  await expect(summary.getByText(`${QUESTIONS.length - 1} answered`)).toBeVisible()
  await expect(summary.getByText('0 not answered')).toBeVisible()
  await expect(summary.getByRole('button', { name: /stone speed up/ })).toContainText('Answered (9.81 m/s²)')
  await checkA11y(page, 'review summary')
  await press(page, 'Submit Quiz')

  await expectResults(page)
  await checkA11y(page, 'results of every type')
  await page.screenshot({ path: shot('question-types-results-desktop.png'), fullPage: true })
})

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('a player plays every question type by tapping', async ({ page, request }) => {
    const quiz = await hostEveryType(request, 'Every Type (touch)')
    const player = await createVerifiedAccount(request, { firstName: 'Tom', lastName: 'Touch', label: 'typetouch' })
    await signIn(page, player)
    await page.goto(`/host/attemptQuiz?code=${quiz.code}`)
    await page.getByRole('button', { name: 'Get Started' }).tap()
    await expect(page).toHaveURL(/\/play\/quiz$/)
    const next = () => page.getByRole('button', { name: 'Next' }).tap()
    const fits = async (where: string) => {
      const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth))
      expect(width, `${where} fits the screen`).toBeLessThanOrEqual(390)
    }

    await onQuestion(page, 1)
    await page.locator('.options .option').nth(1).tap()
    await next()
    await onQuestion(page, 2)
    await page.getByRole('button', { name: /7$/ }).tap()
    await next()
    await onQuestion(page, 3)
    await page.getByRole('button', { name: 'True' }).tap()
    await next()
    await onQuestion(page, 4)
    await page.getByRole('checkbox', { name: 'Mars' }).tap()
    await page.getByRole('checkbox', { name: 'Venus' }).tap()
    await next()
    await onQuestion(page, 5)
    await page.getByRole('textbox', { name: 'Your answer' }).tap()
    await page.keyboard.type('Paris')
    await next()
    await onQuestion(page, 6)
    await page.getByRole('textbox', { name: 'Your answer (in m/s²)' }).tap()
    await page.keyboard.type('9.81')
    await fits('numeric')
    await next()
    await onQuestion(page, 7)
    // A tap in the middle of the slider answers its middle value, 90.
    await page.getByRole('slider', { name: 'Your answer' }).tap()
    await expect(page.locator('output')).toHaveText('Chosen: 90')
    await next()
    await onQuestion(page, 8)
    for (const [place, planet] of PLANETS.entries()) {
      for (let from = (await servedOrder(page)).indexOf(planet); from > place; from -= 1) {
        await page.getByRole('button', { name: `Move up ${planet}` }).tap()
      }
    }
    expect(await servedOrder(page)).toEqual(PLANETS)
    await fits('ordering')
    await page.screenshot({ path: shot('question-types-ordering-390.png'), fullPage: true })
    await next()
    // A select opens the phone's own picker; choosing in it is selectOption.
    await onQuestion(page, 9)
    await page.getByLabel('France', { exact: true }).selectOption({ label: 'Paris' })
    await page.getByLabel('Italy', { exact: true }).selectOption({ label: 'Rome' })
    await fits('matching')
    await next()
    await onQuestion(page, 10)
    for (const item of ['Apple', 'Leek', 'Pear']) await page.getByLabel(item, { exact: true }).selectOption({ label: CATEGORY_OF[item] })
    await next()
    await onQuestion(page, 11)
    await page.getByLabel('Gap 1').selectOption({ label: 'blue' })
    await page.getByLabel('Gap 2').tap()
    await page.keyboard.type('green')
    await fits('gaps')
    await page.screenshot({ path: shot('question-types-gaps-390.png'), fullPage: true })
    await next()
    await onQuestion(page, 12)
    await page.getByRole('button', { name: /Tea/ }).tap()
    await next()
    await onQuestion(page, 13)
    await page.getByRole('textbox', { name: 'Your word or short phrase (not scored)' }).tap()
    await page.keyboard.type('sunny')
    await next()
    await onQuestion(page, 14)
    await checkA11y(page, 'slide on a phone')
    await page.getByRole('button', { name: 'Finish' }).tap()
    await fits('review summary')
    await page.getByRole('button', { name: 'Submit Quiz' }).tap()

    await expectResults(page)
    await fits('results')
    await page.screenshot({ path: shot('question-types-results-390.png'), fullPage: true })
  })
})
