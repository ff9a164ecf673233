/**
 * A live game against the real server (issue 12, docs/live-games.md): a verified host checks
 * the "Host live" entry of a curated category, then opens a game of their own three-question
 * quiz from My Quizzes (known answers, so the points are known; 10 s per question, correctness
 * scoring). The presenter's lobby shows the PIN, the join link and its QR code. Two players join
 * from their own browser contexts: Ann, a guest on a desktop, through "Join a live game" in the
 * header and the PIN typed; Ben, a guest on a phone, by the join link the QR code encodes. They
 * play three questions, by click and by the keys A–D; Ben reloads mid-question and comes back
 * with the same name, points and streak; the host sees the answer count, the reveal, the standings,
 * skips the last question and shows the podium, which the players see too. Then the host finds
 * the game in My Quizzes ("Live games" of the quiz's card), opens its results (both players with
 * their points and answers, the counts per question) and downloads them as CSV.
 *
 * Bounded in time: questions close as soon as everyone answered (the host skips the last one),
 * so only the 3 s get-ready of each question is waited for; the whole test takes ~30 s.
 * Screenshots go to $QUIZROOM_E2E_SCREENSHOT_DIR (default /tmp/qr-e2e).
 */
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import QRCode from 'qrcode'
import { createVerifiedAccount, expect, signInThroughForm, test, type Account } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

const HEADER = 'Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)'

/** Three questions; the correct letters are B, C and A. */
const QUESTIONS = [
  ['What is 2 + 2?', '3', '4', '5', '22', 'B', 'Two plus two is four.'],
  ['Which planet is known as the Red Planet?', 'Venus', 'Jupiter', 'Mars', 'Saturn', 'C', 'Iron oxide makes it red.'],
  ['What is the chemical symbol for water?', 'H2O', 'CO2', 'O2', 'NaCl', 'A', 'Two hydrogens, one oxygen.'],
]

const SECONDS_PER_QUESTION = 10

async function signIn(page: Page, account: Account) {
  await page.goto('/signin')
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)
}

/** Hosts the three questions as a quiz through the API (hosting is not what this test is about). */
async function hostQuiz(page: Page, title: string): Promise<number> {
  const csv = [HEADER, ...QUESTIONS.map((row) => row.join(','))].join('\n') + '\n'
  const created = await page.evaluate(
    async ({ csv, title }) => {
      const form = new FormData()
      form.append('file', new File([csv], 'live-quiz.csv', { type: 'text/csv' }))
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
  return (JSON.parse(created.body) as { quiz: { id: number } }).quiz.id
}

/**
 * "Host live: <name>", "Live games: <name>" (the name is visually hidden; Chromium puts a space
 * before its colon, as the hidden span is positioned, so a block).
 */
const cardLinkName = (label: string) => (name: string) => new RegExp(`^${label} ?: ${name}$`)
const hostLiveName = cardLinkName('Host live')
const liveGamesName = cardLinkName('Live games')

/** A player's answer button (its name is "B. 4", then " ✓ Your answer" once locked in). */
const answerButton = (page: Page, letter: string) => page.getByRole('button', { name: new RegExp(`^${letter}\\. `) })

/** The presenter's bar of one option in the reveal chart. */
const chartRow = (page: Page, letter: string) =>
  page.getByRole('list', { name: 'Answers per option' }).getByRole('listitem').nth('ABCD'.indexOf(letter))

/** Waits until the question takes answers (after its 3 s get-ready) on a player's screen. */
async function waitForAnswering(page: Page, index: number) {
  await expect(page.getByText(`Question ${index} of 3`)).toBeVisible()
  await expect(answerButton(page, 'A')).toBeEnabled({ timeout: 15_000 })
}

async function expectLockedIn(page: Page, letter: string) {
  await expect(page.getByText('Answer locked in')).toBeVisible()
  await expect(answerButton(page, letter)).toHaveAttribute('aria-pressed', 'true')
  await expect(answerButton(page, letter)).toContainText('Your answer')
}

async function expectStandings(list: Locator, rows: Array<[string, number]>) {
  const items = list.getByRole('listitem')
  await expect(items).toHaveCount(rows.length)
  for (const [i, [name, points]] of rows.entries()) {
    await expect(items.nth(i)).toContainText(String(i + 1))
    await expect(items.nth(i)).toContainText(name)
    await expect(items.nth(i)).toContainText(`${points} points`)
  }
}

test('a live game: lobby with PIN and QR code, two players, three questions, a reload, podium, results and CSV', async ({
  page: host,
  request,
  baseURL,
  newWatchedContext,
}) => {
  test.setTimeout(120_000)
  const startedAt = Date.now()
  const account = await createVerifiedAccount(request, { firstName: 'Lena', lastName: 'Live', label: 'livehost' })
  const title = `Live quiz ${Date.now().toString(36)}`
  await signIn(host, account)

  // A curated category has "Host live" for a signed-in user: it opens the game's settings.
  await host.goto('/play/categories')
  await host.getByPlaceholder('Find category').fill('chemistry')
  const categories = host.getByRole('list', { name: 'Categories' })
  await expect(categories.getByRole('listitem')).toHaveCount(1)
  await categories.getByRole('link', { name: hostLiveName('Chemistry') }).click()
  await expect(host).toHaveURL(/\/host\/live\?quizId=\d+$/)
  await expect(host.getByRole('heading', { name: 'Host a live game' })).toBeVisible()

  // The game itself runs the host's own quiz, from its card on My Quizzes.
  const quizId = await hostQuiz(host, title)
  await host.goto('/host/myQuizzes')
  const card = host.getByRole('listitem', { name: title })
  await card.getByRole('link', { name: hostLiveName(title) }).click()
  await expect(host).toHaveURL(new RegExp(`/host/live\\?quizId=${quizId}$`))
  await expect(host.getByLabel('Seconds per question')).toHaveValue('20')
  await host.getByLabel('Seconds per question').fill(String(SECONDS_PER_QUESTION))
  await expect(host.getByLabel('Correctness: 10 points per right answer')).toBeChecked()
  await host.getByRole('button', { name: 'Open the lobby' }).click()
  await expect(host).toHaveURL(/\/host\/live\/[^/?]+$/)

  // The lobby: the PIN, the join link, and a QR code of exactly that link.
  await expect(host.getByRole('heading', { name: title })).toBeVisible()
  const pinLabel = (await host.getByText(/^Game PIN( \d){6}$/).textContent()) ?? ''
  const pin = pinLabel.replace(/\D/g, '')
  expect(pin).toMatch(/^\d{6}$/)
  await expect(host.getByText(`${pin.slice(0, 3)} ${pin.slice(3)}`, { exact: true })).toBeVisible()
  // The link carries the game's key, so joining by it is not counted against the PIN's limit.
  await expect(host.getByTestId('live-join-link')).toHaveText(/&key=[0-9a-f]{32}$/)
  const link = (await host.getByTestId('live-join-link').textContent()) ?? ''
  expect(link.startsWith(`${baseURL}/play/live?pin=${pin}&key=`)).toBe(true)
  const qr = host.getByRole('img', { name: `QR code for joining with PIN ${pin}` })
  await expect(qr).toBeVisible()
  const qrSvg = decodeURIComponent(((await qr.getAttribute('src')) ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''))
  expect(qrSvg).toBe(await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
  await expect(host.getByText('Waiting for players to join…')).toBeVisible()
  const controls = host.getByRole('toolbar', { name: 'Game controls' })
  await expect(controls.getByRole('button', { name: 'Start' })).toHaveCount(0)

  // Ann, a guest on a desktop: "Join a live game" in the header, then the PIN typed.
  const ann = await (await newWatchedContext()).newPage()
  await ann.goto('/')
  await ann.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join a live game' }).click()
  await expect(ann).toHaveURL(/\/play\/live$/)
  await expect(ann.getByLabel('Game PIN')).toHaveValue('')
  await ann.getByLabel('Game PIN').fill(pin)
  await ann.getByLabel('Nickname').fill('Ann')
  await ann.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(ann.getByRole('heading', { name: /^You.re in!$/ })).toBeVisible()

  // Ben, a guest on a phone, opens the link of the QR code: the PIN is filled in.
  const ben = await (await newWatchedContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage()
  await ben.goto(link)
  await expect(ben.getByLabel('Game PIN')).toHaveValue(pin)
  await ben.getByLabel('Nickname').fill('Ben')
  await ben.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(ben.getByRole('heading', { name: /^You.re in!$/ })).toBeVisible()
  // Players get a view only when the phase changes (docs/websocket.md): no stale count for Ann.
  await expect(ann.getByText(/players? in the game/)).toHaveCount(0)

  // The host sees both names arrive.
  const names = host.getByRole('list', { name: 'Players' })
  await expect(names.getByRole('listitem')).toHaveCount(2)
  await expect(names.getByRole('button', { name: 'Remove Ann' })).toBeVisible()
  await expect(names.getByRole('button', { name: 'Remove Ben' })).toBeVisible()
  await expect(host.getByRole('heading', { name: '2 players' })).toBeVisible()
  await host.screenshot({ path: shot('live-presenter-lobby-desktop.png') })
  await ben.screenshot({ path: shot('live-player-lobby-phone.png') })

  // Question 1 (B is right): Ann clicks A, Ben presses B. Everyone answered: it closes at once.
  await controls.getByRole('button', { name: 'Start' }).click()
  await expect(host.getByText('Question 1 of 3')).toBeVisible()
  await expect(host.getByRole('heading', { name: 'What is 2 + 2?' })).toBeVisible()
  await expect(host.getByTestId('live-answered')).toHaveText('0 of 2 answered')
  await waitForAnswering(ann, 1)
  await answerButton(ann, 'A').click()
  await expectLockedIn(ann, 'A')
  await expect(host.getByTestId('live-answered')).toHaveText('1 of 2 answered')
  await waitForAnswering(ben, 1)
  await ben.screenshot({ path: shot('live-player-question-phone.png') })
  await ben.keyboard.press('b')

  // The reveal: the right answer, the choices, the explanation; each player's outcome.
  await expect(chartRow(host, 'B')).toContainText('✓ Correct answer')
  await expect(chartRow(host, 'A')).toContainText('1 answer')
  await expect(chartRow(host, 'B')).toContainText('1 answer')
  await expect(chartRow(host, 'C')).toContainText('0 answers')
  await expect(host.getByText('Two plus two is four.')).toBeVisible()
  await host.screenshot({ path: shot('live-presenter-reveal-desktop.png') })
  await expect(ben.getByRole('heading', { name: '✓ Correct' })).toBeVisible()
  await expect(ben.getByText('+10 points')).toBeVisible()
  await expect(ben.getByTestId('live-my-score')).toHaveText('You are 1st with 10 points')
  await expect(ann.getByRole('heading', { name: '✗ Wrong' })).toBeVisible()
  await expect(ann.getByTestId('live-my-score')).toHaveText('You are 2nd with 0 points')

  // The standings, on the projector and on the phones.
  await controls.getByRole('button', { name: 'Show standings' }).click()
  await expectStandings(host.getByRole('list', { name: 'Top 5' }), [
    ['Ben', 10],
    ['Ann', 0],
  ])
  await expect(ben.getByRole('heading', { name: 'Standings' })).toBeVisible()
  await expect(ben.getByRole('list', { name: 'Top 5' }).locator('[aria-current="true"]')).toContainText('Ben (you)')

  // Question 2 (C is right), started from the keyboard: Ann presses C; Ben reloads before he
  // answers, comes back as Ben in the same question, and clicks C.
  await host.keyboard.press('Enter')
  await expect(host.getByText('Question 2 of 3')).toBeVisible()
  await waitForAnswering(ann, 2)
  await ann.keyboard.press('c')
  await expectLockedIn(ann, 'C')
  await expect(host.getByTestId('live-answered')).toHaveText('1 of 2 answered')
  await waitForAnswering(ben, 2)
  ben.once('dialog', (dialog) => {
    // The leave warning while a game runs.
    expect(dialog.type()).toBe('beforeunload')
    void dialog.accept()
  })
  await ben.reload()
  await expect(ben.locator('.live-play-name')).toHaveText('Ben')
  await waitForAnswering(ben, 2)
  await expect(ben.getByRole('heading', { name: 'Which planet is known as the Red Planet?' })).toBeVisible()
  await answerButton(ben, 'C').click()
  // Ben's 10 points and his streak of question 1 are still his: 20 now, 2 right in a row.
  await expect(ben.getByRole('heading', { name: '✓ Correct' })).toBeVisible()
  await expect(ben.getByTestId('live-my-score')).toHaveText('You are 1st with 20 points · 2 right in a row')
  await expect(ann.getByTestId('live-my-score')).toHaveText('You are 2nd with 10 points')
  await expect(chartRow(host, 'C')).toContainText('2 answers')
  await expect(host.getByText('Iron oxide makes it red.')).toBeVisible()
  await host.keyboard.press('Enter')
  await expectStandings(host.getByRole('list', { name: 'Top 5' }), [
    ['Ben', 20],
    ['Ann', 10],
  ])

  // Question 3 (A is right): Ann clicks D, Ben does not answer, the host skips (key S).
  await controls.getByRole('button', { name: 'Next question' }).click()
  await expect(host.getByText('Question 3 of 3')).toBeVisible()
  await waitForAnswering(ann, 3)
  await answerButton(ann, 'D').click()
  await expectLockedIn(ann, 'D')
  await expect(host.getByTestId('live-answered')).toHaveText('1 of 2 answered')
  await waitForAnswering(ben, 3)
  await host.keyboard.press('s')
  await expect(chartRow(host, 'A')).toContainText('✓ Correct answer')
  await expect(chartRow(host, 'D')).toContainText('1 answer')
  await expect(ben.getByRole('heading', { name: 'No answer' })).toBeVisible()
  await expect(ann.getByRole('heading', { name: '✗ Wrong' })).toBeVisible()
  await controls.getByRole('button', { name: 'Show standings' }).click()
  await expectStandings(host.getByRole('list', { name: 'Top 5' }), [
    ['Ben', 20],
    ['Ann', 10],
  ])

  // The podium, on the projector and on the phones.
  await controls.getByRole('button', { name: 'Show podium' }).click()
  const podium = host.getByRole('list', { name: 'Podium' })
  await expect(podium).toBeVisible()
  await expect(podium.locator('.live-podium-1')).toContainText('Ben')
  await expect(podium.locator('.live-podium-1')).toContainText('20 points')
  await expect(podium.locator('.live-podium-2')).toContainText('Ann')
  await expect(podium.locator('.live-podium-2')).toContainText('10 points')
  await expect(podium.locator('.live-podium-3')).toHaveCount(0)
  await expect(controls).toHaveCount(0)
  await host.screenshot({ path: shot('live-presenter-podium-desktop.png') })
  await expect(ben.getByRole('heading', { name: 'Game over' })).toBeVisible()
  await expect(ben.getByTestId('live-final-rank')).toHaveText('You finished 1st with 20 points')
  await expect(ann.getByTestId('live-final-rank')).toHaveText('You finished 2nd with 10 points')
  await expect(ben.getByRole('list', { name: 'Podium' }).locator('.is-me')).toContainText('Ben')
  await ben.screenshot({ path: shot('live-player-podium-phone.png'), fullPage: true })

  // The results: from My Quizzes, the quiz's live games, then this game's results.
  await expect(host.getByRole('link', { name: 'See the full results' })).toBeVisible()
  await host.getByRole('link', { name: 'Back to My Quizzes' }).click()
  await expect(host).toHaveURL(/\/host\/myQuizzes$/i)
  await host.getByRole('listitem', { name: title }).getByRole('link', { name: liveGamesName(title) }).click()
  await expect(host).toHaveURL(new RegExp(`/host/live/games\\?quizId=${quizId}$`))
  await expect(host.getByRole('heading', { name: `Live games: ${title}` })).toBeVisible()
  const games = host.getByRole('table', { name: `Live games of ${title}` }).getByRole('row')
  await expect(games).toHaveCount(2)
  await expect(games.nth(1)).toContainText('2 players')
  await expect(games.nth(1)).not.toContainText('Running')
  await host.screenshot({ path: shot('live-games-desktop.png') })
  await games.nth(1).getByRole('link', { name: /^Results/ }).click()
  await expect(host).toHaveURL(/\/host\/live\/[^/?]+\/results$/)
  await expect(host.getByRole('heading', { name: `Results: ${title}` })).toBeVisible()

  // Per player, best first: each question's letter, marked right or wrong in words.
  const players = host.getByRole('table', { name: 'Results per player' }).getByRole('row')
  await expect(players).toHaveCount(3)
  await expect(players.nth(0).locator('th')).toHaveText(['Rank', 'Nickname', 'Signed in', 'Points', 'Correct', 'Answered', 'Q1', 'Q2', 'Q3'])
  await expect(players.nth(1).locator('th, td')).toHaveText(['1', 'Ben', 'No', '20', '2', '2', 'B ✓, right', 'C ✓, right', '—No answer'])
  await expect(players.nth(2).locator('th, td')).toHaveText(['2', 'Ann', 'No', '10', '1', '3', 'A ✗, wrong', 'C ✓, right', 'D ✗, wrong'])
  // Per question: the right answer, how many answered and were right, the count per option.
  const questions = host.getByRole('table', { name: 'Results per question' }).getByRole('row')
  await expect(questions).toHaveCount(4)
  const seconds = /^\d+\.\d s$/
  await expect(questions.nth(1).locator('th, td')).toHaveText(['1', QUESTIONS[0][0], 'B', '2', '1 (50%)', '1', '1 ✓, the right answer', '0', '0', seconds])
  await expect(questions.nth(2).locator('th, td')).toHaveText(['2', QUESTIONS[1][0], 'C', '2', '2 (100%)', '0', '0', '2 ✓, the right answer', '0', seconds])
  await expect(questions.nth(3).locator('th, td')).toHaveText(['3', QUESTIONS[2][0], 'A', '1', '0 (0%)', '0 ✓, the right answer', '0', '0', '1', seconds])
  await host.screenshot({ path: shot('live-results-desktop.png'), fullPage: true })

  // The CSV export: a row per player, each question's letter (empty: no answer).
  const [download] = await Promise.all([host.waitForEvent('download'), host.getByRole('button', { name: 'Download CSV' }).click()])
  expect(download.suggestedFilename()).toBe(`${title.replace(/[^A-Za-z0-9]/g, '-')}-live-results.csv`)
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')
  expect(csv.trim().split(/\r?\n/)).toEqual([
    'Rank,Nickname,Signed in,Points,Correct,Answered,Q1,Q2,Q3',
    '1,Ben,no,20,2,2,B,C,',
    '2,Ann,no,10,1,3,A,C,D',
  ])
  console.log(`[live.spec] the game took ${((Date.now() - startedAt) / 1000).toFixed(1)} s`)
})
