/**
 * Insights against the real server (issue 14, docs/insights-api.md): a host uploads a
 * three-question quiz; three players join by its code and submit through the API, chosen so that
 * the Red Planet question is clearly the hardest and two of the three pick the same wrong option
 * (Venus) on it. The host opens Insights from the quiz's card on My Quizzes, sees that question
 * first with Venus's count written "(most chosen)" and Mars's "(key)", opens a player's
 * submission, and downloads the workbook. Then a player opens "My progress" from the account menu
 * and finds the quiz with their score.
 *
 * A second quiz has an ordering and a numeric question (issue 29): two players answer through the
 * API, one right and one wrong, and the host finds the ordering's share right per place (the
 * places most often wrong marked) and the numbers given on a number line.
 *
 * The insights read model is filled asynchronously, a moment behind the submissions: the screens
 * are read again ("Refresh", a reload) until the figures are there, never after a fixed sleep.
 * Screenshots go to $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'
import { hostQuizApi, signInApi, type HostedQuiz, type Session } from './support/quiz-api'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

const HEADER = 'Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)'

/** The keys are B, C and A. */
const QUESTIONS = [
  ['What is 2 + 2?', '3', '4', '5', '22', 'B', 'Two plus two is four.'],
  ['Which planet is known as the Red Planet?', 'Venus', 'Jupiter', 'Mars', 'Saturn', 'C', 'Iron oxide makes it red.'],
  ['What is the chemical symbol for water?', 'H2O', 'CO2', 'O2', 'NaCl', 'A', 'Two hydrogens, one oxygen.'],
]

/** Each player's letters, by question text: everyone gets 2 of 3; Venus (A) twice on the Red Planet. */
const ANSWERS: Array<Record<string, string>> = [
  { 'What is 2 + 2?': 'B', 'Which planet is known as the Red Planet?': 'A', 'What is the chemical symbol for water?': 'A' },
  { 'What is 2 + 2?': 'B', 'Which planet is known as the Red Planet?': 'A', 'What is the chemical symbol for water?': 'A' },
  { 'What is 2 + 2?': 'B', 'Which planet is known as the Red Planet?': 'C', 'What is the chemical symbol for water?': 'D' },
]

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

/** Hosts the questions through the API with the page's session; the quiz's id and code. */
async function hostQuiz(page: Page, title: string): Promise<{ id: number; code: string }> {
  const csv = [HEADER, ...QUESTIONS.map((row) => row.join(','))].join('\n') + '\n'
  const created = await page.evaluate(
    async ({ csv, title }) => {
      const form = new FormData()
      form.append('file', new File([csv], 'insights-quiz.csv', { type: 'text/csv' }))
      form.append('title', title)
      form.append('timeLimit', '5')
      const response = await fetch('/api/hostQuiz/upload', {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      })
      return { status: response.status, body: await response.text() }
    },
    { csv, title },
  )
  expect(created.status, created.body).toBe(201)
  const quiz = (JSON.parse(created.body) as { quiz: { id: number; quizCode: string } }).quiz
  return { id: quiz.id, code: quiz.quizCode }
}

/** A player joins by the code, starts an attempt and submits `answers`, all through the API. */
async function playThroughApi(request: APIRequestContext, player: Account, quiz: { id: number; code: string }, answers: Record<string, string>) {
  const signin = await request.post('/api/auth/signin', { data: { email: player.email, password: player.password } })
  expect(signin.ok(), await signin.text()).toBeTruthy()
  const { token, user } = (await signin.json()) as { token: string; user: { id: string } }
  const headers = { Authorization: `Bearer ${token}` }

  const join = await request.get('/api/hostQuiz/checkQuiz', { params: { quizCode: quiz.code, email: player.email }, headers })
  expect(join.ok(), await join.text()).toBeTruthy()
  const start = await request.post('/api/attempt/start', { data: { categoryId: quiz.id }, headers })
  expect(start.ok(), await start.text()).toBeTruthy()
  const loaded = await request.get(`/api/question/${quiz.id}`, { headers })
  expect(loaded.ok(), await loaded.text()).toBeTruthy()
  const { questions } = (await loaded.json()) as { questions: Array<{ id: number; text: string }> }
  expect(questions).toHaveLength(3)

  const submitted = await request.post('/api/question/score', {
    data: { userId: user.id, categoryId: quiz.id, answers: questions.map((q) => ({ questionId: q.id, status: answers[q.text] })) },
    headers,
  })
  expect(submitted.ok(), await submitted.text()).toBeTruthy()
  expect(((await submitted.json()) as { score: number }).score).toBe(2)
}

/** The value of a summary card. */
const stat = (page: Page, label: string) => page.locator('.insights-stat').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd')

/** The cells of a table's body rows. */
async function bodyRows(table: ReturnType<Page['getByRole']>): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').trim())))
}

test('insights of a hosted quiz for its host, and a player\u2019s progress', async ({ page, request, newWatchedContext }) => {
  test.setTimeout(120_000)
  const host = await createVerifiedAccount(request, { firstName: 'Iris', lastName: 'Insight', label: 'insighthost' })
  const players = await Promise.all(
    ['Ann', 'Ben', 'Cai'].map((firstName) => createVerifiedAccount(request, { firstName, lastName: 'Player', label: `insight${firstName.toLowerCase()}` })),
  )
  const title = `Insights quiz ${Date.now().toString(36)}`

  await signIn(page, host)
  const quiz = await hostQuiz(page, title)
  for (const [i, player] of players.entries()) await playThroughApi(request, player, quiz, ANSWERS[i])

  // From the quiz's card on My Quizzes to its Insights tab.
  await page.goto('/host/myQuizzes')
  await page
    .getByRole('listitem', { name: title })
    .getByRole('link', { name: new RegExp(`^Insights ?: ${title}$`) })
    .click()
  await expect(page).toHaveURL(new RegExp(`/host/insights/${quiz.id}$`))
  await expect(page.getByRole('heading', { name: `Insights: ${title}` })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Quiz views' }).getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page')

  // The read model follows the submissions a moment later: refresh until all three are in.
  const participants = stat(page, 'Participants')
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(participants).toHaveText('3', { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await expect(stat(page, 'Attempts')).toContainText('3 submitted')

  // The hardest question comes first: Venus, the popular wrong option, and Mars, the key.
  const questions = page.getByRole('list', { name: 'Questions, hardest first' }).getByRole('listitem')
  await expect(questions).toHaveCount(3)
  const hardest = questions.first()
  await expect(hardest.getByRole('heading')).toHaveText('Question 2 Which planet is known as the Red Planet?')
  await expect(hardest.getByRole('img', { name: '33% right' })).toBeVisible()
  const chartName = 'How many chose each option, question 2'
  await expect(hardest.getByRole('img', { name: new RegExp(`^${chartName}`) })).toHaveAttribute(
    'aria-label',
    `${chartName}: A. Venus (most chosen) 2, B. Jupiter 0, C. Mars (key) 1, D. Saturn 0`,
  )
  await expect(hardest.locator('.chart-label').first()).toHaveText('A. Venus (most chosen)')
  await page.screenshot({ path: shot('insights-host-desktop.png'), fullPage: true })
  await hardest.getByRole('button', { name: `Show as table: ${chartName}` }).click()
  const optionsTable = hardest.getByRole('table', { name: chartName })
  await expect(optionsTable).toBeVisible()
  expect(await bodyRows(optionsTable)).toEqual([
    ['A. Venus (most chosen)', '2'],
    ['B. Jupiter', '0'],
    ['C. Mars (key)', '1'],
    ['D. Saturn', '0'],
  ])
  await expect(questions.last().getByRole('heading')).toHaveText('Question 1 What is 2 + 2?')

  // A player's submission opens over the page.
  const playersTable = page.getByRole('table', { name: 'Submitted attempts, best first' })
  await expect(playersTable.locator('tbody tr')).toHaveCount(3)
  await playersTable.getByRole('button', { name: 'View submission of Ann Player' }).click()
  const dialog = page.getByRole('dialog', { name: 'Feedback Summary' })
  await expect(dialog.getByText('2 of 3 correct', { exact: false })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  // The workbook downloads under the server's name.
  const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download workbook (.xlsx)' }).click()])
  expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/)
  expect(statSync(await workbook.path()).size).toBeGreaterThan(0)

  // A player finds the quiz and their score on "My progress".
  const playerPage = await (await newWatchedContext()).newPage()
  await signIn(playerPage, players[2])
  await playerPage.getByRole('button', { name: /account menu/ }).click()
  await playerPage.getByRole('menuitem', { name: 'My progress' }).click()
  await expect(playerPage).toHaveURL(/\/play\/progress$/)
  await expect(playerPage.getByRole('heading', { name: 'My progress' })).toBeVisible()
  const row = playerPage.getByRole('table', { name: 'Quizzes played, most recent first' }).getByRole('row', { name: new RegExp(title) })
  await expect(async () => {
    await playerPage.reload()
    await expect(row).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await expect(row.getByRole('cell').nth(0)).toHaveText('Hosted')
  await expect(row.getByRole('cell').nth(2)).toHaveText('2 / 3 (67%)')
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^[1-3](st|nd|rd) of 3$/)
  await expect(playerPage.getByTestId('streak-current')).toHaveText('1 day in a row')
  await playerPage.screenshot({ path: shot('insights-progress-desktop.png'), fullPage: true })
})

const PLANETS = ['Mercury', 'Venus', 'Earth']

/** An ordering (the planets from the Sun) and a number (100 °C, right from 98 to 102). */
const TYPED_QUESTIONS = [
  { text: 'Put the planets in order, nearest the Sun first.', definition: { type: 'ordering', items: PLANETS }, explanation: '' },
  { text: 'At how many degrees does water boil at sea level?', definition: { type: 'numeric', answer: 100, tolerance: { kind: 'absolute', value: 2 } }, explanation: '' },
]

/** A quiz of the typed questions: a CSV of one question, then the editor's definitions (which replace it). */
async function hostTypedQuiz(request: APIRequestContext, host: Session, title: string): Promise<HostedQuiz> {
  const quiz = await hostQuizApi(request, host, title, [['Placeholder?', 'a', 'b', 'c', 'd', 'A', '']])
  const updated = await request.post('/api/question/update-category-questions', {
    headers: { Authorization: `Bearer ${host.token}` },
    data: { categoryId: quiz.id, questions: TYPED_QUESTIONS },
  })
  expect(updated.ok(), await updated.text()).toBeTruthy()
  return quiz
}

/**
 * A player joins by the code, starts an attempt and submits the planets in order (`right`) or in
 * reverse (only Venus in its place), and `number`; the ordering's response is the served indices
 * in the player's order.
 */
async function playTypedThroughApi(request: APIRequestContext, player: Session, quiz: HostedQuiz, right: boolean, number: number) {
  const headers = { Authorization: `Bearer ${player.token}` }
  const join = await request.get('/api/hostQuiz/checkQuiz', { params: { quizCode: quiz.code }, headers })
  expect([200, 409], await join.text()).toContain(join.status())
  const start = await request.post('/api/attempt/start', { data: { categoryId: quiz.id }, headers })
  expect(start.ok(), await start.text()).toBeTruthy()
  const loaded = await request.get(`/api/question/${quiz.id}`, { headers })
  expect(loaded.ok(), await loaded.text()).toBeTruthy()
  const { questions } = (await loaded.json()) as { questions: Array<{ id: number; type?: string; items?: string[] }> }
  const answers = questions.map((question) => {
    if (question.type === 'numeric') return { questionId: question.id, response: { number } }
    expect(question.type).toBe('ordering')
    const order = PLANETS.map((planet) => (question.items ?? []).indexOf(planet))
    return { questionId: question.id, response: { order: right ? order : [...order].reverse() } }
  })
  const submitted = await request.post('/api/question/score', { data: { userId: player.userId, categoryId: quiz.id, answers }, headers })
  expect(submitted.ok(), await submitted.text()).toBeTruthy()
}

test("insights of a quiz's ordering and number: the share right per place and the numbers given on a line", async ({ page, request }) => {
  test.setTimeout(90_000)
  const hostAccount = await createVerifiedAccount(request, { firstName: 'Tia', lastName: 'Typed', label: 'insighttypedhost' })
  const [right, wrong] = await Promise.all(
    ['Rae', 'Wes'].map((firstName) => createVerifiedAccount(request, { firstName, lastName: 'Player', label: `insighttyped${firstName.toLowerCase()}` })),
  )
  const quiz = await hostTypedQuiz(request, await signInApi(request, hostAccount), `Typed insights ${Date.now().toString(36)}`)
  await playTypedThroughApi(request, await signInApi(request, right), quiz, true, 100)
  await playTypedThroughApi(request, await signInApi(request, wrong), quiz, false, 90)

  await signIn(page, hostAccount)
  await page.goto(`/host/insights/${quiz.id}`)
  const participants = stat(page, 'Participants')
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(participants).toHaveText('2', { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })

  const questions = page.getByRole('list', { name: 'Questions, hardest first' })
  const question = (text: string) => questions.getByRole('listitem').filter({ has: page.getByRole('heading', { name: text }) })

  // Each place labelled with the planet that belongs there; Mercury's and Earth's were swapped once.
  const ordering = question(TYPED_QUESTIONS[0].text)
  await expect(ordering.getByRole('list', { name: 'Share right per place' }).getByRole('listitem')).toHaveText([
    '1. Mercury50% right⚠ most often wrong',
    '2. Venus100% right',
    '3. Earth50% right⚠ most often wrong',
  ])
  await expect(ordering.getByTestId('number-line')).toHaveCount(0)

  // The numbers given on the line, the right answer and its stretch in words.
  const numeric = question(TYPED_QUESTIONS[1].text)
  const line = numeric.getByRole('figure', { name: 'The answer is 100, right from 98 to 102.' })
  await expect(line.getByTestId('number-line')).toBeVisible()
  await expect(line.getByRole('list', { name: 'Numbers given' }).getByRole('listitem')).toHaveText(['1 gave 90', '1 gave 100 (right)'])
  await expect(numeric.getByText(/^Share right per/)).toHaveCount(0)
  await page.screenshot({ path: shot('insights-typed-desktop.png'), fullPage: true })
})
