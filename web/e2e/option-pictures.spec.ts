/**
 * Pictures on options against the real server (issue 30): a host gives two options of a single
 * choice a picture each in the quiz editor (real PNGs made here), one described by its alt text,
 * the other marked decorative, saves, and finds both kept after a reload; a player plays the quiz
 * by keyboard and sees the pictures in the options, the described one with its alt text, each
 * option named by its text first; axe checks each view.
 */
import type { Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { tabTo } from './support/keyboard'
import { hostQuizOf } from './support/live-game'
import { png } from './support/png'
import { signInApi } from './support/quiz-api'

/** A PNG of `width` × `height` in one colour. */
function swatch(width: number, height: number, rgb: [number, number, number]): Buffer {
  return png(width, height, () => rgb)
}

const QUESTION = 'Which colour is a ripe tomato?'
const ALT = 'A square of bright red'

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

test('a host puts pictures on two options; a player sees them with their alt text, by keyboard', async ({ page, browser, request }) => {
  const host = await createVerifiedAccount(request, { firstName: 'Opal', lastName: 'Options', label: 'optionpictures' })
  const session = await signInApi(request, host)
  const quizId = await hostQuizOf(request, host, 'Pictured Options', [
    { text: QUESTION, definition: { type: 'single_choice', options: ['Red', 'Blue', 'Green'], right: [0] }, explanation: '' },
  ])

  // The host gives option 1 a described picture and option 3 a decorative one.
  await signIn(page, host)
  await page.goto(`/host/viewQuiz/${quizId}`)
  const question = page.getByRole('listitem', { name: 'Question 1' })
  await question.getByLabel('Picture for option 1').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: swatch(480, 320, [200, 30, 30]) })
  await question.getByRole('textbox', { name: 'Alt text of the picture for option 1' }).fill(ALT)
  await question.getByLabel('Picture for option 3').setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: swatch(480, 320, [30, 160, 30]) })
  await question.getByRole('checkbox', { name: 'Decorative image for option 3' }).check()
  await expect(question.getByRole('group', { name: 'Picture for option 1' }).locator('img')).toBeVisible()
  await expect(question.getByRole('group', { name: 'Picture for option 3' }).locator('img')).toBeVisible()
  await checkA11y(page, 'editor with pictures on options')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Successfully updated questions!')).toBeVisible()

  // Reloaded, the editor has both pictures where they were, with their alt text and mark.
  await page.reload()
  const reloaded = page.getByRole('listitem', { name: 'Question 1' })
  await expect(reloaded.getByRole('textbox', { name: 'Alt text of the picture for option 1' })).toHaveValue(ALT)
  await expect(reloaded.getByLabel('Picture for option 2')).toHaveAttribute('type', 'file')
  await expect(reloaded.getByRole('checkbox', { name: 'Decorative image for option 3' })).toBeChecked()
  await expect(reloaded.getByRole('group', { name: 'Picture for option 3' }).locator('img')).toBeVisible()
  const loaded = await request.get(`/api/hostQuiz/quiz/${quizId}`, { headers: { Authorization: `Bearer ${session.token}` } })
  const body = (await loaded.json()) as { category: { quizCode: string }; questions: Array<{ pictures?: Array<{ alt: string; decorative: boolean } | null> }> }
  expect(body.questions[0].pictures?.map((picture) => picture && { alt: picture.alt, decorative: picture.decorative })).toEqual([
    { alt: ALT, decorative: false },
    null,
    { alt: '', decorative: true },
  ])

  // A player joins by the code and plays by keyboard.
  const player = await createVerifiedAccount(request, { firstName: 'Pip', lastName: 'Player', label: 'optionplayer' })
  const playing = await (await browser.newContext()).newPage()
  await signIn(playing, player)
  await playing.goto('/host/attemptQuiz')
  await tabTo(playing, 'Quiz Code', { max: 80 })
  await playing.keyboard.type(body.category.quizCode)
  await playing.keyboard.press('Enter')
  await expect(playing).toHaveURL(/\/play\/quiz$/)
  await expect(playing.getByRole('heading', { name: QUESTION })).toBeVisible()

  // Each option is named by its text, then its picture's alt text; the decorative picture adds nothing.
  const red = playing.getByRole('button', { name: `A. Red ${ALT}`, exact: true })
  const picture = red.getByAltText(ALT)
  await expect(picture).toBeVisible()
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const green = playing.getByRole('button', { name: 'C. Green', exact: true })
  await expect(green.locator('img')).toHaveAttribute('alt', '')
  await expect(playing.getByRole('button', { name: 'B. Blue', exact: true }).locator('img')).toHaveCount(0)
  await checkA11y(playing, 'a question with pictures on its options')

  await tabTo(playing, /^A\. Red/, { max: 80 })
  await playing.keyboard.press('Enter')
  await expect(red).toHaveAttribute('aria-pressed', 'true')
  await tabTo(playing, 'Finish', { max: 80 })
  await playing.keyboard.press('Enter')
  await tabTo(playing, 'Submit Quiz', { max: 80 })
  await playing.keyboard.press('Enter')
  await expect(playing.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(playing.getByRole('region', { name: 'Feedback' }).getByAltText(ALT).first()).toBeVisible()
  await checkA11y(playing, 'results with pictures on options')
})
