/**
 * A live game of questions of any type, as the live-type specs set it up: the host's quiz made
 * through the API (a CSV of one question uploaded, then the definitions through the editor's
 * call), the host signed in through the form with the presenter's lobby open, and players
 * joining by the PIN typed: Ben on a phone, Ann on a desktop.
 */
import type { APIRequestContext, BrowserContext, BrowserContextOptions, Page } from '@playwright/test'
import { expect, signInThroughForm, type Account } from './fixtures'
import { hostQuizApi, signInApi } from './quiz-api'

/** A question as the editor's call takes it: its text, its definition (or A–D fields) and an explanation. */
export type QuestionInput = Record<string, unknown> & { text: string }

/** The host's quiz of `questions`; its id. */
export async function hostQuizOf(request: APIRequestContext, account: Account, title: string, questions: QuestionInput[]): Promise<number> {
  const session = await signInApi(request, account)
  const quiz = await hostQuizApi(request, session, title, [['Placeholder?', 'a', 'b', 'c', 'd', 'A', '']])
  const updated = await request.post('/api/question/update-category-questions', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { categoryId: quiz.id, questions },
  })
  expect(updated.ok(), await updated.text()).toBeTruthy()
  return quiz.id
}

/** Signs the host in through the form, opens a game of the quiz and returns the lobby's PIN. */
export async function openLobby(host: Page, account: Account, quizId: number, title: string, secondsPerQuestion: number): Promise<string> {
  await host.goto('/signin')
  await signInThroughForm(host, account.email, account.password)
  await expect(host).toHaveURL(/\/$/)
  await host.goto(`/host/live?quizId=${quizId}`)
  await expect(host.getByRole('heading', { name: 'Host a live game' })).toBeVisible()
  await host.getByLabel('Seconds per question').fill(String(secondsPerQuestion))
  await host.getByRole('button', { name: 'Open the lobby' }).click()
  await expect(host).toHaveURL(/\/host\/live\/[^/?]+$/)
  await expect(host.getByRole('heading', { name: title })).toBeVisible()
  const pin = ((await host.getByText(/^Game PIN( \d){6}$/).textContent()) ?? '').replace(/\D/g, '')
  expect(pin).toMatch(/^\d{6}$/)
  return pin
}

/** A guest joins the game by its PIN typed, under `nickname`. */
export async function joinGame(page: Page, pin: string, nickname: string) {
  await page.goto('/play/live')
  await page.getByLabel('Game PIN').fill(pin)
  await page.getByLabel('Nickname').fill(nickname)
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(page.getByRole('heading', { name: /^You.re in!$/ })).toBeVisible()
}

/**
 * Ben on a phone (390 × 844, touch) and Ann on a desktop, both guests, join by the PIN typed; the
 * host sees both and starts the game. Their pages and the host's game controls.
 */
export async function startWithBenAndAnn(
  host: Page,
  pin: string,
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  watch: (phone: Page) => void = () => {},
) {
  const ben = await (await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage()
  watch(ben)
  await joinGame(ben, pin, 'Ben')
  const ann = await (await newContext()).newPage()
  watch(ann)
  await joinGame(ann, pin, 'Ann')
  await expect(host.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveCount(2)
  const controls = host.getByRole('toolbar', { name: 'Game controls' })
  await controls.getByRole('button', { name: 'Start' }).click()
  return { ben, ann, controls }
}
