/**
 * Media and formulae against the real server (issue 30): a host uploads a picture in the quiz
 * editor (a real PNG made here) and describes it; a player plays the quiz by keyboard, and sees
 * the picture with its alt text, a formula as MathML and a sound that plays only when pressed,
 * its transcript at hand; axe checks each view. Then a live game of a picture question: the
 * presenter shows the picture large and a phone shows it too.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { hostQuizOf, openLobby, startWithBenAndAnn } from './support/live-game'
import { png } from './support/png'
import { signInApi } from './support/quiz-api'

/** A PNG of `width` × `height`: a red left half and a blue right half. */
function halves(width: number, height: number): Buffer {
  return png(width, height, (x) => (x < width / 2 ? [200, 30, 30] : [30, 30, 200]))
}

/**
 * A second of silence as an MP3 a browser plays: 38 MPEG-1 layer III frames (128 kbit/s, 44.1 kHz,
 * 417 bytes each) whose side information is all zeros, which decodes to silence.
 */
const MP3 = Buffer.concat(Array.from({ length: 38 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])))

const ALT = 'A flag of a red half and a blue half'

/** Uploads `bytes` through the API; the files' ids by size. */
async function uploadApi(request: APIRequestContext, token: string, name: string, mimeType: string, buffer: Buffer): Promise<Record<string, string>> {
  const response = await request.post('/api/media', { headers: { Authorization: `Bearer ${token}` }, multipart: { file: { name, mimeType, buffer } } })
  expect(response.status(), await response.text()).toBe(201)
  const body = (await response.json()) as { files: Array<{ size: string; id: string }> }
  return Object.fromEntries(body.files.map((f) => [f.size, f.id]))
}

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

test('a host adds a picture in the editor; a player sees it, a formula and a sound, by keyboard', async ({ page, browser, request }) => {
  const host = await createVerifiedAccount(request, { firstName: 'Mia', lastName: 'Media', label: 'mediahost' })
  const session = await signInApi(request, host)
  const sound = await uploadApi(request, session.token, 'hello.mp3', 'audio/mpeg', MP3)
  const quizId = await hostQuizOf(request, host, 'Sights and Sounds', [
    { text: 'Which flag is this?', optionA: 'France', optionB: 'Italy', optionC: 'Chad', optionD: 'Peru', answer: 'A', explanation: '' },
    { text: 'What is \\(x^2\\) when \\(x = 3\\)?', definition: { type: 'numeric', answer: 9 }, explanation: 'Because \\(3 \\times 3 = 9\\).' },
    {
      text: 'Is this French?',
      definition: { type: 'true_false', answer: true },
      explanation: '',
      media: { kind: 'audio', file: { id: sound.original }, transcript: 'Bonjour, je m’appelle Anne.' },
    },
  ])

  // The host picks a picture for question 1 and describes it.
  await signIn(page, host)
  await page.goto(`/host/viewQuiz/${quizId}`)
  const first = page.getByRole('listitem', { name: 'Question 1' })
  await first.getByLabel('Picture, sound or video').setInputFiles({ name: 'flag.png', mimeType: 'image/png', buffer: halves(640, 400) })
  await expect(first.getByTestId('media-field').locator('img')).toBeVisible()
  await first.getByLabel('Alt text').fill(ALT)
  await checkA11y(page, 'editor with a picture')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Successfully updated questions!')).toBeVisible()
  const loaded = await request.get(`/api/hostQuiz/quiz/${quizId}`, { headers: { Authorization: `Bearer ${session.token}` } })
  const code = ((await loaded.json()) as { category: { quizCode: string } }).category.quizCode

  // A player joins by the code and plays by keyboard.
  const player = await createVerifiedAccount(request, { firstName: 'Pat', lastName: 'Player', label: 'mediaplayer' })
  const playing = await (await browser.newContext()).newPage()
  await signIn(playing, player)
  await playing.goto('/host/attemptQuiz')
  await playing.getByLabel('Quiz Code').fill(code)
  await playing.keyboard.press('Enter')
  await expect(playing).toHaveURL(/\/play\/quiz$/)

  const picture = playing.getByTestId('question-media').getByRole('img', { name: ALT })
  await expect(picture).toBeVisible()
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await checkA11y(playing, 'a question with a picture')
  await playing.keyboard.press('a')
  await playing.keyboard.press('ArrowRight')

  // The formula reaches screen readers as MathML.
  await expect(playing.getByText('Question 2 of 3')).toBeVisible()
  await expect(playing.locator('#question-text math')).toHaveCount(2)
  await checkA11y(playing, 'a question with formulae')
  await playing.getByLabel('Your answer').fill('9')
  await playing.getByRole('button', { name: 'Next' }).click()

  // The sound plays only when pressed; its transcript is there for those who cannot hear it.
  await expect(playing.getByText('Question 3 of 3')).toBeVisible()
  const audio = playing.getByTestId('question-media').locator('audio')
  await expect(audio).toHaveAttribute('controls', '')
  expect(await audio.evaluate((a: HTMLAudioElement) => a.autoplay || !a.paused)).toBe(false)
  expect(await playing.locator('[autoplay]').count()).toBe(0)
  await playing.getByText('Transcript', { exact: true }).click()
  await expect(playing.getByText('Bonjour, je m’appelle Anne.')).toBeVisible()
  await checkA11y(playing, 'a question with a sound')
})

test('a live game of a picture question shows it large to the room and on a phone', async ({ page, browser, request }) => {
  const host = await createVerifiedAccount(request, { firstName: 'Liv', lastName: 'Live', label: 'mediagame' })
  const session = await signInApi(request, host)
  const picture = await uploadApi(request, session.token, 'flag.png', 'image/png', halves(1600, 1000))
  const quizId = await hostQuizOf(request, host, 'Flags Live', [
    {
      text: 'Which flag is this?',
      optionA: 'France',
      optionB: 'Italy',
      optionC: 'Chad',
      optionD: 'Peru',
      answer: 'A',
      explanation: '',
      media: { kind: 'image', phone: { id: picture.phone }, projector: { id: picture.projector }, alt: ALT },
    },
  ])
  const pin = await openLobby(page, host, quizId, 'Flags Live', 20)
  // What each phone tells the game (that it has the picture, so the answers may open early),
  // and the get-ready the views then say.
  const loaded: string[] = []
  const getReady: number[] = []
  const watch = (phone: Page) =>
    phone.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => (String(payload).includes('"type":"loaded"') ? loaded.push(String(payload)) : undefined))
      socket.on('framereceived', ({ payload }) => {
        const question = (JSON.parse(String(payload)) as { view?: { question?: { startedAt: number; opensAt: number } | null } }).view?.question
        if (question) getReady.push(question.opensAt - question.startedAt)
      })
    })
  const { ben, ann } = await startWithBenAndAnn(page, pin, (options) => browser.newContext(options), watch)

  const shown = page.getByTestId('question-media').getByRole('img', { name: ALT })
  await expect(shown).toBeVisible()
  // Large: the presenter's picture takes the projector's file at its width.
  expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(picture.projector)
  await checkA11y(page, 'presenter with a picture')
  const onPhone = ben.getByTestId('question-media').getByRole('img', { name: ALT })
  await expect(onPhone).toBeVisible()
  expect(await onPhone.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await checkA11y(ben, 'phone with a picture')

  // Both phones had it: each said so once, and the answers opened before the 5-second get-ready
  // ran out (not before the ordinary 3 s).
  await expect.poll(() => loaded.length).toBe(2)
  expect(loaded.every((message) => (JSON.parse(message) as { question: number }).question === 0)).toBe(true)
  await expect.poll(() => Math.min(...getReady)).toBeLessThan(5_000)
  expect(Math.min(...getReady)).toBeGreaterThanOrEqual(3_000)
  await expect(ann.getByRole('button', { name: /^A\. France/ })).toBeEnabled()
})
