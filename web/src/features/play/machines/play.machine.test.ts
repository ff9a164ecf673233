import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Attempt, Question, QuestionsResponse, ScoreResult, SubmittedAnswer } from '../api/play-api'
import {
  answerSaverFrom,
  playMachine,
  questionStatus,
  submittedAnswers,
  type PlayInput,
  type SaveRequest,
  type SubmitInput,
} from './play.machine'

const questions: Question[] = [1, 2, 3].map((id) => ({
  id,
  text: `Question ${id}?`,
  optionA: `${id}a`,
  optionB: `${id}b`,
  optionC: `${id}c`,
  optionD: `${id}d`,
}))

function attempt(overrides: Partial<Attempt> = {}): Attempt {
  return {
    attemptId: 'att-1',
    categoryId: 7,
    timeLimit: 10,
    startedAt: '2026-01-01T10:00:00Z',
    deadline: '2026-01-01T10:10:00Z',
    remainingMs: 600_000,
    answers: [],
    resumed: false,
    ...overrides,
  }
}

const result: ScoreResult = { attemptId: 'att-1', score: 1, points: 10, total: 3, message: 'ok', feedback: [] }

type Stubs = {
  fetch?: () => Promise<QuestionsResponse>
  start?: () => Promise<Attempt>
  save?: (request: SaveRequest) => Promise<unknown>
  submit?: (input: SubmitInput) => Promise<ScoreResult>
}

function start(stubs: Stubs = {}, input: PlayInput = { categoryId: 7, userId: 'u1' }) {
  const saves: SaveRequest[] = []
  const submits: SubmitInput[] = []
  const fetches: Array<{ categoryId: number }> = []
  const machine = playMachine.provide({
    actors: {
      fetchQuestions: fromPromise(async ({ input }: { input: { categoryId: number } }) => {
        fetches.push(input)
        return stubs.fetch ? stubs.fetch() : { questions, time_limit: 10 }
      }),
      startAttempt: fromPromise(async () => (stubs.start ? stubs.start() : attempt())),
      submitQuiz: fromPromise(async ({ input }: { input: SubmitInput }) => {
        submits.push(input)
        return stubs.submit ? stubs.submit(input) : result
      }),
      answerSaver: answerSaverFrom(async (request) => {
        saves.push(request)
        return stubs.save ? stubs.save(request) : { saved: true, remainingMs: 0 }
      }),
    },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, saves, submits, fetches }
}

async function startTaking(stubs: Stubs = {}) {
  const started = start(stubs)
  await vi.advanceTimersByTimeAsync(0)
  expect(started.actor.getSnapshot().matches({ inProgress: 'taking' })).toBe(true)
  return started
}

const statusOf = (answers: SubmittedAnswer[]) => Object.fromEntries(answers.map((a) => [a.questionId, a.status]))

describe('play machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  describe('loading', () => {
    it('refuses to start without a category', () => {
      const { actor, fetches } = start({}, { categoryId: undefined, userId: 'u1' })
      expect(actor.getSnapshot().matches('error')).toBe(true)
      expect(actor.getSnapshot().context.error).toBe('No category selected. Please select a category.')
      expect(fetches).toHaveLength(0)
    })

    it('loads the questions, then starts the attempt, then takes the quiz from question 1', async () => {
      const { actor, fetches } = start()
      expect(actor.getSnapshot().hasTag('loading')).toBe(true)
      await vi.advanceTimersByTimeAsync(0)
      const snapshot = actor.getSnapshot()
      expect(fetches).toEqual([{ categoryId: 7 }])
      expect(snapshot.matches({ inProgress: 'taking' })).toBe(true)
      expect(snapshot.hasTag('inProgress')).toBe(true)
      expect(snapshot.context).toMatchObject({
        attemptId: 'att-1',
        current: 0,
        remainingMs: 600_000,
        timeLimitMs: 600_000,
      })
      expect(snapshot.context.questions).toHaveLength(3)
    })

    it("keeps the attempt's accommodation, with the time the server gave (issue 15)", async () => {
      const { actor } = start({
        start: async () =>
          attempt({ timeLimit: 20, remainingMs: 1_200_000, accommodation: { extraTime: 'x2', readAloud: true } }),
      })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().context).toMatchObject({
        accommodation: { extraTime: 'x2', readAloud: true },
        timeLimitMs: 1_200_000,
        remainingMs: 1_200_000,
      })
      // Unlimited runs until the quiz expires: the clock keeps going, nothing is submitted early.
      const unlimited = start({
        start: async () => attempt({ timeLimit: 4320, remainingMs: 259_200_000, accommodation: { extraTime: 'unlimited', readAloud: false } }),
      })
      await vi.advanceTimersByTimeAsync(60_000)
      expect(unlimited.actor.getSnapshot().matches({ inProgress: 'taking' })).toBe(true)
      expect(unlimited.actor.getSnapshot().context.accommodation).toEqual({ extraTime: 'unlimited', readAloud: false })
      expect(unlimited.submits).toHaveLength(0)
    })

    it('has no accommodation when the attempt has none, or an odd one', async () => {
      const without = start()
      const odd = start({ start: async () => attempt({ accommodation: { extraTime: 'x9', readAloud: 1 } }) })
      await vi.advanceTimersByTimeAsync(0)
      for (const { actor } of [without, odd]) {
        expect(actor.getSnapshot().context.accommodation).toEqual({ extraTime: 'none', readAloud: false })
      }
    })

    it('says no questions were found for a 404 or an empty list', async () => {
      const notFound = start({
        fetch: () => Promise.reject({ error: 'No questions found for this category.', status: 404, code: 'not_found' }),
      })
      const empty = start({ fetch: async () => ({ questions: [], time_limit: 10 }) })
      await vi.advanceTimersByTimeAsync(0)
      for (const { actor } of [notFound, empty]) {
        expect(actor.getSnapshot().matches('error')).toBe(true)
        expect(actor.getSnapshot().context.error).toBe('No questions found for this category.')
      }
    })

    it('rejects malformed quiz data', async () => {
      const noList = start({ fetch: async () => ({ nope: true }) as unknown as QuestionsResponse })
      const badQuestion = start({
        fetch: async () => ({ questions: [{ id: 'x', text: 1 }] }) as unknown as QuestionsResponse,
      })
      const badAttempt = start({ start: async () => ({ attemptId: 5 }) as unknown as Attempt })
      const offline = start({ fetch: () => Promise.reject({ error: 'Network error' }) })
      await vi.advanceTimersByTimeAsync(0)
      for (const { actor } of [noList, badQuestion, badAttempt, offline]) {
        expect(actor.getSnapshot().matches('error')).toBe(true)
        expect(actor.getSnapshot().context.error).toBe('Invalid quiz data received. Please try again.')
      }
    })

    it("shows the server's reason when reading the questions is refused as a start would be", async () => {
      const refusals = [
        { error: 'You have already taken this quiz. Ask the host for a retake.', status: 409, code: 'already_attempted' },
        { error: 'This quiz is not open to you.', status: 403, code: 'forbidden' },
        { error: 'This quiz has expired and is no longer available.', status: 410, code: 'expired' },
      ].map((refusal) => ({ refusal, ...start({ fetch: () => Promise.reject(refusal) }) }))
      await vi.advanceTimersByTimeAsync(0)
      for (const { refusal, actor } of refusals) {
        expect(actor.getSnapshot().matches('error')).toBe(true)
        expect(actor.getSnapshot().context.error).toBe(refusal.error)
      }
    })

    it("shows the server's reason when the attempt cannot start", async () => {
      const { actor } = start({
        start: () => Promise.reject({ error: 'This quiz has expired', status: 422, code: 'expired' }),
      })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().context.error).toBe('This quiz has expired')
    })

    it('resumes an attempt: saved answers and marks come back, the clock is the server’s', async () => {
      const { actor } = start({
        start: async () =>
          attempt({
            resumed: true,
            remainingMs: 123_456,
            answers: [
              { questionId: 1, answer: 'B', marked: false },
              { questionId: 2, answer: null, marked: true },
              { questionId: 99, answer: 'A', marked: false },
            ],
          }),
      })
      await vi.advanceTimersByTimeAsync(0)
      const { context } = actor.getSnapshot()
      expect(context.answers).toEqual({ 1: 'B' })
      expect(context.marked).toEqual({ 2: true })
      expect(context.remainingMs).toBe(123_456)
      expect(questionStatus(context, 1)).toBe('answered')
      expect(questionStatus(context, 2)).toBe('marked')
      expect(questionStatus(context, 3)).toBe('notAnswered')
    })
  })

  describe('taking', () => {
    it('selects an answer and saves it; selecting it again clears it', async () => {
      const { actor, saves } = await startTaking()
      actor.send({ type: 'answer.select', option: 'C' })
      expect(actor.getSnapshot().context.answers).toEqual({ 1: 'C' })
      actor.send({ type: 'answer.select', option: 'A' })
      expect(actor.getSnapshot().context.answers).toEqual({ 1: 'A' })
      actor.send({ type: 'answer.select', option: 'A' })
      expect(actor.getSnapshot().context.answers).toEqual({})
      await vi.advanceTimersByTimeAsync(0)
      expect(saves).toEqual([
        { attemptId: 'att-1', questionId: 1, answer: 'C', marked: false },
        { attemptId: 'att-1', questionId: 1, answer: 'A', marked: false },
        { attemptId: 'att-1', questionId: 1, answer: null, marked: false },
      ])
    })

    it('saves one answer after another, in the order they were made', async () => {
      const order: string[] = []
      let release: () => void = () => undefined
      const gate = new Promise<void>((resolve) => (release = resolve))
      const { actor } = await startTaking({
        save: async (request) => {
          order.push(`start ${request.answer}`)
          if (request.answer === 'A') await gate
          order.push(`end ${request.answer}`)
          return { saved: true }
        },
      })
      actor.send({ type: 'answer.select', option: 'A' })
      actor.send({ type: 'answer.select', option: 'B' })
      await vi.advanceTimersByTimeAsync(0)
      expect(order).toEqual(['start A'])
      release()
      await vi.advanceTimersByTimeAsync(0)
      expect(order).toEqual(['start A', 'end A', 'start B', 'end B'])
    })

    it('clears an answer with answer.clear', async () => {
      const { actor, saves } = await startTaking()
      actor.send({ type: 'answer.select', option: 'D' })
      actor.send({ type: 'answer.clear' })
      expect(actor.getSnapshot().context.answers).toEqual({})
      await vi.advanceTimersByTimeAsync(0)
      expect(saves.at(-1)).toEqual({ attemptId: 'att-1', questionId: 1, answer: null, marked: false })
    })

    it('moves between questions and stays inside the quiz', async () => {
      const { actor } = await startTaking()
      actor.send({ type: 'question.prev' })
      expect(actor.getSnapshot().context.current).toBe(0)
      actor.send({ type: 'question.next' })
      actor.send({ type: 'question.next' })
      actor.send({ type: 'question.next' })
      expect(actor.getSnapshot().context.current).toBe(2)
      actor.send({ type: 'question.goto', index: 1 })
      expect(actor.getSnapshot().context.current).toBe(1)
      actor.send({ type: 'question.goto', index: 42 })
      expect(actor.getSnapshot().context.current).toBe(2)
      actor.send({ type: 'answer.select', option: 'B' })
      expect(actor.getSnapshot().context.answers).toEqual({ 3: 'B' })
    })

    it('marks for review, which overrides the answered status, and saves the mark', async () => {
      const { actor, saves } = await startTaking()
      actor.send({ type: 'answer.select', option: 'A' })
      actor.send({ type: 'review.toggle' })
      expect(questionStatus(actor.getSnapshot().context, 1)).toBe('marked')
      await vi.advanceTimersByTimeAsync(0)
      expect(saves.at(-1)).toEqual({ attemptId: 'att-1', questionId: 1, answer: 'A', marked: true })
      actor.send({ type: 'review.toggle' })
      expect(questionStatus(actor.getSnapshot().context, 1)).toBe('answered')
    })

    it('notes a failed save and keeps the answer', async () => {
      const { actor } = await startTaking({ save: () => Promise.reject({ error: 'Network error' }) })
      actor.send({ type: 'answer.select', option: 'A' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches({ inProgress: 'taking' })).toBe(true)
      expect(actor.getSnapshot().context.saveFailed).toBe(true)
      expect(actor.getSnapshot().context.answers).toEqual({ 1: 'A' })
    })

    it('submits at once when the server says the time is up while saving', async () => {
      const { actor, submits } = await startTaking({
        save: () => Promise.reject({ error: 'Time is up', status: 409, code: 'time_up' }),
      })
      actor.send({ type: 'answer.select', option: 'A' })
      await vi.advanceTimersByTimeAsync(0)
      expect(submits).toHaveLength(1)
      expect(actor.getSnapshot().matches('results')).toBe(true)
      expect(actor.getSnapshot().context.submitReason).toBe('timeout')
    })
  })

  describe('review summary', () => {
    it('opens the summary, goes back, and revisits a question from it', async () => {
      const { actor } = await startTaking()
      actor.send({ type: 'summary.open' })
      expect(actor.getSnapshot().matches({ inProgress: 'reviewSummary' })).toBe(true)
      expect(actor.getSnapshot().hasTag('inProgress')).toBe(true)
      // Answers are chosen on the question view, not in the summary.
      actor.send({ type: 'answer.select', option: 'A' })
      expect(actor.getSnapshot().context.answers).toEqual({})
      actor.send({ type: 'summary.back' })
      expect(actor.getSnapshot().matches({ inProgress: 'taking' })).toBe(true)
      actor.send({ type: 'summary.open' })
      actor.send({ type: 'question.goto', index: 2 })
      expect(actor.getSnapshot().matches({ inProgress: 'taking' })).toBe(true)
      expect(actor.getSnapshot().context.current).toBe(2)
    })
  })

  describe('submitting', () => {
    it('sends every question, marked ones as incomplete, and shows the result', async () => {
      let release: (r: ScoreResult) => void = () => undefined
      const { actor, submits } = await startTaking({
        submit: () => new Promise<ScoreResult>((resolve) => (release = resolve)),
      })
      actor.send({ type: 'answer.select', option: 'A' })
      actor.send({ type: 'question.next' })
      actor.send({ type: 'answer.select', option: 'B' })
      actor.send({ type: 'review.toggle' })
      actor.send({ type: 'summary.open' })
      actor.send({ type: 'quiz.submit' })
      expect(actor.getSnapshot().matches('submitting')).toBe(true)
      expect(actor.getSnapshot().hasTag('inProgress')).toBe(false)
      await vi.advanceTimersByTimeAsync(0)
      expect(submits).toEqual([
        {
          userId: 'u1',
          categoryId: 7,
          answers: [
            { questionId: 1, status: 'A' },
            { questionId: 2, status: 'incomplete' },
            { questionId: 3, status: 'incomplete' },
          ],
        },
      ])
      release(result)
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('results')).toBe(true)
      expect(actor.getSnapshot().context.result).toEqual(result)
      expect(actor.getSnapshot().context.submitReason).toBe('player')
    })

    it('can also submit straight from the question view', async () => {
      const { actor, submits } = await startTaking()
      actor.send({ type: 'quiz.submit' })
      await vi.advanceTimersByTimeAsync(0)
      expect(submits).toHaveLength(1)
      expect(actor.getSnapshot().matches('results')).toBe(true)
    })

    it('shows the submit error, retries, and can go back while time is left', async () => {
      let fail = true
      const { actor, submits } = await startTaking({
        submit: async () => {
          if (fail) throw { error: 'boom', status: 500 }
          return result
        },
      })
      actor.send({ type: 'summary.open' })
      actor.send({ type: 'quiz.submit' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('submitFailed')).toBe(true)
      expect(actor.getSnapshot().context.error).toBe('Failed to submit quiz. Please try again.')
      expect(actor.getSnapshot().hasTag('inProgress')).toBe(true)
      actor.send({ type: 'summary.back' })
      expect(actor.getSnapshot().matches({ inProgress: 'reviewSummary' })).toBe(true)
      expect(actor.getSnapshot().context.error).toBeNull()
      actor.send({ type: 'quiz.submit' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('submitFailed')).toBe(true)
      fail = false
      actor.send({ type: 'quiz.submit' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('results')).toBe(true)
      expect(submits).toHaveLength(3)
    })
  })

  describe('timer', () => {
    it('counts down from the remaining time on the device clock', async () => {
      const { actor } = await startTaking({ start: async () => attempt({ remainingMs: 5_000 }) })
      await vi.advanceTimersByTimeAsync(1_000)
      expect(actor.getSnapshot().context.remainingMs).toBe(4_000)
      await vi.advanceTimersByTimeAsync(2_500)
      expect(actor.getSnapshot().context.remainingMs).toBe(1_500)
    })

    it('keeps counting while the review summary is open', async () => {
      const { actor } = await startTaking({ start: async () => attempt({ remainingMs: 5_000 }) })
      actor.send({ type: 'summary.open' })
      await vi.advanceTimersByTimeAsync(2_000)
      expect(actor.getSnapshot().context.remainingMs).toBe(3_000)
    })

    it('submits the saved state at 00:00:00, marked questions as incomplete', async () => {
      const { actor, submits } = await startTaking({ start: async () => attempt({ remainingMs: 2_000 }) })
      actor.send({ type: 'answer.select', option: 'B' })
      actor.send({ type: 'question.next' })
      actor.send({ type: 'answer.select', option: 'C' })
      actor.send({ type: 'review.toggle' })
      await vi.advanceTimersByTimeAsync(1_750)
      expect(submits).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(250)
      expect(submits).toHaveLength(1)
      expect(statusOf(submits[0].answers)).toEqual({ 1: 'B', 2: 'incomplete', 3: 'incomplete' })
      const snapshot = actor.getSnapshot()
      expect(snapshot.matches('results')).toBe(true)
      expect(snapshot.context.remainingMs).toBe(0)
      expect(snapshot.context.submitReason).toBe('timeout')
      // The clock stopped: nothing more happens.
      await vi.advanceTimersByTimeAsync(5_000)
      expect(submits).toHaveLength(1)
    })

    it('submits at once when a resumed attempt has no time left', async () => {
      const { actor, submits } = start({ start: async () => attempt({ remainingMs: 0 }) })
      await vi.advanceTimersByTimeAsync(250)
      expect(submits).toHaveLength(1)
      expect(actor.getSnapshot().matches('results')).toBe(true)
    })
  })

  describe('server events', () => {
    it("follows the server's ticks", async () => {
      const { actor } = await startTaking({ start: async () => attempt({ remainingMs: 60_000 }) })
      actor.send({ type: 'server.tick', remainingMs: 30_000 })
      expect(actor.getSnapshot().context.remainingMs).toBe(30_000)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(actor.getSnapshot().context.remainingMs).toBe(29_000)
      actor.send({ type: 'server.tick', remainingMs: 45_000 })
      await vi.advanceTimersByTimeAsync(500)
      expect(actor.getSnapshot().context.remainingMs).toBe(44_500)
    })

    it('submits when the server clock reaches zero', async () => {
      const { actor, submits } = await startTaking()
      actor.send({ type: 'server.tick', remainingMs: 0 })
      expect(actor.getSnapshot().matches('submitting')).toBe(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(submits).toHaveLength(1)
      expect(actor.getSnapshot().context.submitReason).toBe('timeout')
    })

    it("fetches the server's result when it submitted the attempt at the deadline", async () => {
      const serverResult: ScoreResult = { ...result, score: 2, points: 20 }
      const { actor, submits } = await startTaking({ submit: async () => serverResult })
      actor.send({ type: 'answer.select', option: 'A' })
      actor.send({ type: 'server.submitted', reason: 'timeout' })
      expect(actor.getSnapshot().matches('submitting')).toBe(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(submits).toHaveLength(1)
      expect(actor.getSnapshot().matches('results')).toBe(true)
      expect(actor.getSnapshot().context.result).toEqual(serverResult)
      expect(actor.getSnapshot().context.submitReason).toBe('timeout')
    })

    it('ignores a second submitted notice while the result loads', async () => {
      const { actor, submits } = await startTaking()
      actor.send({ type: 'server.submitted', reason: 'player' })
      actor.send({ type: 'server.submitted', reason: 'player' })
      await vi.advanceTimersByTimeAsync(0)
      expect(submits).toHaveLength(1)
      expect(actor.getSnapshot().context.submitReason).toBe('player')
    })
  })

  describe('helpers', () => {
    it('submittedAnswers sends unanswered and marked questions as incomplete', () => {
      expect(
        submittedAnswers({ questions, answers: { 1: 'A', 2: 'D' }, marked: { 2: true, 3: true } }),
      ).toEqual([
        { questionId: 1, status: 'A' },
        { questionId: 2, status: 'incomplete' },
        { questionId: 3, status: 'incomplete' },
      ])
    })
  })
})
