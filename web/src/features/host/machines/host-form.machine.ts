/**
 * The host-quiz form (PRODUCT.md screen 9, section 4 "Host form: creating, success, redirect"
 * and the section 5 rules). Two parallel regions:
 *
 *   file:        empty ─(file.choose)─► checking ─► ready | failed      (POST /api/hostQuiz/preview)
 *   submission:  editing ─(form.submit, valid)─► creating ─► success ─(2 s)─► done (leave)
 *                   ▲                                │ failure
 *                   └────────────────────────────────┘
 *
 * The preview is shown as soon as a file is chosen, so row errors and an empty sheet are
 * caught before anything is created; the server checks everything again. Effects are named
 * actors/actions stubbed with `.provide()`: `previewFile`, `createQuiz`, `leave`.
 */
import { assign, fromPromise, setup, stateIn } from 'xstate'
import { errorMessage } from '@/lib/api-client'
import { INITIAL_SETTINGS, localDate, toSettingsFields, validateSettings, type QuizSettings } from '@/lib/quiz-settings'
import type { CreateQuizInput, CreateQuizResponse, HostedQuiz, HostFailure, PreviewResult } from '../api/host-api'
import { createFailed, fileError, HOST_FORM_TEXTS } from '../utils/host-texts'

export const CREATED_REDIRECT_MS = 2000

export type HostFormValues = { title: string } & QuizSettings

export type HostFormContext = {
  values: HostFormValues
  file: File | null
  preview: PreviewResult | null
  previewError: string | null
  error: string | null
  /** The create call was refused for lack of tokens (402): the screen links to /pricing. */
  needsTokens: boolean
  created: HostedQuiz | null
  /** Local date YYYY-MM-DD: the earliest custom expiry. */
  today: string
}

export type HostFormEvent =
  | { type: 'field.change'; field: keyof HostFormValues; value: string }
  | { type: 'file.choose'; file: File | null }
  | { type: 'form.submit' }

export type HostFormInput = { today?: string }

export const INITIAL_VALUES: HostFormValues = { title: '', ...INITIAL_SETTINGS }

/** The first rule of PRODUCT.md section 5 the form breaks, or null. */
export function validateHostForm(context: Pick<HostFormContext, 'values' | 'file' | 'preview' | 'previewError' | 'today'>): string | null {
  const { values, file, preview, previewError, today } = context
  if (!values.title.trim() || !file) return HOST_FORM_TEXTS.titleAndFile
  if (previewError) return fileError(previewError)
  if (preview && preview.errors.length > 0) return fileError(preview.errors[0].message)
  if (preview && preview.questions.length === 0) return HOST_FORM_TEXTS.noQuestions
  return validateSettings(values, today)
}

/** The multipart fields of POST /api/hostQuiz/upload (docs/hosting-api.md). */
export function toCreateInput(context: Pick<HostFormContext, 'values' | 'file'>): CreateQuizInput {
  return { file: context.file as File, title: context.values.title.trim(), ...toSettingsFields(context.values) }
}

type CreateOutput = CreateQuizResponse | HostFailure

function failureText(output: HostFailure): string {
  return createFailed(output.error || output.message || 'Unknown error')
}

export const hostFormMachine = setup({
  types: {
    context: {} as HostFormContext,
    events: {} as HostFormEvent,
    input: {} as HostFormInput,
  },
  actors: {
    previewFile: fromPromise<PreviewResult, { file: File }>(async () => {
      throw { error: 'previewFile is not provided' }
    }),
    createQuiz: fromPromise<CreateOutput, CreateQuizInput>(async () => {
      throw { error: 'createQuiz is not provided' }
    }),
  },
  actions: {
    setField: assign({
      values: ({ context, event }) =>
        event.type === 'field.change' ? { ...context.values, [event.field]: event.value } : context.values,
      error: null,
      needsTokens: false,
    }),
    setFile: assign({
      file: ({ event }) => (event.type === 'file.choose' ? event.file : null),
      preview: null,
      previewError: null,
      error: null,
      needsTokens: false,
    }),
    setPreview: assign({
      preview: (_, params: { output: PreviewResult }) => ({
        ...params.output,
        questions: Array.isArray(params.output?.questions) ? params.output.questions : [],
        errors: Array.isArray(params.output?.errors) ? params.output.errors : [],
      }),
    }),
    setPreviewError: assign({
      previewError: (_, params: { error: unknown }) => errorMessage(params.error, 'Unable to read the file'),
    }),
    setValidationError: assign({ error: ({ context }) => validateHostForm(context), needsTokens: false }),
    clearError: assign({ error: null, needsTokens: false }),
    setCreated: assign({ created: (_, params: { output: CreateOutput }) => (params.output as CreateQuizResponse).quiz ?? null }),
    setCreateFailure: assign({
      error: (_, params: { output: CreateOutput }) => failureText(params.output as HostFailure),
      needsTokens: (_, params: { output: CreateOutput }) => (params.output as HostFailure).code === 'insufficient_tokens',
    }),
    setCreateException: assign({ error: HOST_FORM_TEXTS.createException }),
    leave: () => {},
  },
  guards: {
    editing: stateIn({ submission: 'editing' }),
    checkingFile: stateIn({ file: 'checking' }),
    formInvalid: ({ context }) => validateHostForm(context) !== null,
    created: (_, params: { output: CreateOutput }) => Boolean(params.output && params.output.success),
  },
  delays: {
    redirect: CREATED_REDIRECT_MS,
  },
}).createMachine({
  id: 'hostForm',
  type: 'parallel',
  context: ({ input }) => ({
    values: INITIAL_VALUES,
    file: null,
    preview: null,
    previewError: null,
    error: null,
    needsTokens: false,
    created: null,
    today: input.today ?? localDate(),
  }),
  states: {
    file: {
      initial: 'empty',
      on: {
        'file.choose': { guard: 'editing', target: '.choosing', actions: 'setFile' },
      },
      states: {
        empty: {},
        // A transient step so that choosing another file restarts the preview.
        choosing: {
          always: [{ guard: ({ context }) => context.file !== null, target: 'checking' }, { target: 'empty' }],
        },
        checking: {
          tags: ['checkingFile'],
          invoke: {
            src: 'previewFile',
            input: ({ context }) => ({ file: context.file as File }),
            onDone: { target: 'ready', actions: { type: 'setPreview', params: ({ event }) => ({ output: event.output }) } },
            onError: { target: 'failed', actions: { type: 'setPreviewError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: {},
      },
    },
    submission: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'setField' },
            'form.submit': [
              { guard: 'checkingFile' },
              { guard: 'formInvalid', actions: 'setValidationError' },
              { target: 'creating', actions: 'clearError' },
            ],
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            src: 'createQuiz',
            input: ({ context }) => toCreateInput(context),
            onDone: [
              {
                guard: { type: 'created', params: ({ event }) => ({ output: event.output }) },
                target: 'success',
                actions: { type: 'setCreated', params: ({ event }) => ({ output: event.output }) },
              },
              { target: 'editing', actions: { type: 'setCreateFailure', params: ({ event }) => ({ output: event.output }) } },
            ],
            onError: { target: 'editing', actions: 'setCreateException' },
          },
        },
        success: {
          tags: ['busy', 'success'],
          after: { redirect: 'done' },
        },
        done: {
          tags: ['busy', 'success'],
          type: 'final',
          entry: 'leave',
        },
      },
    },
  },
})
