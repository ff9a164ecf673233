import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { endOfLocalDay } from '@/lib/quiz-settings'
import type { GenerateResponse } from '../api/generate-api'
import { generateResponse } from '../testing/fixtures'
import {
  DEFAULT_TYPES,
  failureText,
  fileProblem,
  generateFormMachine,
  questionCount,
  toGenerateRequest,
  validateGenerateForm,
  withType,
  INITIAL_VALUES,
  type GeneratedState,
  type GenerateFormValues,
  type GenerateRequest,
} from './generate-form.machine'

const pdf = (name = 'notes.pdf', bytes = 100, type = 'application/pdf') => {
  const file = new File(['%PDF'], name, { type })
  Object.defineProperty(file, 'size', { value: bytes })
  return file
}

const values = (overrides: Partial<GenerateFormValues> = {}): GenerateFormValues => ({ ...INITIAL_VALUES, title: 'Plants', ...overrides })
const types = [...DEFAULT_TYPES]

function start(generate: (request: GenerateRequest) => Promise<GenerateResponse> = async () => generateResponse(3)) {
  const leave = vi.fn<(state: GeneratedState) => void>()
  const requests: GenerateRequest[] = []
  const machine = generateFormMachine.provide({
    actors: {
      generate: fromPromise(async ({ input }: { input: GenerateRequest }) => {
        requests.push(input)
        return generate(input)
      }),
    },
    actions: { leave: (_, params) => leave(params) },
  })
  const actor = createActor(machine, { input: { today: '2026-03-10' } }).start()
  return { actor, leave, requests }
}

function fill(actor: ReturnType<typeof start>['actor'], changes: Partial<GenerateFormValues>) {
  for (const [field, value] of Object.entries(changes)) {
    actor.send({ type: 'field.change', field: field as keyof GenerateFormValues, value: value as string })
  }
}

describe('generate form rules', () => {
  it('accepts PDF, Word and text files up to 10 MB', () => {
    for (const name of ['a.pdf', 'a.DOCX', 'a.doc', 'a.txt', 'a.md']) expect(fileProblem(pdf(name, 10, ''))).toBeNull()
    expect(fileProblem(pdf('notes', 10, 'text/plain'))).toBeNull()
    expect(fileProblem(pdf('sheet.xlsx', 10, 'application/vnd.ms-excel'))).toBe(
      'Invalid file type. Please upload PDF, Word, or text files only.',
    )
    expect(fileProblem(pdf('big.pdf', 10 * 1024 * 1024))).toBeNull()
    expect(fileProblem(pdf('big.pdf', 10 * 1024 * 1024 + 1))).toBe('File is too large. Please upload a file smaller than 10MB.')
  })

  it('checks title, content, file, validity and audience in that order', () => {
    const today = '2026-03-10'
    expect(validateGenerateForm({ values: values({ title: ' ' }), file: null, types, today })).toBe('Please enter a quiz title')
    expect(validateGenerateForm({ values: values({ topics: '  ' }), file: null, types, today })).toBe(
      'Please either enter text content or upload a file',
    )
    expect(validateGenerateForm({ values: values(), file: pdf('x.exe', 1, ''), types, today })).toBe(
      'Invalid file type. Please upload PDF, Word, or text files only.',
    )
    expect(validateGenerateForm({ values: values({ validityOption: 'custom', customDate: '2026-03-09' }), file: pdf(), types, today })).toBe(
      'Please select a valid date for quiz expiry',
    )
    expect(validateGenerateForm({ values: values({ topics: 'cells', audienceType: 'list' }), file: null, types, today })).toBe(
      'Please select an audience list',
    )
    expect(validateGenerateForm({ values: values({ topics: 'cells' }), file: null, types, today })).toBeNull()
  })

  it('needs at least one question type, checked after the file and before the settings', () => {
    const today = '2026-03-10'
    expect(validateGenerateForm({ values: values({ topics: 'cells', audienceType: 'list' }), file: null, types: [], today })).toBe(
      'Choose at least one question type',
    )
    expect(validateGenerateForm({ values: values(), file: pdf('x.exe', 1, ''), types: [], today })).toBe(
      'Invalid file type. Please upload PDF, Word, or text files only.',
    )
    expect(validateGenerateForm({ values: values({ topics: 'cells' }), file: null, types: ['gaps'], today })).toBeNull()
  })

  it('keeps the chosen types in the order of the generatable types', () => {
    expect(DEFAULT_TYPES).toEqual(['single_choice', 'true_false', 'multi_select', 'type_answer', 'ordering', 'matching'])
    expect(withType(['ordering', 'true_false'], 'numeric', true)).toEqual(['true_false', 'numeric', 'ordering'])
    expect(withType(['true_false', 'numeric'], 'true_false', false)).toEqual(['numeric'])
    expect(withType(['true_false'], 'true_false', true)).toEqual(['true_false'])
  })

  it('takes the time limit as the question count when it is a whole number', () => {
    expect(questionCount(' 5 ')).toBe(5)
    for (const none of ['', '0', 'abc', '2.5', '-3']) expect(questionCount(none)).toBeUndefined()
  })

  it('builds the keyword call without a file, and the file call with one', () => {
    expect(toGenerateRequest({ values: values({ topics: ' cells, leaves ', timeLimit: '12' }), file: null, types })).toEqual({
      kind: 'keyword',
      input: { keyword: 'cells, leaves', title: 'Plants', numberOfQuestions: 12, types },
    })
    const file = pdf()
    expect(
      toGenerateRequest({ values: values({ topics: 'light', validityOption: 'custom', customDate: '2026-03-12' }), file, types: ['gaps', 'true_false'] }),
    ).toEqual({
      kind: 'file',
      input: {
        file,
        title: 'Plants',
        prompt: 'light',
        numberOfQuestions: undefined,
        validityOption: 'custom',
        customDate: endOfLocalDay('2026-03-12'),
        types: ['true_false', 'gaps'],
      },
    })
  })

  it("prefixes the server's error, falls back per call, and names a refund", () => {
    expect(failureText({ error: 'Boom', status: 502 }, true)).toBe('Failed to generate quiz: Boom')
    expect(failureText({ error: 'Failed to generate quiz from file', status: 500 }, true)).toBe('Failed to generate quiz from file')
    expect(failureText(new Error('x'), false)).toBe('Failed to generate quiz from keywords')
    expect(failureText({ error: "Unknown question type 'slider': choose from single_choice, true_false", code: 'validation', status: 400 }, false)).toBe(
      "Failed to generate quiz: Unknown question type 'slider': choose from single_choice, true_false",
    )
    expect(failureText({ error: 'No authentication token found' }, false)).toBe('No authentication token found')
    expect(failureText({ error: 'Too slow', status: 504, details: { generationId: 'g', refunded: 5, balance: 5 } }, false)).toBe(
      'Failed to generate quiz: Too slow Your 5 tokens were refunded.',
    )
  })
})

describe('generate form machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the first broken rule on submit; editing clears it', () => {
    const { actor, requests } = start()
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.error).toBe('Please enter a quiz title')
    fill(actor, { title: 'Plants' })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.error).toBe('Please either enter text content or upload a file')
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    expect(requests).toEqual([])
  })

  it('checks a file as soon as it is chosen', () => {
    const { actor } = start()
    actor.send({ type: 'file.choose', file: pdf('slides.pptx', 10, 'application/vnd.ms-powerpoint') })
    expect(actor.getSnapshot().context.error).toBe('Invalid file type. Please upload PDF, Word, or text files only.')
    actor.send({ type: 'file.choose', file: pdf('big.pdf', 11 * 1024 * 1024) })
    expect(actor.getSnapshot().context.error).toBe('File is too large. Please upload a file smaller than 10MB.')
    actor.send({ type: 'file.choose', file: pdf() })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'file.choose', file: null })
    expect(actor.getSnapshot().context.file).toBeNull()
  })

  it('typing topics drops the chosen file; other fields keep it', () => {
    const { actor } = start()
    actor.send({ type: 'file.choose', file: pdf() })
    fill(actor, { title: 'Plants', timeLimit: '5' })
    expect(actor.getSnapshot().context.file).not.toBeNull()
    fill(actor, { topics: 'c' })
    expect(actor.getSnapshot().context.file).toBeNull()
  })

  it('generates, then leaves with the questions and the quiz settings', async () => {
    const { actor, requests, leave } = start()
    fill(actor, { title: ' Plants ', topics: 'photosynthesis', timeLimit: '5', audienceType: 'emails', emails: 'a@b.c', audienceName: 'Lab' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().matches('generating')).toBe(true)
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    fill(actor, { title: 'Other' })
    expect(actor.getSnapshot().context.values.title).toBe(' Plants ')
    await vi.advanceTimersByTimeAsync(0)
    expect(requests).toEqual([{ kind: 'keyword', input: { keyword: 'photosynthesis', title: 'Plants', numberOfQuestions: 5, types } }])
    expect(actor.getSnapshot().matches('done')).toBe(true)
    const response = generateResponse(3)
    expect(leave).toHaveBeenCalledWith({
      questions: response.questions,
      quizMetadata: {
        title: 'Plants',
        validityOption: '24h',
        customDate: undefined,
        timeLimit: 5,
        audienceType: 'emails',
        emails: 'a@b.c',
        audienceName: 'Lab',
        audienceListId: undefined,
        generationId: 'gen-1',
        dropped: response.dropped,
        generator: 'offline',
        requested: 5,
      },
    })
  })

  it('sends the question types chosen, and refuses to generate with none', async () => {
    const { actor, requests } = start()
    expect(actor.getSnapshot().context.types).toEqual(DEFAULT_TYPES)
    fill(actor, { title: 'History', topics: 'world history' })
    for (const type of DEFAULT_TYPES) actor.send({ type: 'types.change', questionType: type, checked: false })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('Choose at least one question type')
    actor.send({ type: 'types.change', questionType: 'type_answer', checked: true })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'types.change', questionType: 'true_false', checked: true })
    actor.send({ type: 'form.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(requests).toEqual([
      { kind: 'keyword', input: { keyword: 'world history', title: 'History', numberOfQuestions: undefined, types: ['true_false', 'type_answer'] } },
    ])
  })

  it('returns to the form with the failure and flags a lack of tokens', async () => {
    const { actor, leave } = start(async () => {
      throw {
        error: 'Generating a quiz costs 5 tokens and you have 0. Buy tokens on the pricing page.',
        code: 'insufficient_tokens',
        status: 402,
      }
    })
    fill(actor, { title: 'Plants' })
    actor.send({ type: 'file.choose', file: pdf() })
    actor.send({ type: 'form.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe(
      'Failed to generate quiz: Generating a quiz costs 5 tokens and you have 0. Buy tokens on the pricing page.',
    )
    expect(actor.getSnapshot().context.needsTokens).toBe(true)
    expect(leave).not.toHaveBeenCalled()
    fill(actor, { timeLimit: '3' })
    expect(actor.getSnapshot().context.needsTokens).toBe(false)
  })
})
