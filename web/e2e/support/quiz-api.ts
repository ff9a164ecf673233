/**
 * Setting the scene through the API (faster than the screens, for tests about something else):
 * signing in, hosting a quiz from CSV rows (open to all or to an audience list), finding an
 * audience list's id, joining it by code and playing it with chosen letters,
 * granting a retake; and the operator's `quizroom auditor grant EMAIL`, run on the e2e server's
 * own data directory (SQLite in WAL mode lets a second process write while the server runs).
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { expect, type APIRequestContext } from '@playwright/test'
import type { Account } from './fixtures'
import { ENV_DATA_DIR, SERVER_BIN } from './paths'

export type Session = { token: string; userId: string; name: string }

const TEMPLATE_HEADER = 'Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)'

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.token}` })

export async function signInApi(request: APIRequestContext, account: Account): Promise<Session> {
  const response = await request.post('/api/auth/signin', { data: { email: account.email, password: account.password } })
  expect(response.ok(), await response.text()).toBeTruthy()
  const body = (await response.json()) as { token: string; user: { id: string } }
  return { token: body.token, userId: body.user.id, name: `${account.firstName} ${account.lastName}` }
}

export type HostedQuiz = { id: number; code: string; title: string }

/** Who may take a hosted quiz: everyone (the default), or the members of a saved audience list. */
export type QuizAudience = { audienceListId: string }

/**
 * Uploads `rows` (the template's columns, without the header) as a quiz of `host`, with a
 * 5-minute limit; open to all, or to the audience list `audience` names.
 */
export async function hostQuizApi(
  request: APIRequestContext,
  host: Session,
  title: string,
  rows: string[][],
  audience?: QuizAudience,
): Promise<HostedQuiz> {
  const csv = [TEMPLATE_HEADER, ...rows.map((row) => row.join(','))].join('\n') + '\n'
  const response = await request.post('/api/hostQuiz/upload', {
    headers: bearer(host),
    multipart: {
      file: { name: 'quiz.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      title,
      timeLimit: '5',
      ...(audience ? { audienceType: 'list', audienceListId: audience.audienceListId } : {}),
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  const { quiz } = (await response.json()) as { quiz: { id: number; quizCode: string; title: string } }
  return { id: quiz.id, code: quiz.quizCode, title: quiz.title }
}

/**
 * Joins `quiz` by its code (the first time), starts an attempt and submits `letters` in the order
 * the questions are served; returns the points.
 */
export async function playQuizApi(request: APIRequestContext, player: Session, quiz: HostedQuiz, letters: string[]): Promise<number> {
  const joined = await request.get(`/api/hostQuiz/checkQuiz?quizCode=${quiz.code}`, { headers: bearer(player) })
  expect([200, 409], await joined.text()).toContain(joined.status())
  const served = await request.get(`/api/question/${quiz.id}`, { headers: bearer(player) })
  expect(served.ok(), await served.text()).toBeTruthy()
  const { questions } = (await served.json()) as { questions: Array<{ id: number }> }
  const started = await request.post('/api/attempt/start', { headers: bearer(player), data: { categoryId: quiz.id } })
  expect(started.ok(), await started.text()).toBeTruthy()
  const answers = questions.map((question, i) => ({ questionId: question.id, status: letters[i] }))
  const scored = await request.post('/api/question/score', {
    headers: bearer(player),
    data: { userId: player.userId, categoryId: quiz.id, answers },
  })
  expect(scored.ok(), await scored.text()).toBeTruthy()
  return ((await scored.json()) as { points: number }).points
}

/** The id of `host`'s audience list named `name`. */
export async function audienceListIdApi(request: APIRequestContext, host: Session, name: string): Promise<string> {
  const response = await request.get('/api/audience', { headers: bearer(host) })
  expect(response.ok(), await response.text()).toBeTruthy()
  const lists = (await response.json()) as Array<{ id: string | number; name: string }>
  const list = lists.find((item) => item.name === name)
  expect(list, `no audience list named ${name}`).toBeDefined()
  return String(list?.id)
}

/** The host lets `player` take `quiz` again (their result stops counting until they do). */
export async function grantRetakeApi(request: APIRequestContext, host: Session, player: Session, quiz: HostedQuiz): Promise<void> {
  const response = await request.delete('/api/leaderboard/deleteEntry', {
    headers: bearer(host),
    data: { userId: player.userId, categoryId: quiz.id },
  })
  expect(response.ok(), await response.text()).toBeTruthy()
}

/** `quizroom auditor grant EMAIL` on the e2e server's database; resolves once the server knows. */
export async function grantAuditor(request: APIRequestContext, account: Account, session: Session): Promise<void> {
  const dataDir = process.env[ENV_DATA_DIR]
  if (!dataDir) throw new Error(`${ENV_DATA_DIR} is not set: run the tests through \`npm run e2e\` (global setup)`)
  const env: NodeJS.ProcessEnv = { ...process.env, QUIZROOM_DATA_DIR: dataDir }
  // The same embedded database as the server (global-setup.ts), never a PostgreSQL from the shell.
  delete env.DATABASE_URL
  const output = execFileSync(SERVER_BIN, ['auditor', 'grant', account.email], { env, cwd: path.dirname(dataDir), encoding: 'utf8' })
  expect(output).toContain('is now an auditor')
  await expect
    .poll(async () => {
      const me = await request.get('/api/audit/me', { headers: bearer(session) })
      return ((await me.json()) as { auditor?: boolean }).auditor
    })
    .toBe(true)
}
