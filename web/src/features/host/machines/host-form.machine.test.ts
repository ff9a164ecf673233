import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { endOfLocalDay } from '@/lib/quiz-settings'
import type { CreateQuizInput, CreateQuizResponse, HostFailure, PreviewResult } from '../api/host-api'
import { quizCreated } from '../testing/fixtures'
import {
  hostFormMachine,
  toCreateInput,
  validateHostForm,
  type HostFormContext,
  type HostFormValues,
} from './host-form.machine'

const question = (row: number) => ({
  row,
  text: `Question ${row}?`,
  optionA: 'a',
  optionB: 'b',
  optionC: 'c',
  optionD: 'd',
  answer: 'b',
  correctLetter: 'B' as const,
  explanation: '',
})

const goodPreview: PreviewResult = { success: true, format: 'csv', questions: [question(2), question(3)], errors: [] }

const created = quizCreated({ questionCount: 2, timeLimit: 30 })

type Stubs = {
  preview?: (file: File) => Promise<PreviewResult>
  create?: (input: CreateQuizInput) => Promise<CreateQuizResponse | HostFailure>
}

function start(stubs: Stubs = {}) {
  const leave = vi.fn()
  const creates: CreateQuizInput[] = []
  const previews: File[] = []
  const machine = hostFormMachine.provide({
    actors: {
      previewFile: fromPromise(async ({ input }: { input: { file: File } }) => {
        previews.push(input.file)
        return stubs.preview ? stubs.preview(input.file) : goodPreview
      }),
      createQuiz: fromPromise(async ({ input }: { input: CreateQuizInput }) => {
        creates.push(input)
        return stubs.create ? stubs.create(input) : created
      }),
    },
    actions: { leave: () => leave() },
  })
  const actor = createActor(machine, { input: { today: '2026-03-10' } }).start()
  return { actor, leave, creates, previews }
}

const file = (name = 'quiz.csv') => new File(['Question,Option A\n'], name, { type: 'text/csv' })

function fill(actor: ReturnType<typeof start>['actor'], values: Partial<HostFormValues>) {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'field.change', field: field as keyof HostFormValues, value: value as string })
  }
}

const ctx = (overrides: Partial<HostFormContext> = {}): HostFormContext => ({
  values: {
    title: 'Cells',
    validityOption: '24h',
    customDate: '',
    timeLimit: '30',
    audienceType: 'open',
    emails: '',
    audienceName: '',
    audienceListId: '',
  },
  file: file(),
  preview: goodPreview,
  previewError: null,
  error: null,
  needsTokens: false,
  created: null,
  today: '2026-03-10',
  ...overrides,
})

describe('host form rules', () => {
  it('checks the rules of PRODUCT.md section 5 in order', () => {
    expect(validateHostForm(ctx())).toBeNull()
    expect(validateHostForm(ctx({ file: null }))).toBe('Please provide a quiz title and upload a file')
    expect(validateHostForm(ctx({ values: { ...ctx().values, title: '   ' } }))).toBe(
      'Please provide a quiz title and upload a file',
    )
    expect(validateHostForm(ctx({ previewError: 'Unsupported file type' }))).toBe('Error with Excel file: Unsupported file type')
    expect(
      validateHostForm(
        ctx({
          preview: {
            ...goodPreview,
            errors: [
              { row: 3, message: 'Row 3 is missing one or more required fields' },
              { row: 5, message: 'Row 5 is missing one or more required fields' },
            ],
          },
        }),
      ),
    ).toBe('Error with Excel file: Row 3 is missing one or more required fields')
    expect(validateHostForm(ctx({ preview: { ...goodPreview, questions: [] } }))).toBe(
      'No questions found in the uploaded file. Please check the format and try again.',
    )
    const values = ctx().values
    expect(validateHostForm(ctx({ values: { ...values, validityOption: 'custom' } }))).toBe(
      'Please select a valid date for quiz expiry',
    )
    expect(validateHostForm(ctx({ values: { ...values, validityOption: 'custom', customDate: '2026-03-09' } }))).toBe(
      'Please select a valid date for quiz expiry',
    )
    expect(validateHostForm(ctx({ values: { ...values, validityOption: 'custom', customDate: '2026-03-10' } }))).toBeNull()
    expect(validateHostForm(ctx({ values: { ...values, audienceType: 'emails', emails: ' , ,' } }))).toBe(
      'Please provide email addresses for quiz participants',
    )
    expect(validateHostForm(ctx({ values: { ...values, audienceType: 'list' } }))).toBe('Please select an audience list')
  })

  it('builds the upload fields for each audience and validity', () => {
    const values = ctx().values
    expect(toCreateInput(ctx())).toMatchObject({ title: 'Cells', validityOption: '24h', timeLimit: 30, audienceType: 'open' })
    expect(toCreateInput(ctx()).customDate).toBeUndefined()
    const custom = toCreateInput(ctx({ values: { ...values, validityOption: 'custom', customDate: '2026-03-12' } }))
    expect(custom.customDate).toBe(endOfLocalDay('2026-03-12'))
    expect(new Date(custom.customDate as string).getDate()).toBe(12)
    expect(new Date(custom.customDate as string).getHours()).toBe(23)
    const emails = toCreateInput(
      ctx({ values: { ...values, audienceType: 'emails', emails: 'a@b.c , d@e.f', audienceName: ' Class 7 ' } }),
    )
    expect(emails).toMatchObject({ audienceType: 'emails', emails: 'a@b.c, d@e.f', audienceName: 'Class 7' })
    const list = toCreateInput(ctx({ values: { ...values, audienceType: 'list', audienceListId: 'l1', emails: 'x@y.z' } }))
    expect(list).toMatchObject({ audienceType: 'list', audienceListId: 'l1' })
    expect(list.emails).toBeUndefined()
  })
})

describe('host form machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('previews a chosen file and keeps the rows and row errors', async () => {
    const withErrors: PreviewResult = { ...goodPreview, errors: [{ row: 4, message: 'Row 4 is missing one or more required fields' }] }
    const { actor, previews } = start({ preview: async () => withErrors })
    const chosen = file()
    actor.send({ type: 'file.choose', file: chosen })
    expect(actor.getSnapshot().hasTag('checkingFile')).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(previews).toEqual([chosen])
    expect(actor.getSnapshot().matches({ file: 'ready' })).toBe(true)
    expect(actor.getSnapshot().context.preview).toEqual(withErrors)
    fill(actor, { title: 'Cells' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.error).toBe('Error with Excel file: Row 4 is missing one or more required fields')
    expect(actor.getSnapshot().matches({ submission: 'editing' })).toBe(true)
  })

  it('choosing another file restarts the preview; an unreadable file blocks submission', async () => {
    let calls = 0
    const { actor } = start({
      preview: async () => {
        calls += 1
        if (calls === 2) throw { error: 'Unsupported file type', status: 415 }
        return goodPreview
      },
    })
    actor.send({ type: 'file.choose', file: file('one.csv') })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'file.choose', file: file('two.pdf') })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ file: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context.preview).toBeNull()
    fill(actor, { title: 'Cells' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.error).toBe('Error with Excel file: Unsupported file type')
    actor.send({ type: 'file.choose', file: null })
    expect(actor.getSnapshot().matches({ file: 'empty' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('refuses to submit without a title and a file, and editing clears the error', () => {
    const { actor, creates } = start()
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.error).toBe('Please provide a quiz title and upload a file')
    fill(actor, { title: 'C' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(creates).toHaveLength(0)
  })

  it('creates, shows success, and leaves 2 seconds later', async () => {
    const { actor, creates, leave } = start()
    actor.send({ type: 'file.choose', file: file() })
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, { title: ' Cells ', timeLimit: '45', audienceType: 'emails', emails: 'a@b.c, d@e.f', audienceName: 'Lab' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().matches({ submission: 'creating' })).toBe(true)
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    // Edits are ignored while the quiz is being created.
    fill(actor, { title: 'Other' })
    expect(actor.getSnapshot().context.values.title).toBe(' Cells ')
    await vi.advanceTimersByTimeAsync(0)
    expect(creates[0]).toMatchObject({ title: 'Cells', timeLimit: 45, audienceType: 'emails', emails: 'a@b.c, d@e.f', audienceName: 'Lab' })
    expect(actor.getSnapshot().matches({ submission: 'success' })).toBe(true)
    expect(actor.getSnapshot().context.created?.quizCode).toBe('K7QH2M')
    await vi.advanceTimersByTimeAsync(1999)
    expect(leave).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(leave).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().matches({ submission: 'done' })).toBe(true)
  })

  it("shows the server's failure and flags a lack of tokens", async () => {
    const { actor } = start({
      create: async () => ({
        success: false,
        code: 'insufficient_tokens',
        error: 'Not enough tokens: hosting a quiz costs 1 token',
        message: 'Not enough tokens: hosting a quiz costs 1 token',
        details: { balance: 0, needed: 1, pricing: '/pricing' },
        status: 402,
      }),
    })
    actor.send({ type: 'file.choose', file: file() })
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, { title: 'Cells' })
    actor.send({ type: 'form.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ submission: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('Failed to create quiz: Not enough tokens: hosting a quiz costs 1 token')
    expect(actor.getSnapshot().context.needsTokens).toBe(true)
  })

  it('uses the message when there is no error text, and a fixed text when the call throws', async () => {
    let mode: 'message' | 'throw' = 'message'
    const { actor } = start({
      create: async () => {
        if (mode === 'throw') throw { error: 'No authentication token found' }
        return { success: false, error: 'Network error', message: 'Failed to create quiz' }
      },
    })
    actor.send({ type: 'file.choose', file: file() })
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, { title: 'Cells' })
    actor.send({ type: 'form.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('Failed to create quiz: Network error')
    mode = 'throw'
    actor.send({ type: 'form.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('An error occurred while creating the quiz')
    expect(actor.getSnapshot().context.needsTokens).toBe(false)
  })

  it('does not submit while the file is still being checked', async () => {
    let release: (value: PreviewResult) => void = () => undefined
    const { actor, creates } = start({ preview: () => new Promise((resolve) => (release = resolve)) })
    fill(actor, { title: 'Cells' })
    actor.send({ type: 'file.choose', file: file() })
    actor.send({ type: 'form.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(creates).toHaveLength(0)
    expect(actor.getSnapshot().matches({ submission: 'editing' })).toBe(true)
    release(goodPreview)
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'form.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(creates).toHaveLength(1)
  })
})
