/**
 * Generating questions of several types (issue 29) against the real server's offline generator
 * (the e2e server has no QUIZROOM_LLM_URL, as in generate.spec.ts): a verified host (the welcome
 * grant of 5 tokens pays for one generation) asks for questions on "World History" — topics the
 * curated catalogue answers — of three types: four options (A–D), true or false and type the
 * answer. The review shows questions of at least two of those types, each with its type (checked
 * with axe, also while a typed question is edited); the host edits a true-or-false or type-answer
 * question with the fields of its type and publishes. View Quiz then shows every kept question
 * with its type and text, and the edit.
 * Screenshots go to $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Locator } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, signInThroughForm, test } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

/** The checkboxes of the form's Question types, by label, and which this test wants. */
const WANTED_TYPES: Record<string, boolean> = {
  'Four options (A–D)': true,
  'True or false': true,
  'Multiple select': false,
  'Type the answer': true,
  Number: false,
  Ordering: false,
  Matching: false,
  Categorize: false,
  'Fill in the gaps': false,
}

const WANTED_NAMES = Object.keys(WANTED_TYPES).filter((name) => WANTED_TYPES[name])

const textOf = async (item: Locator) => ((await item.locator('.review-question-text').textContent()) ?? '').trim()
const typeOf = async (item: Locator) => ((await item.locator('.question-type-name').textContent()) ?? '').trim()

test('generate true-or-false and type-answer questions with four-option ones, edit one, publish them', async ({ page, request }) => {
  test.setTimeout(120_000)
  const host = await createVerifiedAccount(request, { firstName: 'Tia', lastName: 'Types', label: 'gentypes' })
  const title = `World History types ${Date.now().toString(36)}`

  await page.goto('/signin')
  await signInThroughForm(page, host.email, host.password)
  await expect(page).toHaveURL(/\/$/)

  // The form: title, topics, six questions (the time limit), and three types.
  await page.goto('/generate/quiz')
  await expect(page.getByRole('heading', { name: 'Generate Quiz' })).toBeVisible()
  await page.getByLabel('Quiz Title').fill(title)
  await page.getByLabel('Topics or text').fill('World History')
  await page.getByLabel('Time limit (minutes)').fill('6')
  const types = page.getByRole('group', { name: 'Question types' })
  for (const [name, wanted] of Object.entries(WANTED_TYPES)) await types.getByRole('checkbox', { name, exact: true }).setChecked(wanted)
  for (const [name, wanted] of Object.entries(WANTED_TYPES)) {
    await expect(types.getByRole('checkbox', { name, exact: true })).toBeChecked({ checked: wanted })
  }
  await checkA11y(page, 'generate form: question types chosen')
  await page.getByRole('button', { name: 'Generate Quiz' }).click()

  // The review: questions of at least two of the chosen types, each showing its type.
  await expect(page).toHaveURL(/\/generate\/review\?generation=[\w-]+$/, { timeout: 60_000 })
  await expect(page.getByRole('heading', { name: 'Review Questions' })).toBeVisible()
  const items = page.getByRole('list', { name: 'Questions' }).getByRole('listitem', { name: /^Question \d+$/ })
  await expect(items.first()).toBeVisible()
  const count = await items.count()
  expect(count).toBeGreaterThanOrEqual(2)
  const shown: string[] = []
  for (let i = 0; i < count; i += 1) shown.push(await typeOf(items.nth(i)))
  for (const name of shown) expect(WANTED_NAMES).toContain(name)
  expect(new Set(shown).size, `types shown: ${shown.join(', ')}`).toBeGreaterThanOrEqual(2)
  await checkA11y(page, 'generate review: questions of several types')
  await page.screenshot({ path: shot('generate-types-review-desktop.png'), fullPage: true })

  // Edit the first true-or-false or type-answer question with the fields of its type.
  const typedIndex = shown.findIndex((name) => name === 'True or false' || name === 'Type the answer')
  expect(typedIndex, `a true-or-false or type-answer question among: ${shown.join(', ')}`).toBeGreaterThanOrEqual(0)
  const typed = items.nth(typedIndex)
  const typedName = shown[typedIndex]
  await typed.getByRole('button', { name: `Edit question ${typedIndex + 1}` }).click()
  const form = page.getByRole('form', { name: 'Edit question' })
  await expect(form).toBeVisible()
  // Not the four options of a question A–D: the fields of its type.
  await expect(form.getByLabel('Option A', { exact: true })).toHaveCount(0)
  const edited = `${(await form.getByLabel('Question text').inputValue()).trim()} (edited)`
  await form.getByLabel('Question text').fill(edited)
  let answer: string
  if (typedName === 'True or false') {
    const wasTrue = await form.getByRole('radio', { name: 'True', exact: true }).isChecked()
    answer = wasTrue ? 'False' : 'True'
    await form.getByRole('radio', { name: answer, exact: true }).check()
  } else {
    const accepted = form.getByRole('group', { name: 'Accepted answers' })
    const before = await accepted.getByLabel(/^Accepted answer \d+$/).count()
    await accepted.getByRole('button', { name: 'Add accepted answer' }).click()
    // The added row's field takes the focus.
    await expect(accepted.getByLabel(`Accepted answer ${before + 1}`)).toBeFocused()
    answer = 'Edited answer'
    await page.keyboard.type(answer)
  }
  await checkA11y(page, `generate review: editing a question (${typedName})`)
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toHaveCount(0)
  await expect(typed.locator('.review-question-text')).toHaveText(edited)
  await expect(typed.locator('.review-answer')).toContainText(answer)
  expect(await typeOf(typed)).toBe(typedName)

  const kept: { text: string; type: string }[] = []
  for (let i = 0; i < count; i += 1) kept.push({ text: await textOf(items.nth(i)), type: await typeOf(items.nth(i)) })

  await page.getByRole('button', { name: 'Confirm and Create Quiz' }).click()
  await expect(page.getByText('Quiz Created!')).toBeVisible()
  await expect(page).toHaveURL(/\/host\/myQuizzes$/i)

  // My Quizzes, then View Quiz: every kept question with its type and text, and the edit.
  const card = page.getByRole('listitem', { name: title })
  await expect(card).toBeVisible()
  await expect(card.getByText('Questions', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(String(count))
  await card.getByRole('link', { name: 'View Quiz' }).click()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  const editors = page.locator('.question-editor')
  await expect(editors).toHaveCount(count)
  for (let i = 0; i < count; i += 1) {
    await expect(editors.nth(i).locator('.question-type-name')).toHaveText(kept[i].type)
    await expect(editors.nth(i).getByLabel('Question text')).toHaveValue(kept[i].text)
  }
  const published = editors.nth(typedIndex)
  if (typedName === 'True or false') {
    await expect(published.getByRole('radio', { name: answer, exact: true })).toBeChecked()
  } else {
    const fields = published.getByRole('group', { name: 'Accepted answers' }).getByLabel(/^Accepted answer \d+$/)
    const values = await fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
    expect(values).toContain(answer)
  }
  await page.screenshot({ path: shot('generate-types-view-quiz-desktop.png'), fullPage: true })
})
