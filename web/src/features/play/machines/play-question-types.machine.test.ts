/** The play machine with questions of every type (issue 29); A–D play is play.machine.test.ts. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Attempt, Question, QuestionsResponse, ScoreResult } from '../api/play-api'
import {
  answerSaverFrom,
  playMachine,
  questionStatus,
  submittedAnswers,
  TYPING_SAVE_MS,
  type SaveRequest,
  type SubmitInput,
} from './play.machine'

const questions: Question[] = [
  { id: 1, text: 'Which is right?', optionA: 'a', optionB: 'b', optionC: 'c', optionD: 'd' },
  { id: 2, text: 'g on Earth?', type: 'numeric', unit: 'm/s²' },
  { id: 3, text: 'Order the planets', type: 'ordering', items: ['Venus', 'Mercury', 'Earth'] },
  { id: 4, text: 'Capital of France?', type: 'type_answer' },
  { id: 5, text: 'Welcome', type: 'slide' },
]

const attempt = (answers: Attempt['answers'] = []): Attempt => ({
  attemptId: 'att-1',
  categoryId: 7,
  timeLimit: 10,
  startedAt: '2026-01-01T10:00:00Z',
  deadline: '2026-01-01T10:10:00Z',
  remainingMs: 600_000,
  answers,
  resumed: answers.length > 0,
})

const result: ScoreResult = { attemptId: 'att-1', score: 0, points: 0, total: 4, message: 'ok', feedback: [] }

type Stubs = {
  fetch?: () => Promise<QuestionsResponse>
  start?: () => Promise<Attempt>
  save?: (request: SaveRequest) => Promise<unknown>
}

async function startTaking(stubs: Stubs = {}) {
  const saves: SaveRequest[] = []
  const submits: SubmitInput[] = []
  const machine = playMachine.provide({
    actors: {
      fetchQuestions: fromPromise(async () => (stubs.fetch ? stubs.fetch() : { questions, time_limit: 10 })),
      startAttempt: fromPromise(async () => (stubs.start ? stubs.start() : attempt())),
      submitQuiz: fromPromise(async ({ input }: { input: SubmitInput }) => {
        submits.push(input)
        return result
      }),
      answerSaver: answerSaverFrom(async (request) => {
        saves.push(request)
        return stubs.save ? stubs.save(request) : { saved: true }
      }),
    },
  })
  const actor = createActor(machine, { input: { categoryId: 7, userId: 'u1' } }).start()
  await vi.advanceTimersByTimeAsync(0)
  return { actor, saves, submits }
}

describe('play machine with questions of every type', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('takes a quiz mixing questions A–D and other types', async () => {
    const { actor } = await startTaking()
    expect(actor.getSnapshot().matches({ inProgress: 'taking' })).toBe(true)
    expect(actor.getSnapshot().context.questions).toHaveLength(5)
  })

  it('refuses a question of an unknown type, or without the fields its type needs', async () => {
    for (const bad of [{ id: 9, text: 'x', type: 'hologram' }, { id: 9, text: 'x', type: 'ordering' }, { id: 9, text: 'x', type: 'slider', min: 5, max: 1, step: 1 }]) {
      const { actor } = await startTaking({ fetch: async () => ({ questions: [bad] }) as unknown as QuestionsResponse })
      expect(actor.getSnapshot().matches('error')).toBe(true)
      expect(actor.getSnapshot().context.error).toBe('Invalid quiz data received. Please try again.')
    }
  })

  it('saves a response with the question id and mark, and a cleared one as null', async () => {
    const { actor, saves } = await startTaking()
    actor.send({ type: 'question.goto', index: 1 })
    actor.send({ type: 'answer.respond', response: { number: 9.8 } })
    expect(actor.getSnapshot().context.answers).toEqual({ 2: { number: 9.8 } })
    expect(questionStatus(actor.getSnapshot().context, 2)).toBe('answered')
    actor.send({ type: 'review.toggle' })
    actor.send({ type: 'answer.clear' })
    expect(questionStatus(actor.getSnapshot().context, 2)).toBe('marked')
    actor.send({ type: 'review.toggle' })
    expect(questionStatus(actor.getSnapshot().context, 2)).toBe('notAnswered')
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toEqual([
      { attemptId: 'att-1', questionId: 2, response: { number: 9.8 }, marked: false },
      { attemptId: 'att-1', questionId: 2, response: { number: 9.8 }, marked: true },
      { attemptId: 'att-1', questionId: 2, response: null, marked: true },
      { attemptId: 'att-1', questionId: 2, response: null, marked: false },
    ])
  })

  it('takes letters only on questions A–D, responses only on the others, and nothing on a slide', async () => {
    const { actor, saves } = await startTaking()
    actor.send({ type: 'answer.respond', response: { choice: 1 } })
    actor.send({ type: 'question.goto', index: 1 })
    actor.send({ type: 'answer.select', option: 'B' })
    actor.send({ type: 'question.goto', index: 4 })
    actor.send({ type: 'answer.respond', response: { text: 'hello' } })
    expect(actor.getSnapshot().context.answers).toEqual({})
    expect(questionStatus(actor.getSnapshot().context, 5)).toBe('slide')
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toEqual([])
  })

  it('saves typing once it pauses, the last keystroke only', async () => {
    const { actor, saves } = await startTaking()
    actor.send({ type: 'question.goto', index: 3 })
    for (const text of ['P', 'Pa', 'Par']) actor.send({ type: 'answer.respond', response: { text }, typing: true })
    await vi.advanceTimersByTimeAsync(TYPING_SAVE_MS - 1)
    expect(saves).toEqual([])
    actor.send({ type: 'answer.respond', response: { text: 'Paris' }, typing: true })
    await vi.advanceTimersByTimeAsync(TYPING_SAVE_MS)
    expect(saves).toEqual([{ attemptId: 'att-1', questionId: 4, response: { text: 'Paris' }, marked: false }])
    // Marking while a save waits sends the latest answer at once, and only once.
    actor.send({ type: 'answer.respond', response: { text: 'Paris!' }, typing: true })
    actor.send({ type: 'review.toggle' })
    await vi.advanceTimersByTimeAsync(TYPING_SAVE_MS)
    expect(saves.slice(1)).toEqual([{ attemptId: 'att-1', questionId: 4, response: { text: 'Paris!' }, marked: true }])
  })

  it('counts blank text as no answer: not answered, saved and sent as null', async () => {
    const { actor, saves, submits } = await startTaking()
    actor.send({ type: 'question.goto', index: 3 })
    actor.send({ type: 'answer.respond', response: { text: '   ' } })
    expect(questionStatus(actor.getSnapshot().context, 4)).toBe('notAnswered')
    actor.send({ type: 'quiz.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toEqual([{ attemptId: 'att-1', questionId: 4, response: null, marked: false }])
    expect(submits[0].answers[3]).toEqual({ questionId: 4, response: null })
  })

  it('restores letters and responses of a resumed attempt, and drops what does not fit', async () => {
    const { actor } = await startTaking({
      start: async () =>
        attempt([
          { questionId: 1, answer: 'C', response: { choice: 2 }, marked: false },
          { questionId: 2, answer: null, response: { number: 9.81 }, marked: true },
          { questionId: 3, answer: null, response: { order: [1, 0, 2] }, marked: false },
          { questionId: 4, answer: null, response: 'Paris' as never, marked: false },
        ]),
    })
    const { context } = actor.getSnapshot()
    expect(context.answers).toEqual({ 1: 'C', 2: { number: 9.81 }, 3: { order: [1, 0, 2] } })
    expect(context.marked).toEqual({ 2: true })
    expect(questionStatus(context, 3)).toBe('answered')
    expect(questionStatus(context, 4)).toBe('notAnswered')
  })

  it('submits letters as statuses and responses as responses, marked and unanswered ones as null', () => {
    expect(
      submittedAnswers({
        questions,
        answers: { 1: 'A', 2: { number: 9.8 }, 3: { order: [1, 0, 2] } },
        marked: { 3: true },
      }),
    ).toEqual([
      { questionId: 1, status: 'A' },
      { questionId: 2, response: { number: 9.8 } },
      { questionId: 3, response: null },
      { questionId: 4, response: null },
      { questionId: 5, response: null },
    ])
  })

  it("keeps an answer the server refuses, with the server's words beside it until it changes", async () => {
    const refusal = { error: 'Question 2: this question takes a number', status: 400, code: 'invalid_response' }
    const { actor } = await startTaking({ save: (request) => (request.questionId === 2 ? Promise.reject(refusal) : Promise.resolve({})) })
    actor.send({ type: 'question.goto', index: 1 })
    actor.send({ type: 'answer.respond', response: { number: 1 } })
    await vi.advanceTimersByTimeAsync(0)
    const { context } = actor.getSnapshot()
    expect(context.saveErrors).toEqual({ 2: 'Question 2: this question takes a number' })
    expect(context.answers).toEqual({ 2: { number: 1 } })
    expect(context.saveFailed).toBe(false)
    expect(actor.getSnapshot().matches({ inProgress: 'taking' })).toBe(true)
    actor.send({ type: 'answer.respond', response: { number: 2 } })
    expect(actor.getSnapshot().context.saveErrors).toEqual({})
  })
})
