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
import { errorMessage } from '../../../lib/api-client'
import type {
  AudienceType,
  CreateQuizInput,
  CreateQuizResponse,
  HostedQuiz,
  HostFailure,
  PreviewResult,
  ValidityOption,
} from '../api/host-api'
import { createFailed, fileError, HOST_FORM_TEXTS } from '../utils/host-texts'

export const CREATED_REDIRECT_MS = 2000
export const DEFAULT_TIME_LIMIT = 30
export const MIN_TIME_LIMIT = 1
export const MAX_TIME_LIMIT = 180

export type HostFormValues = {
  title: string
  validityOption: ValidityOption
  /** YYYY-MM-DD, for the custom validity. */
  customDate: string
  /** As typed; anything but a whole number from 1 to 180 is sent as 30. */
  timeLimit: string
  audienceType: AudienceType
  emails: string
  audienceName: string
  audienceListId: string
}

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

export const INITIAL_VALUES: HostFormValues = {
  title: '',
  validityOption: '24h',
  customDate: '',
  timeLimit: String(DEFAULT_TIME_LIMIT),
  audienceType: 'open',
  emails: '',
  audienceName: '',
  audienceListId: '',
}

/** Today as YYYY-MM-DD in local time (the date input's own format). */
export function localDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The end of a chosen local day as an RFC 3339 time, so "until that date" means the host's day. */
export function endOfLocalDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y, m - 1, d, 23, 59, 59).toISOString()
}

/** Emails are split on commas and trimmed; empty pieces are dropped. */
export function splitEmails(text: string): string[] {
  return text
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean)
}

/** A whole number of minutes from 1 to 180, else 30. */
export function normalizeTimeLimit(value: string): number {
  const minutes = Number(value.trim())
  if (value.trim() === '' || !Number.isInteger(minutes) || minutes < MIN_TIME_LIMIT || minutes > MAX_TIME_LIMIT) {
    return DEFAULT_TIME_LIMIT
  }
  return minutes
}

/** The first rule of PRODUCT.md section 5 the form breaks, or null. */
export function validateHostForm(context: Pick<HostFormContext, 'values' | 'file' | 'preview' | 'previewError' | 'today'>): string | null {
  const { values, file, preview, previewError, today } = context
  if (!values.title.trim() || !file) return HOST_FORM_TEXTS.titleAndFile
  if (previewError) return fileError(previewError)
  if (preview && preview.errors.length > 0) return fileError(preview.errors[0].message)
  if (preview && preview.questions.length === 0) return HOST_FORM_TEXTS.noQuestions
  if (values.validityOption === 'custom') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.customDate) || values.customDate < today) return HOST_FORM_TEXTS.invalidDate
  }
  if (values.audienceType === 'emails' && splitEmails(values.emails).length === 0) return HOST_FORM_TEXTS.noEmails
  if (values.audienceType === 'list' && !values.audienceListId) return HOST_FORM_TEXTS.noList
  return null
}

/** The multipart fields of POST /api/hostQuiz/upload (docs/hosting-api.md). */
export function toCreateInput(context: Pick<HostFormContext, 'values' | 'file'>): CreateQuizInput {
  const { values } = context
  return {
    file: context.file as File,
    title: values.title.trim(),
    validityOption: values.validityOption,
    customDate: values.validityOption === 'custom' ? endOfLocalDay(values.customDate) : undefined,
    timeLimit: normalizeTimeLimit(values.timeLimit),
    audienceType: values.audienceType,
    emails: values.audienceType === 'emails' ? splitEmails(values.emails).join(', ') : undefined,
    audienceName: values.audienceType === 'emails' ? values.audienceName.trim() || undefined : undefined,
    audienceListId: values.audienceType === 'list' ? values.audienceListId : undefined,
  }
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
