/**
 * The generate form (PRODUCT.md screen 11, section 5 "Generate form", section 8 "Generate"):
 *
 *   editing ─(form.submit, valid)─► generating ─► done (leave with the questions)
 *      ▲                                 │ failure
 *      └─────────────────────────────────┘
 *
 * With a file it calls POST /api/generate/file (the topics become the prompt), otherwise
 * POST /api/generate/keyword. The time limit, when it is a number, is also the number of
 * questions; empty, the server writes 10 and the quiz gets 30 minutes. Typing topics clears a
 * chosen file. Both calls send the chosen question types (issue 29; at least one), a mix by
 * default: the server writes those the source supports. Effects are named actors/actions stubbed
 * with `.provide()`: `generate`, `leave`.
 */
import { assign, fromPromise, setup } from 'xstate'
import { isApiError, NO_TOKEN_ERROR } from '@/lib/api-client'
import { INITIAL_SETTINGS, localDate, toSettingsFields, validateSettings, type QuizSettings } from '@/lib/quiz-settings'
import {
  FILE_FAILED,
  GENERATABLE_TYPES,
  KEYWORD_FAILED,
  type FileInput,
  type GeneratableType,
  type GeneratedQuestion,
  type GenerateResponse,
  type KeywordInput,
} from '../api/generate-api'
import { GENERATE_TEXTS, generateFailed, tokensRefunded } from '../utils/generate-texts'
import type { QuizMetadata } from './review.machine'

export const MAX_FILE_BYTES = 10 * 1024 * 1024
export const ACCEPTED_FILES = '.pdf,.doc,.docx,.txt,.md'

const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'md']
const ACCEPTED_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
]

export type GenerateFormValues = { title: string; topics: string } & QuizSettings

export type GenerateFormContext = {
  values: GenerateFormValues
  file: File | null
  /** The question types to write, in GENERATABLE_TYPES' order. */
  types: GeneratableType[]
  error: string | null
  /** The generation was refused for lack of tokens (402): the screen links to /pricing. */
  needsTokens: boolean
  /** Local date YYYY-MM-DD: the earliest custom expiry. */
  today: string
}

export type GenerateFormEvent =
  | { type: 'field.change'; field: keyof GenerateFormValues; value: string }
  | { type: 'file.choose'; file: File | null }
  | { type: 'types.change'; questionType: GeneratableType; checked: boolean }
  | { type: 'form.submit' }

export type GenerateFormInput = { today?: string }

export type GenerateRequest = { kind: 'file'; input: FileInput } | { kind: 'keyword'; input: KeywordInput }

/** What the review screen receives in router state. */
export type GeneratedState = { questions: GeneratedQuestion[]; quizMetadata: QuizMetadata }

/** What a generation asks for unless the host changes it: the types most sources support. */
export const DEFAULT_TYPES: readonly GeneratableType[] = ['single_choice', 'true_false', 'multi_select', 'type_answer', 'ordering', 'matching']

/** The chosen types with `questionType` added or taken out, in GENERATABLE_TYPES' order. */
export function withType(types: readonly GeneratableType[], questionType: GeneratableType, checked: boolean): GeneratableType[] {
  return GENERATABLE_TYPES.filter((type) => (type === questionType ? checked : types.includes(type)))
}

/** The time limit is empty here unless the host types one (then it is also the question count). */
export const INITIAL_VALUES: GenerateFormValues = { title: '', topics: '', ...INITIAL_SETTINGS, timeLimit: '' }

/** A PDF, Word (.docx, .doc) or text (.txt, .md) file of at most 10 MB; by extension or type. */
export function fileProblem(file: File): string | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : ''
  if (!ACCEPTED_EXTENSIONS.includes(extension) && !ACCEPTED_TYPES.includes(file.type)) return GENERATE_TEXTS.badFileType
  if (file.size > MAX_FILE_BYTES) return GENERATE_TEXTS.fileTooLarge
  return null
}

/** The first rule of PRODUCT.md section 5 "Generate form" the form breaks, or null. */
export function validateGenerateForm(context: Pick<GenerateFormContext, 'values' | 'file' | 'types' | 'today'>): string | null {
  const { values, file, types, today } = context
  if (!values.title.trim()) return GENERATE_TEXTS.noTitle
  if (!values.topics.trim() && !file) return GENERATE_TEXTS.noContent
  if (file) {
    const problem = fileProblem(file)
    if (problem) return problem
  }
  if (types.length === 0) return GENERATE_TEXTS.noTypes
  return validateSettings(values, today)
}

/** The time limit as a question count when it is a whole number from 1 up; else none (the server writes 10). */
export function questionCount(timeLimit: string): number | undefined {
  const value = timeLimit.trim()
  return /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined
}

export function toGenerateRequest(context: Pick<GenerateFormContext, 'values' | 'file' | 'types'>): GenerateRequest {
  const { values, file } = context
  const title = values.title.trim()
  const topics = values.topics.trim()
  const numberOfQuestions = questionCount(values.timeLimit)
  const types = GENERATABLE_TYPES.filter((type) => context.types.includes(type))
  if (!file) return { kind: 'keyword', input: { keyword: topics, title, numberOfQuestions, types } }
  const { validityOption, customDate } = toSettingsFields(values)
  return { kind: 'file', input: { file, title, prompt: topics || undefined, numberOfQuestions, validityOption, customDate, types } }
}

export function toGeneratedState(context: Pick<GenerateFormContext, 'values'>, response: GenerateResponse): GeneratedState {
  return {
    questions: Array.isArray(response.questions) ? response.questions : [],
    quizMetadata: {
      title: context.values.title.trim(),
      ...toSettingsFields(context.values),
      generationId: response.generationId,
      dropped: Array.isArray(response.dropped) ? response.dropped : [],
      generator: response.generator,
      requested: response.requested,
    },
  }
}

/** 'Failed to generate quiz: {server error}', the call's own fallback, or the missing-token text. */
export function failureText(error: unknown, withFile: boolean): string {
  const fallback = withFile ? FILE_FAILED : KEYWORD_FAILED
  if (!isApiError(error)) return fallback
  if (error.error === NO_TOKEN_ERROR && error.status === undefined) return NO_TOKEN_ERROR
  if (!error.error || error.error === fallback) return fallback
  const refunded = (error.details as { refunded?: unknown } | undefined)?.refunded
  const text = generateFailed(error.error)
  return typeof refunded === 'number' ? `${text} ${tokensRefunded(refunded)}` : text
}

export const generateFormMachine = setup({
  types: {
    context: {} as GenerateFormContext,
    events: {} as GenerateFormEvent,
    input: {} as GenerateFormInput,
  },
  actors: {
    generate: fromPromise<GenerateResponse, GenerateRequest>(async () => {
      throw { error: 'generate is not provided' }
    }),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {}
      const values = { ...context.values, [event.field]: event.value }
      return { values, file: event.field === 'topics' ? null : context.file, error: null, needsTokens: false }
    }),
    setFile: assign(({ event }) => {
      const file = event.type === 'file.choose' ? event.file : null
      return { file, error: file ? fileProblem(file) : null, needsTokens: false }
    }),
    setType: assign(({ context, event }) => {
      if (event.type !== 'types.change') return {}
      return { types: withType(context.types, event.questionType, event.checked), error: null, needsTokens: false }
    }),
    setValidationError: assign({ error: ({ context }) => validateGenerateForm(context), needsTokens: false }),
    clearError: assign({ error: null, needsTokens: false }),
    setFailure: assign({
      error: ({ context }, params: { error: unknown }) => failureText(params.error, context.file !== null),
      needsTokens: (_, params: { error: unknown }) => isApiError(params.error) && params.error.code === 'insufficient_tokens',
    }),
    leave: (_, _params: GeneratedState) => {},
  },
  guards: {
    formInvalid: ({ context }) => validateGenerateForm(context) !== null,
  },
}).createMachine({
  id: 'generateForm',
  context: ({ input }) => ({
    values: INITIAL_VALUES,
    file: null,
    types: [...DEFAULT_TYPES],
    error: null,
    needsTokens: false,
    today: input.today ?? localDate(),
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'file.choose': { actions: 'setFile' },
        'types.change': { actions: 'setType' },
        'form.submit': [
          { guard: 'formInvalid', actions: 'setValidationError' },
          { target: 'generating', actions: 'clearError' },
        ],
      },
    },
    generating: {
      tags: ['busy'],
      invoke: {
        src: 'generate',
        input: ({ context }) => toGenerateRequest(context),
        onDone: {
          target: 'done',
          actions: { type: 'leave', params: ({ context, event }) => toGeneratedState(context, event.output) },
        },
        onError: { target: 'editing', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      tags: ['busy'],
      type: 'final',
    },
  },
})
