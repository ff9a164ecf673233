/**
 * Accessibility (issue 15), continued from accessibility.spec.ts: axe-core's WCAG 2.2 A/AA rules
 * on (c) the hosting screens (host form with its errors and preview, My Quizzes, view/edit quiz,
 * results and the submission modal, the demo results, audience lists) and generate and review
 * (the server's built-in offline generator: the e2e server has no QUIZROOM_LLM_URL, like
 * generate.spec.ts); (d) a live game (settings, presenter lobby, question, reveal, standings and
 * podium; the player's join form, lobby, question, result and podium; the game's results and a
 * player's history) and the audit and insights screens, with the player's progress page.
 * The scene is set through the API where the screens are not what is checked.
 */
import { writeFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { grantAuditor, hostQuizApi, playQuizApi, signInApi, type HostedQuiz, type Session } from './support/quiz-api'

const HEADER = 'Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)'

/** Three questions; the right letters are B, C and A. */
const QUESTIONS = [
  ['What is 2 + 2?', '3', '4', '5', '22', 'B', 'Two plus two is four.'],
  ['Which planet is known as the Red Planet?', 'Venus', 'Jupiter', 'Mars', 'Saturn', 'C', 'Iron oxide makes it red.'],
  ['What is the chemical symbol for water?', 'H2O', 'CO2', 'O2', 'NaCl', 'A', 'Two hydrogens, one oxygen.'],
]

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

test('c: host form and preview, My Quizzes, view/edit quiz, results and the submission modal', async ({ page, request }, testInfo) => {
  const hostAccount = await createVerifiedAccount(request, { firstName: 'Hanna', lastName: 'Host', label: 'a11yhost' })
  const playerAccount = await createVerifiedAccount(request, { firstName: 'Pete', lastName: 'Player', label: 'a11yjoiner' })
  const title = `Accessible quiz ${Date.now().toString(36)}`
  await signIn(page, hostAccount)

  await page.goto('/host/quiz')
  await expect(page.getByRole('heading', { name: 'Host Quiz' })).toBeVisible()
  await checkA11y(page, 'host form')
  await page.getByRole('button', { name: 'Create Quiz' }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await checkA11y(page, 'host form: validation error')

  // A file with a bad row, then the good one: the preview.
  const bad = testInfo.outputPath('bad-quiz.csv')
  writeFileSync(bad, [HEADER, QUESTIONS[0].join(','), 'Only a question,,,,,X,'].join('\n') + '\n')
  await page.getByLabel('Questions file').setInputFiles(bad)
  await expect(page.getByRole('list', { name: 'Row errors' })).toBeVisible()
  await checkA11y(page, 'host form: file with a bad row')
  const good = testInfo.outputPath('quiz.csv')
  writeFileSync(good, [HEADER, ...QUESTIONS.map((row) => row.join(','))].join('\n') + '\n')
  await page.getByLabel('Questions file').setInputFiles(good)
  await expect(page.getByRole('heading', { name: 'Preview: 3 questions found' })).toBeVisible()
  await page.getByLabel('Quiz Title').fill(title)
  await page.getByLabel('Custom date').check()
  await page.getByLabel('Specific emails').check()
  await expect(page.getByLabel('Participant emails')).toBeVisible()
  await checkA11y(page, 'host form: preview, custom date, specific emails')
  await page.getByLabel('Saved audience list').check()
  await expect(page.getByRole('link', { name: 'Manage audience lists' })).toBeVisible()
  await checkA11y(page, 'host form: saved audience list')
  await page.getByLabel('Open to all').check()
  await page.getByLabel('48 hours').check()
  await page.getByRole('button', { name: 'Create Quiz' }).click()

  await expect(page.getByText('Quiz Created!')).toBeVisible()
  const card = page.getByRole('listitem', { name: title })
  await expect(card).toBeVisible()
  await checkA11y(page, 'My Quizzes (with the created toast)')

  await card.getByRole('link', { name: 'View Quiz' }).click()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.locator('.question-editor')).toHaveCount(3)
  await checkA11y(page, 'view/edit quiz')
  await page.getByRole('button', { name: 'Add Question' }).click()
  await expect(page.locator('.question-editor')).toHaveCount(4)
  await checkA11y(page, 'view/edit quiz: question added')

  // A player's submission, then the host's results and the submission modal.
  const quizId = Number(/viewQuiz\/(\d+)/.exec(page.url())?.[1])
  const code = ((await page.locator('.quiz-facts dd').nth(3).textContent()) ?? '').trim()
  await page.goto(`/host/viewResult/${quizId}`)
  await expect(page.getByText('No results data available.')).toBeVisible()
  await checkA11y(page, 'quiz results: none yet')
  const player = await signInApi(request, playerAccount)
  await playQuizApi(request, player, { id: quizId, code, title }, ['B', 'C', 'D'])
  await page.reload()
  const row = page.getByRole('row', { name: /Pete Player/ })
  await expect(row).toBeVisible()
  await checkA11y(page, 'quiz results')
  await row.getByRole('button', { name: /View Submission/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Feedback Summary' })
  await expect(dialog.getByText('2 of 3 correct', { exact: false })).toBeVisible()
  await checkA11y(page, 'quiz results: submission modal')
  await dialog.getByRole('button', { name: 'Close' }).click()

  await page.goto('/host/result')
  await expect(page.getByText('Showing 1 to 10 of 132 participants')).toBeVisible()
  await checkA11y(page, 'demo results')
})

test('c: My Quizzes empty, audience lists', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Ava', lastName: 'Audience', label: 'a11yaudience' })
  await signIn(page, account)
  await page.goto('/host/myQuizzes')
  await expect(page.getByText('No quizzes available')).toBeVisible()
  await checkA11y(page, 'My Quizzes: none')
  await page.goto('/host/audience')
  await expect(page.getByText('You have no audience lists yet.')).toBeVisible()
  await checkA11y(page, 'audience lists: none')
  await page.getByRole('button', { name: 'Create List' }).click()
  await expect(page.getByText('Please provide a list name')).toBeVisible()
  await checkA11y(page, 'audience lists: validation error')
  await page.getByLabel('List name').fill('Biology 7B')
  await page.getByLabel('Emails').fill('ana@example.com, ben@example.com')
  await page.getByRole('button', { name: 'Create List' }).click()
  const item = page.getByRole('listitem', { name: 'Biology 7B' })
  await expect(item).toBeVisible()
  await checkA11y(page, 'audience lists: one list')
  await item.getByRole('button', { name: 'Edit Biology 7B' }).click()
  await expect(item.getByRole('button', { name: 'Save' })).toBeVisible()
  await checkA11y(page, 'audience lists: editing')
  await item.getByRole('button', { name: 'Cancel' }).click()
  await item.getByRole('button', { name: 'Delete Biology 7B' }).click()
  await expect(item.getByRole('group', { name: 'Confirm deletion' })).toBeVisible()
  await checkA11y(page, 'audience lists: confirm deletion')
})

test('c: generate and review', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Gina', lastName: 'Generator', label: 'a11ygen' })
  await signIn(page, account)
  await page.goto('/generate/quiz')
  await expect(page.getByRole('heading', { name: 'Generate Quiz' })).toBeVisible()
  await checkA11y(page, 'generate form')
  await page.getByRole('button', { name: 'Generate Quiz' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter a quiz title')
  await checkA11y(page, 'generate form: validation error')

  await page.getByLabel('Quiz Title').fill(`Generated ${Date.now().toString(36)}`)
  await page
    .getByLabel('Topics or text')
    .fill(
      'Photosynthesis is the process by which green plants use sunlight, water and carbon dioxide to make glucose and oxygen. ' +
        'Chlorophyll, the green pigment in chloroplasts, absorbs light energy. The light reactions take place in the thylakoid ' +
        'membranes and produce ATP and NADPH. The Calvin cycle takes place in the stroma and fixes carbon dioxide into sugars.',
    )
  await page.getByLabel('Time limit (minutes)').fill('3')
  await page.getByRole('button', { name: 'Generate Quiz' }).click()
  await expect(page).toHaveURL(/\/generate\/review\?generation=[\w-]+$/, { timeout: 60_000 })
  const items = page.getByRole('list', { name: 'Questions' }).getByRole('listitem', { name: /^Question \d+$/ })
  await expect(items.first()).toBeVisible()
  const reviewUrl = page.url()
  await checkA11y(page, 'generate review')
  await page.getByRole('button', { name: 'Edit question 1' }).click()
  await expect(page.getByRole('form', { name: 'Edit question' })).toBeVisible()
  await checkA11y(page, 'generate review: editing a question')
  await page.getByRole('form', { name: 'Edit question' }).getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('button', { name: 'Delete question 2' }).click()
  await expect(page.getByRole('list', { name: 'Deleted questions' })).toBeVisible()
  await checkA11y(page, 'generate review: a deleted question')
  await page.getByRole('button', { name: 'Confirm and Create Quiz' }).click()
  await expect(page.getByText('Quiz Created!')).toBeVisible()
  await expect(page).toHaveURL(/\/host\/myQuizzes$/i)
  // The generation reads as published a moment after the quiz exists.
  await expect(async () => {
    await page.goto(reviewUrl)
    await expect(page.getByText('This quiz has already been published.')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await checkA11y(page, 'generate review: already published')

  // The generation spent the welcome tokens: another one is refused, with the way to buy more.
  await page.goto('/generate/quiz')
  await page.getByLabel('Quiz Title').fill('One too many')
  await page.getByLabel('Topics or text').fill('photosynthesis')
  await page.getByRole('button', { name: 'Generate Quiz' }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await checkA11y(page, 'generate form: not enough tokens')
})

/** A player's answer button (its name is "B. 4", then " ✓ Your answer" once locked in). */
const answerButton = (page: Page, letter: string) => page.getByRole('button', { name: new RegExp(`^${letter}\\. `) })

test('d: a live game: settings, lobby, question, reveal, standings, podium, results, history', async ({ page: host, request, newWatchedContext }) => {
  // One flow of two browsers (~30 s; a game cannot be split): more room than the usual 60 s.
  test.setTimeout(90_000)
  const hostAccount = await createVerifiedAccount(request, { firstName: 'Lena', lastName: 'Live', label: 'a11ylivehost' })
  const playerAccount = await createVerifiedAccount(request, { firstName: 'Ann', lastName: 'Able', label: 'a11yliveann' })
  const session = await signInApi(request, hostAccount)
  const title = `Live a11y ${Date.now().toString(36)}`
  const quiz = await hostQuizApi(request, session, title, QUESTIONS.slice(0, 1))
  await signIn(host, hostAccount)

  await host.goto(`/host/live?quizId=${quiz.id}`)
  await expect(host.getByRole('heading', { name: 'Host a live game' })).toBeVisible()
  await checkA11y(host, 'live: settings')
  await host.getByLabel('Seconds per question').fill('10')
  await host.getByRole('button', { name: 'Open the lobby' }).click()
  await expect(host.getByText('Waiting for players to join…')).toBeVisible()
  await checkA11y(host, 'live: presenter lobby, empty')
  const pin = ((await host.getByText(/^Game PIN( \d){6}$/).textContent()) ?? '').replace(/\D/g, '')

  // The player, signed in (so the game lands in their history).
  const ann = await (await newWatchedContext()).newPage()
  await signIn(ann, playerAccount)
  await ann.goto('/play/live')
  await expect(ann.getByLabel('Game PIN')).toBeVisible()
  await checkA11y(ann, 'live: join form')
  await ann.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(ann.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible()
  await checkA11y(ann, 'live: join form with errors')
  await ann.getByLabel('Game PIN').fill(pin)
  await ann.getByLabel('Nickname').fill('Ann')
  await ann.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(ann.getByRole('heading', { name: /^You.re in!$/ })).toBeVisible()
  await checkA11y(ann, 'live: player lobby')
  await expect(host.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveCount(1)
  await checkA11y(host, 'live: presenter lobby, one player')

  const controls = host.getByRole('toolbar', { name: 'Game controls' })
  await controls.getByRole('button', { name: 'Start' }).click()
  await expect(host.getByText('Question 1 of 1')).toBeVisible()
  await checkA11y(ann, 'live: player, get ready')
  await expect(answerButton(ann, 'A')).toBeEnabled({ timeout: 15_000 })
  await checkA11y(ann, 'live: player question')
  await checkA11y(host, 'live: presenter question')
  await answerButton(ann, 'B').click()
  await expect(ann.getByRole('heading', { name: '✓ Correct' })).toBeVisible()
  await checkA11y(ann, 'live: player result')
  await expect(host.getByRole('list', { name: 'Answers per option' })).toBeVisible()
  await checkA11y(host, 'live: presenter reveal')
  await controls.getByRole('button', { name: 'Show standings' }).click()
  await expect(host.getByRole('list', { name: 'Top 5' })).toBeVisible()
  await expect(ann.getByRole('heading', { name: 'Standings' })).toBeVisible()
  await checkA11y(host, 'live: presenter standings')
  await checkA11y(ann, 'live: player standings')
  await controls.getByRole('button', { name: 'Show podium' }).click()
  await expect(host.getByRole('list', { name: 'Podium' })).toBeVisible()
  await expect(ann.getByRole('heading', { name: 'Game over' })).toBeVisible()
  await checkA11y(host, 'live: presenter podium')
  await checkA11y(ann, 'live: player podium')

  await host.getByRole('link', { name: 'See the full results' }).click()
  await expect(host.getByRole('heading', { name: `Results: ${title}` })).toBeVisible()
  await checkA11y(host, 'live: game results')
  await host.goto(`/host/live/games?quizId=${quiz.id}`)
  await expect(host.getByRole('heading', { name: `Live games: ${title}` })).toBeVisible()
  await checkA11y(host, 'live: games of a quiz')
  await ann.goto('/play/live/history')
  await expect(ann.getByText(title)).toBeVisible()
  await checkA11y(ann, 'live: player history')
  await ann.goto('/play/progress')
  await expect(ann.getByRole('heading', { name: 'My progress' })).toBeVisible()
  await checkA11y(ann, 'my progress: with a live game')
  await host.goto(`/host/insights/${quiz.id}`)
  await expect(host.getByRole('heading', { name: `Insights: ${title}` })).toBeVisible()
  await checkA11y(host, 'insights: with a live game')
})

/** Waits until the audit trail holds the quiz's `submissions`. */
async function waitForTrail(request: APIRequestContext, auditor: Session, quiz: HostedQuiz, submissions: number) {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/audit/quizzes/${quiz.id}/timeline?limit=100`, {
          headers: { Authorization: `Bearer ${auditor.token}` },
        })
        const body = (await response.json()) as { entries: Array<{ eventType: string }> }
        return body.entries.filter((entry) => entry.eventType === 'AttemptSubmitted').length
      },
      { timeout: 15_000 },
    )
    .toBe(submissions)
}

/** Plays the first curated category through the API (so the global leaderboard has a row). */
async function playCategoryApi(request: APIRequestContext, player: Session): Promise<void> {
  const headers = { Authorization: `Bearer ${player.token}` }
  const categories = (await (await request.get('/api/categories', { headers })).json()) as Array<{ id: number }>
  const categoryId = categories[0].id
  const started = await request.post('/api/attempt/start', { headers, data: { categoryId } })
  expect(started.ok(), await started.text()).toBeTruthy()
  const served = await request.get(`/api/question/${categoryId}`, { headers })
  const { questions } = (await served.json()) as { questions: Array<{ id: number }> }
  const answers = questions.map((question) => ({ questionId: question.id, status: 'A' }))
  const scored = await request.post('/api/question/score', { headers, data: { userId: player.userId, categoryId, answers } })
  expect(scored.ok(), await scored.text()).toBeTruthy()
}

/** A quiz of `host` that Ann (3/3) and Ben (1/3) submitted, through the API. */
async function playedQuiz(request: APIRequestContext, label: string) {
  const accounts = await Promise.all(
    [
      ['Iris', 'Insight', `${label}host`],
      ['Ann', 'Able', `${label}ann`],
      ['Ben', 'Baker', `${label}ben`],
    ].map(([firstName, lastName, label]) => createVerifiedAccount(request, { firstName, lastName, label })),
  )
  const [host, ann, ben] = await Promise.all(accounts.map((account) => signInApi(request, account)))
  const title = `Played a11y ${Date.now().toString(36)}`
  const quiz = await hostQuizApi(request, host, title, QUESTIONS)
  await playQuizApi(request, ann, quiz, ['B', 'C', 'A'])
  await playQuizApi(request, ben, quiz, ['B', 'A', 'D'])
  return { accounts, sessions: { host, ann, ben }, quiz }
}

test('d: insights of a hosted quiz and the player’s progress', async ({ page, request, newWatchedContext }) => {
  const { accounts, quiz } = await playedQuiz(request, 'a11yinsight')
  const [hostAccount, annAccount] = accounts

  // The host's insights: figures, charts, the chart as a table, a submission.
  await signIn(page, hostAccount)
  await page.goto(`/host/insights/${quiz.id}`)
  await expect(page.getByRole('heading', { name: `Insights: ${quiz.title}` })).toBeVisible()
  const participants = page.locator('.insights-stat').filter({ has: page.locator('dt', { hasText: /^Participants$/ }) }).locator('dd')
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(participants).toHaveText('2', { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await checkA11y(page, 'insights')
  const questions = page.getByRole('list', { name: 'Questions, hardest first' }).getByRole('listitem')
  await questions.first().getByRole('button', { name: /^Show as table/ }).click()
  await expect(questions.first().getByRole('table')).toBeVisible()
  await checkA11y(page, 'insights: a chart as a table')
  await page.getByRole('table', { name: 'Submitted attempts, best first' }).getByRole('button', { name: 'View submission of Ann Able' }).click()
  await expect(page.getByRole('dialog', { name: 'Feedback Summary' })).toBeVisible()
  await checkA11y(page, 'insights: submission modal')

  // The player's progress.
  const annPage = await (await newWatchedContext()).newPage()
  await signIn(annPage, annAccount)
  await annPage.goto('/play/progress')
  await expect(annPage.getByRole('heading', { name: 'My progress' })).toBeVisible()
  const row = annPage.getByRole('table', { name: 'Quizzes played, most recent first' }).getByRole('row', { name: new RegExp(quiz.title) })
  await expect(async () => {
    await annPage.reload()
    await expect(row).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await checkA11y(annPage, 'my progress')
})

test('d: the audit screens', async ({ page, request }) => {
  const { sessions, quiz } = await playedQuiz(request, 'a11yaudit')
  await playCategoryApi(request, sessions.ann)
  const auditorAccount = await createVerifiedAccount(request, { firstName: 'Ada', lastName: 'Auditor', label: 'a11yauditor' })
  const auditor = await signInApi(request, auditorAccount)
  await grantAuditor(request, auditorAccount, auditor)
  await waitForTrail(request, auditor, quiz, 2)

  await signIn(page, auditorAccount)
  await page.goto('/audit')
  await expect(page.getByTestId('audit-digest')).toHaveText(/^[0-9a-f]{64}$/)
  await checkA11y(page, 'audit home')
  await page.getByLabel('Find a quiz or a person').fill(quiz.title)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('list', { name: 'Quizzes found' })).toBeVisible()
  await checkA11y(page, 'audit: search results')
  await page.getByRole('list', { name: 'Quizzes found' }).getByRole('link', { name: quiz.title }).click()
  await expect(page.getByRole('heading', { name: `Audit: ${quiz.title}` })).toBeVisible()
  const entries = page.getByRole('list', { name: 'Timeline entries' }).getByTestId('audit-entry')
  await expect(entries.first()).toBeVisible()
  await entries.first().getByRole('button', { name: /^Raw event/ }).click()
  await expect(page.locator('.audit-raw-json').first()).toBeVisible()
  await checkA11y(page, 'audit: quiz timeline, a raw event open')
  await page.getByRole('tab', { name: 'Standings' }).click()
  await expect(page.getByTestId('audit-standings').locator('tbody tr')).toHaveCount(2)
  await checkA11y(page, 'audit: quiz standings')
  await page.getByRole('tab', { name: 'Timeline' }).click()
  await entries.filter({ hasText: 'Submitted' }).first().getByRole('link', { name: /Open attempt sheet/ }).click()
  await expect(page.getByRole('heading', { name: /^Attempt sheet: / })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Questions in the order served' })).toBeVisible()
  await checkA11y(page, 'audit: attempt sheet')
  await page.goto(`/audit/people/${sessions.ann.userId}`)
  await expect(page.getByRole('heading', { name: /Ann Able/ })).toBeVisible()
  await expect(page.getByTestId('audit-entry').first()).toBeVisible()
  await checkA11y(page, 'audit: a person’s history')
  await page.goto('/audit/leaderboard')
  await expect(page.getByRole('heading', { name: 'Global leaderboard over time' })).toBeVisible()
  // The trail indexes the curated play a moment after it.
  await expect(async () => {
    await page.reload()
    await expect(page.locator('tbody tr').first()).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await checkA11y(page, 'audit: global leaderboard')
})
