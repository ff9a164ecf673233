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
 * answer change in order, so a reload restores it; typing is saved once it pauses). A question
 * A–D is answered by a letter (`answer.select`), every other type (issue 29) by a response
 * (`answer.respond`); a save the server refuses as not fitting its question (400) keeps the
 * answer and puts the server's words beside the question. `server.tick` from the WebSocket hub moves
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
  type Response,
  type SavedAnswer,
  type ScoreResult,
  type SubmittedAnswer,
} from '../api/play-api'
import { isTimeUp, loadErrorText, PLAY_ERRORS } from '../utils/play-texts'
import { isAnswerable, isAnswered, isLetter, isLetterQuestion, isPlayQuestion, isResponse, type Answer } from '../utils/question-types'

export const CLOCK_TICK_MS = 250
/** Typing (a text, a number, a slider moved by keys) is saved once it pauses this long. */
export const TYPING_SAVE_MS = 600

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
  /** The letter (A–D) or response (other types) per question id; a cleared answer is absent. */
  answers: Record<number, Answer>
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
  /** The server's words per question id for a save it refused (400); cleared by the next change. */
  saveErrors: Record<number, string>
  /** What the host granted for this attempt (issue 15): the timer and read-aloud follow it. */
  accommodation: Accommodation
}

export type SaveRequest = SavedAnswer & { attemptId: string }

export type PlayEvent =
  | { type: 'answer.select'; option: Letter }
  /** Any type but A–D: the new response (null clears it); `typing` saves it once typing pauses. */
  | { type: 'answer.respond'; response: Response | null; typing?: boolean }
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
  | { type: 'save.failed'; timeUp: boolean; questionId?: number; refused?: string }

export type SaverEvent = { type: 'save'; request: SaveRequest; typing?: boolean }

export type SubmitInput = { userId: string; categoryId: number; answers: SubmittedAnswer[] }

/** What the saver reports when a save fails: time up, refused (400, the server's words), or other. */
function saveFailure(request: SaveRequest, error: unknown): PlayEvent {
  const refused = isApiError(error) && error.status === 400 ? error.error : undefined
  return { type: 'save.failed', timeUp: isTimeUp(error), questionId: request.questionId, refused }
}

/**
 * The saver child: saves answer changes one after another (two quick clicks must reach the
 * server in the order they were made) and reports failures back. A save while typing waits
 * `TYPING_SAVE_MS` for the next keystroke of the same question, which replaces it (the submit
 * sends every answer anyway). Built from a save function so tests and the screen supply their own.
 */
export function answerSaverFrom(save: (request: SaveRequest) => Promise<unknown>) {
  return fromCallback<SaverEvent>(({ sendBack, receive }) => {
    let chain: Promise<void> = Promise.resolve()
    let stopped = false
    const waiting = new Map<number, ReturnType<typeof setTimeout>>()
    const enqueue = (request: SaveRequest) => {
      chain = chain.then(
        () =>
          save(request).then(
            () => undefined,
            (error: unknown) => {
              if (!stopped) sendBack(saveFailure(request, error))
            },
          ),
        () => undefined,
      )
    }
    receive((event) => {
      if (event.type !== 'save') return
      const { questionId } = event.request
      clearTimeout(waiting.get(questionId))
      waiting.delete(questionId)
      if (!event.typing) return enqueue(event.request)
      waiting.set(
        questionId,
        setTimeout(() => {
          waiting.delete(questionId)
          enqueue(event.request)
        }, TYPING_SAVE_MS),
      )
    })
    return () => {
      stopped = true
      waiting.forEach((timer) => clearTimeout(timer))
    }
  })
}

/**
 * What is sent on submit: every question, marked-for-review ones as not answered — a question
 * A–D as its letter or 'incomplete', any other type as its response or null.
 */
export function submittedAnswers(context: Pick<PlayContext, 'questions' | 'answers' | 'marked'>): SubmittedAnswer[] {
  return context.questions.map((question) => {
    const answer = context.answers[question.id]
    const given = !context.marked[question.id] && isAnswered(answer) ? answer : undefined
    if (isLetterQuestion(question)) return { questionId: question.id, status: isLetter(given) ? given : 'incomplete' }
    return { questionId: question.id, response: given && !isLetter(given) ? given : null }
  })
}

/** `slide`: a page with nothing to answer. */
export type QuestionStatus = 'notAnswered' | 'answered' | 'marked' | 'slide'

/** Marked for review overrides answered and not answered in the display. */
export function questionStatus(context: Pick<PlayContext, 'questions' | 'answers' | 'marked'>, questionId: number): QuestionStatus {
  if (context.marked[questionId]) return 'marked'
  if (isAnswered(context.answers[questionId])) return 'answered'
  const question = context.questions.find((q) => q.id === questionId)
  return question && !isAnswerable(question) ? 'slide' : 'notAnswered'
}

function questionsOf(output: unknown): Question[] | null {
  if (!output || typeof output !== 'object') return null
  const questions = (output as { questions?: unknown }).questions
  if (!Array.isArray(questions)) return null
  return questions.every(isPlayQuestion) ? questions : null
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
  const answer = context.answers[question.id]
  const marked = Boolean(context.marked[question.id])
  if (isLetterQuestion(question)) {
    return { attemptId: context.attemptId, questionId: question.id, answer: isLetter(answer) ? answer : null, marked }
  }
  const response = isAnswered(answer) && !isLetter(answer) ? (answer as Response) : null
  return { attemptId: context.attemptId, questionId: question.id, response, marked }
}

function without<T>(record: Record<number, T>, id: number): Record<number, T> {
  if (!(id in record)) return record
  const next = { ...record }
  delete next[id]
  return next
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
      const known = new Map(context.questions.map((q) => [q.id, q]))
      const answers: Record<number, Answer> = {}
      const marked: Record<number, boolean> = {}
      for (const saved of attempt.answers ?? []) {
        const question = known.get(saved.questionId)
        if (!question) continue
        // A question A–D comes back as its letter, any other type as its response (served positions).
        if (isLetterQuestion(question)) {
          if (isLetter(saved.answer)) answers[saved.questionId] = saved.answer
        } else if (isResponse(saved.response)) answers[saved.questionId] = saved.response
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
    selectAnswer: assign(({ context, event }) => {
      const question = context.questions[context.current]
      if (event.type !== 'answer.select' || !question) return {}
      const answers = { ...context.answers }
      // Clicking the chosen option again clears it.
      if (answers[question.id] === event.option) delete answers[question.id]
      else answers[question.id] = event.option
      return { answers, saveErrors: without(context.saveErrors, question.id) }
    }),
    respond: assign(({ context, event }) => {
      const question = context.questions[context.current]
      if (event.type !== 'answer.respond' || !question) return {}
      const answers = { ...context.answers }
      if (event.response) answers[question.id] = event.response
      else delete answers[question.id]
      return { answers, saveErrors: without(context.saveErrors, question.id) }
    }),
    clearAnswer: assign(({ context }) => {
      const question = context.questions[context.current]
      if (!question) return {}
      return { answers: without(context.answers, question.id), saveErrors: without(context.saveErrors, question.id) }
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
    saveCurrent: sendTo('saver', ({ context, event }): SaverEvent => {
      const request = saveRequestFor(context)
      // saveRequestFor is only null before an attempt exists, which cannot happen in progress.
      return { type: 'save', request: request as SaveRequest, typing: event.type === 'answer.respond' && event.typing === true }
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
    noteSaveRefused: assign({
      saveErrors: ({ context, event }) =>
        event.type === 'save.failed' && event.questionId !== undefined && event.refused
          ? { ...context.saveErrors, [event.questionId]: event.refused }
          : context.saveErrors,
    }),
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
    saveRefused: ({ event }) => event.type === 'save.failed' && Boolean(event.refused),
    /** A–D questions take letters, the other answerable types responses. */
    takesLetter: ({ context }) => {
      const question = context.questions[context.current]
      return question !== undefined && isLetterQuestion(question)
    },
    takesResponse: ({ context }) => {
      const question = context.questions[context.current]
      return question !== undefined && !isLetterQuestion(question) && isAnswerable(question)
    },
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
    saveErrors: {},
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
            'answer.select': { guard: 'takesLetter', actions: ['selectAnswer', 'saveCurrent'] },
            'answer.respond': { guard: 'takesResponse', actions: ['respond', 'saveCurrent'] },
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
          { guard: 'saveRefused', actions: 'noteSaveRefused' },
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
