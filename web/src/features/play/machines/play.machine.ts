/**
 * The play flow (PRODUCT.md screen 8, section 4): load a category's questions, start (or
 * resume) the player's attempt, take the quiz against the server's clock, review, submit,
 * and show the result.
 *
 *   checking ─► loading.questions ─► loading.attempt ─► inProgress.taking ⇄ inProgress.reviewSummary
 *      │              │                     │                 │ quiz.submit / clock at 0 / server.submitted
 *      ▼              ▼                     ▼                 ▼
 *    error          error                 error           submitting ─► results
 *                                                             │
 *                                                             ▼
 *                                                        submitFailed (retry, or back while time is left)
 *
 * While `inProgress` two children run: `clock` (a `timer.tick` every 250 ms; the remaining
 * time is always the deadline minus now, so a slow tab never drifts) and `saver` (saves each
 * answer change in order, so a reload restores it). `server.tick` from the WebSocket hub moves
 * the deadline to the server's; `server.submitted` (the server submitted at the deadline, or
 * another tab did) fetches the result. Effects are named actors, stubbed with `.provide()`.
 * The attempt's accommodation (issue 15: extra time, read-aloud) is kept for the screen; the
 * deadline the server answers already includes the extra time.
 */
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import { errorMessage, isApiError } from '@/lib/api-client'
import { DEFAULT_QUIZ_TIME_LIMIT_MINUTES } from '@/lib/constants'
import { ticker } from '@/lib/ticker'
import {
  attemptAccommodation,
  type Accommodation,
  type Attempt,
  type Letter,
  type Question,
  type QuestionsResponse,
  type SavedAnswer,
  type ScoreResult,
  type SubmittedAnswer,
} from '../api/play-api'
import { isTimeUp, loadErrorText, PLAY_ERRORS } from '../utils/play-texts'

export const CLOCK_TICK_MS = 250

export type PlayInput = {
  /** From the navigation state; anything but a number is "no category selected". */
  categoryId: number | null | undefined
  userId: string
}

export type SubmitReason = 'player' | 'timeout'

export type PlayContext = {
  categoryId: number | null
  userId: string
  questions: Question[]
  attemptId: string | null
  /** The chosen letter per question id; a cleared answer is absent. */
  answers: Record<number, Letter>
  /** Marked for review, per question id. */
  marked: Record<number, boolean>
  current: number
  timeLimitMs: number
  /** The attempt's deadline on this device's clock (epoch ms). */
  deadlineAt: number
  remainingMs: number
  submitReason: SubmitReason | null
  result: ScoreResult | null
  error: string | null
  /** Set when an answer could not be saved (the answer stays on screen and is submitted). */
  saveFailed: boolean
  /** What the host granted for this attempt (issue 15): the timer and read-aloud follow it. */
  accommodation: Accommodation
}

export type SaveRequest = SavedAnswer & { attemptId: string }

export type PlayEvent =
  | { type: 'answer.select'; option: Letter }
  | { type: 'answer.clear' }
  | { type: 'question.next' }
  | { type: 'question.prev' }
  | { type: 'question.goto'; index: number }
  | { type: 'review.toggle' }
  | { type: 'summary.open' }
  | { type: 'summary.back' }
  | { type: 'quiz.submit' }
  | { type: 'timer.tick' }
  | { type: 'server.tick'; remainingMs: number }
  | { type: 'server.submitted'; reason?: SubmitReason }
  | { type: 'save.failed'; timeUp: boolean }

export type SaverEvent = { type: 'save'; request: SaveRequest }

export type SubmitInput = { userId: string; categoryId: number; answers: SubmittedAnswer[] }

/**
 * The saver child: saves answer changes one after another (two quick clicks must reach the
 * server in the order they were made) and reports failures back. Built from a save function
 * so tests and the screen supply their own.
 */
export function answerSaverFrom(save: (request: SaveRequest) => Promise<unknown>) {
  return fromCallback<SaverEvent>(({ sendBack, receive }) => {
    let chain: Promise<void> = Promise.resolve()
    let stopped = false
    receive((event) => {
      if (event.type !== 'save') return
      chain = chain.then(
        () =>
          save(event.request).then(
            () => undefined,
            (error: unknown) => {
              if (!stopped) sendBack({ type: 'save.failed', timeUp: isTimeUp(error) })
            },
          ),
        () => undefined,
      )
    })
    return () => {
      stopped = true
    }
  })
}

/** What is sent on submit: every question, marked-for-review ones as 'incomplete'. */
export function submittedAnswers(context: Pick<PlayContext, 'questions' | 'answers' | 'marked'>): SubmittedAnswer[] {
  return context.questions.map((question) => {
    const answer = context.answers[question.id]
    const status = context.marked[question.id] || !answer ? 'incomplete' : answer
    return { questionId: question.id, status }
  })
}

export type QuestionStatus = 'notAnswered' | 'answered' | 'marked'

/** Marked for review overrides answered and not answered in the display. */
export function questionStatus(context: Pick<PlayContext, 'answers' | 'marked'>, questionId: number): QuestionStatus {
  if (context.marked[questionId]) return 'marked'
  return context.answers[questionId] ? 'answered' : 'notAnswered'
}

function isValidQuestion(value: unknown): value is Question {
  if (!value || typeof value !== 'object') return false
  const q = value as Record<string, unknown>
  return (
    typeof q.id === 'number' &&
    typeof q.text === 'string' &&
    ['optionA', 'optionB', 'optionC', 'optionD'].every((key) => typeof q[key] === 'string')
  )
}

function questionsOf(output: unknown): Question[] | null {
  if (!output || typeof output !== 'object') return null
  const questions = (output as { questions?: unknown }).questions
  if (!Array.isArray(questions)) return null
  return questions.every(isValidQuestion) ? questions : null
}

function isValidAttempt(value: unknown): value is Attempt {
  if (!value || typeof value !== 'object') return false
  const a = value as Record<string, unknown>
  return typeof a.attemptId === 'string' && typeof a.remainingMs === 'number' && Number.isFinite(a.remainingMs)
}

function clamp(index: number, length: number): number {
  if (length === 0) return 0
  return Math.min(Math.max(0, Math.trunc(index)), length - 1)
}

function saveRequestFor(context: PlayContext): SaveRequest | null {
  const question = context.questions[context.current]
  if (!question || !context.attemptId) return null
  return {
    attemptId: context.attemptId,
    questionId: question.id,
    answer: context.answers[question.id] ?? null,
    marked: Boolean(context.marked[question.id]),
  }
}

export const playMachine = setup({
  types: {
    context: {} as PlayContext,
    events: {} as PlayEvent,
    input: {} as PlayInput,
  },
  actors: {
    fetchQuestions: fromPromise<QuestionsResponse, { categoryId: number }>(async () => {
      throw { error: 'fetchQuestions is not provided' }
    }),
    startAttempt: fromPromise<Attempt, { categoryId: number }>(async () => {
      throw { error: 'startAttempt is not provided' }
    }),
    submitQuiz: fromPromise<ScoreResult, SubmitInput>(async () => {
      throw { error: 'submitQuiz is not provided' }
    }),
    answerSaver: answerSaverFrom(async () => undefined),
    clock: ticker(CLOCK_TICK_MS),
  },
  actions: {
    setError: assign({ error: (_, params: { error: string }) => params.error }),
    setQuestions: assign({
      questions: (_, params: { output: QuestionsResponse }) => questionsOf(params.output) ?? [],
      timeLimitMs: (_, params: { output: QuestionsResponse }) =>
        (Number(params.output.time_limit) > 0 ? Number(params.output.time_limit) : DEFAULT_QUIZ_TIME_LIMIT_MINUTES) *
        60_000,
    }),
    setAttempt: assign(({ context }, params: { attempt: Attempt }) => {
      const { attempt } = params
      const known = new Set(context.questions.map((q) => q.id))
      const answers: Record<number, Letter> = {}
      const marked: Record<number, boolean> = {}
      for (const saved of attempt.answers ?? []) {
        if (!known.has(saved.questionId)) continue
        if (saved.answer) answers[saved.questionId] = saved.answer
        if (saved.marked) marked[saved.questionId] = true
      }
      const remainingMs = Math.max(0, attempt.remainingMs)
      return {
        attemptId: attempt.attemptId,
        answers,
        marked,
        current: 0,
        remainingMs,
        deadlineAt: Date.now() + remainingMs,
        timeLimitMs: attempt.timeLimit > 0 ? attempt.timeLimit * 60_000 : context.timeLimitMs,
        accommodation: attemptAccommodation(attempt),
        error: null,
      }
    }),
    selectAnswer: assign({
      answers: ({ context, event }) => {
        if (event.type !== 'answer.select') return context.answers
        const question = context.questions[context.current]
        if (!question) return context.answers
        const next = { ...context.answers }
        // Clicking the chosen option again clears it.
        if (next[question.id] === event.option) delete next[question.id]
        else next[question.id] = event.option
        return next
      },
    }),
    clearAnswer: assign({
      answers: ({ context }) => {
        const question = context.questions[context.current]
        if (!question) return context.answers
        const next = { ...context.answers }
        delete next[question.id]
        return next
      },
    }),
    toggleMark: assign({
      marked: ({ context }) => {
        const question = context.questions[context.current]
        if (!question) return context.marked
        const next = { ...context.marked }
        if (next[question.id]) delete next[question.id]
        else next[question.id] = true
        return next
      },
    }),
    saveCurrent: sendTo('saver', ({ context }): SaverEvent => {
      const request = saveRequestFor(context)
      // saveRequestFor is only null before an attempt exists, which cannot happen in progress.
      return { type: 'save', request: request as SaveRequest }
    }),
    nextQuestion: assign({ current: ({ context }) => clamp(context.current + 1, context.questions.length) }),
    prevQuestion: assign({ current: ({ context }) => clamp(context.current - 1, context.questions.length) }),
    gotoQuestion: assign({
      current: ({ context, event }) =>
        event.type === 'question.goto' ? clamp(event.index, context.questions.length) : context.current,
    }),
    syncClock: assign({ remainingMs: ({ context }) => Math.max(0, context.deadlineAt - Date.now()) }),
    followServerClock: assign(({ event, context }) => {
      if (event.type !== 'server.tick') return context
      const remainingMs = Math.max(0, event.remainingMs)
      return { remainingMs, deadlineAt: Date.now() + remainingMs }
    }),
    expire: assign({ remainingMs: 0, submitReason: 'timeout' as SubmitReason }),
    markPlayerSubmit: assign({ submitReason: 'player' as SubmitReason }),
    markServerSubmit: assign({
      submitReason: ({ event }) => (event.type === 'server.submitted' && event.reason === 'player' ? 'player' : 'timeout'),
    }),
    setResult: assign({ result: (_, params: { result: ScoreResult }) => params.result, error: null }),
    setSubmitError: assign({ error: PLAY_ERRORS.submitFailed }),
    clearError: assign({ error: null }),
    noteSaveFailed: assign({ saveFailed: true }),
  },
  guards: {
    hasCategory: ({ context }) => context.categoryId !== null,
    invalidQuizData: (_, params: { output: unknown }) => questionsOf(params.output) === null,
    noQuestions: (_, params: { output: unknown }) => (questionsOf(params.output) ?? []).length === 0,
    invalidAttempt: (_, params: { output: unknown }) => !isValidAttempt(params.output),
    deadlinePassed: ({ context }) => context.deadlineAt - Date.now() <= 0,
    serverTimeUp: ({ event }) => event.type === 'server.tick' && event.remainingMs <= 0,
    timeUp: ({ event }) => event.type === 'save.failed' && event.timeUp,
    timeLeft: ({ context }) => context.deadlineAt - Date.now() > 0,
  },
}).createMachine({
  id: 'play',
  context: ({ input }) => ({
    categoryId:
      typeof input.categoryId === 'number' && Number.isInteger(input.categoryId) ? input.categoryId : null,
    userId: input.userId,
    questions: [],
    attemptId: null,
    answers: {},
    marked: {},
    current: 0,
    timeLimitMs: DEFAULT_QUIZ_TIME_LIMIT_MINUTES * 60_000,
    deadlineAt: 0,
    remainingMs: 0,
    submitReason: null,
    result: null,
    error: null,
    saveFailed: false,
    accommodation: { extraTime: 'none', readAloud: false },
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasCategory', target: 'loading' },
        { target: 'error', actions: { type: 'setError', params: { error: PLAY_ERRORS.noCategory } } },
      ],
    },
    loading: {
      tags: ['loading'],
      initial: 'questions',
      states: {
        questions: {
          invoke: {
            src: 'fetchQuestions',
            input: ({ context }) => ({ categoryId: context.categoryId as number }),
            onDone: [
              {
                guard: { type: 'invalidQuizData', params: ({ event }) => ({ output: event.output }) },
                target: '#play.error',
                actions: { type: 'setError', params: { error: PLAY_ERRORS.invalidData } },
              },
              {
                guard: { type: 'noQuestions', params: ({ event }) => ({ output: event.output }) },
                target: '#play.error',
                actions: { type: 'setError', params: { error: PLAY_ERRORS.noQuestions } },
              },
              {
                target: 'attempt',
                actions: { type: 'setQuestions', params: ({ event }) => ({ output: event.output }) },
              },
            ],
            onError: {
              target: '#play.error',
              actions: { type: 'setError', params: ({ event }) => ({ error: loadErrorText(event.error) }) },
            },
          },
        },
        attempt: {
          invoke: {
            src: 'startAttempt',
            input: ({ context }) => ({ categoryId: context.categoryId as number }),
            onDone: [
              {
                guard: { type: 'invalidAttempt', params: ({ event }) => ({ output: event.output }) },
                target: '#play.error',
                actions: { type: 'setError', params: { error: PLAY_ERRORS.invalidData } },
              },
              {
                target: '#play.inProgress',
                actions: { type: 'setAttempt', params: ({ event }) => ({ attempt: event.output }) },
              },
            ],
            onError: {
              target: '#play.error',
              actions: {
                type: 'setError',
                params: ({ event }) => ({
                  error: isApiError(event.error) && event.error.status ? errorMessage(event.error, PLAY_ERRORS.invalidData) : PLAY_ERRORS.invalidData,
                }),
              },
            },
          },
        },
      },
      on: {
        // The attempt was already submitted elsewhere: show its result.
        'server.submitted': { target: 'submitting', actions: 'markServerSubmit' },
      },
    },
    inProgress: {
      tags: ['inProgress'],
      invoke: [
        { id: 'clock', src: 'clock' },
        { id: 'saver', src: 'answerSaver' },
      ],
      initial: 'taking',
      states: {
        taking: {
          on: {
            'answer.select': { actions: ['selectAnswer', 'saveCurrent'] },
            'answer.clear': { actions: ['clearAnswer', 'saveCurrent'] },
            'review.toggle': { actions: ['toggleMark', 'saveCurrent'] },
            'question.next': { actions: 'nextQuestion' },
            'question.prev': { actions: 'prevQuestion' },
            'question.goto': { actions: 'gotoQuestion' },
            'summary.open': { target: 'reviewSummary' },
          },
        },
        reviewSummary: {
          tags: ['summary'],
          on: {
            'question.goto': { target: 'taking', actions: 'gotoQuestion' },
            'summary.back': { target: 'taking' },
          },
        },
      },
      on: {
        'quiz.submit': { target: 'submitting', actions: 'markPlayerSubmit' },
        'timer.tick': [
          { guard: 'deadlinePassed', target: 'submitting', actions: 'expire' },
          { actions: 'syncClock' },
        ],
        'server.tick': [
          { guard: 'serverTimeUp', target: 'submitting', actions: 'expire' },
          { actions: 'followServerClock' },
        ],
        'server.submitted': { target: 'submitting', actions: 'markServerSubmit' },
        'save.failed': [
          { guard: 'timeUp', target: 'submitting', actions: 'expire' },
          { actions: 'noteSaveFailed' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'submitQuiz',
        input: ({ context }) => ({
          userId: context.userId,
          categoryId: context.categoryId as number,
          answers: submittedAnswers(context),
        }),
        onDone: { target: 'results', actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'submitFailed', actions: 'setSubmitError' },
      },
    },
    submitFailed: {
      tags: ['inProgress'],
      on: {
        'quiz.submit': { target: 'submitting' },
        'summary.back': { guard: 'timeLeft', target: '#play.inProgress.reviewSummary', actions: 'clearError' },
        'server.submitted': { target: 'submitting', actions: 'markServerSubmit' },
      },
    },
    results: {
      tags: ['done'],
    },
    error: {
      tags: ['failed'],
    },
  },
})
