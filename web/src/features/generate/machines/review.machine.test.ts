import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { blankForm, toForm } from '@/components/question-fields/question-form'
import { decorativeImage, PHONE_ID, PROJECTOR_ID, servedImage } from '@/testing/media-fixtures'
import type { Generation, PublishInput, PublishResponse } from '../api/generate-api'
import { generated, mixedQuestions, ORDERING, TRUE_FALSE, typed, TYPE_ANSWER } from '../testing/fixtures'
import {
  answerLetter,
  questionsProblem,
  reviewMachine,
  toPublishInput,
  validateDraft,
  type Draft,
  type QuizMetadata,
  type ReviewInput,
  type TypedDraft,
} from './review.machine'

const metadata: QuizMetadata = {
  title: 'Plants',
  validityOption: '48h',
  timeLimit: 5,
  audienceType: 'emails',
  emails: 'a@b.c',
  audienceName: 'Lab',
  generationId: 'gen-1',
  dropped: [],
  generator: 'offline',
  requested: 3,
}

const published: PublishResponse = {
  success: true,
  message: 'Quiz created successfully',
  quiz: { id: 9, title: 'Plants', quizCode: 'PL4NTS', link: '/host/attemptQuiz?code=PL4NTS', questionCount: 3 },
}

const generation = (overrides: Partial<Generation> = {}): Generation => ({
  success: true,
  generationId: 'gen-1',
  status: 'generated',
  title: 'Cells',
  generator: 'offline',
  requested: 2,
  questions: [generated(1), generated(2)],
  dropped: [{ reason: 'It repeats another question', count: 1 }],
  ...overrides,
})

type Stubs = {
  load?: (id: string) => Promise<Generation>
  publish?: (body: PublishInput) => Promise<PublishResponse>
}

function start(input: ReviewInput = { questions: [generated(1), generated(2), generated(3)], quizMetadata: metadata }, stubs: Stubs = {}) {
  const leave = vi.fn()
  const leaveAfterFailure = vi.fn()
  const loads: string[] = []
  const publishes: { generationId: string; body: PublishInput }[] = []
  const machine = reviewMachine.provide({
    actors: {
      loadGeneration: fromPromise(async ({ input }: { input: { generationId: string } }) => {
        loads.push(input.generationId)
        return stubs.load ? stubs.load(input.generationId) : generation()
      }),
      publish: fromPromise(async ({ input }: { input: { generationId: string; body: PublishInput } }) => {
        publishes.push(input)
        return stubs.publish ? stubs.publish(input.body) : published
      }),
    },
    actions: { leave: () => leave(), leaveAfterFailure: () => leaveAfterFailure() },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, leave, leaveAfterFailure, loads, publishes }
}

const texts = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.questions.map((q) => q.question)

const draft = (overrides: Partial<Draft> = {}): Draft => ({
  id: 'q1',
  question: 'Q?',
  optionA: 'Red',
  optionB: 'Green',
  optionC: 'Blue',
  optionD: 'Yellow',
  answer: 'B',
  explanation: '',
  media: null,
  pictures: [null, null, null, null],
  ...overrides,
})

describe('review rules', () => {
  it('takes a letter A to D in any case, or the text of an option, as the answer', () => {
    const options = ['Red', 'Green', 'Blue', 'Yellow']
    expect(answerLetter('c', options)).toBe('C')
    expect(answerLetter(' D ', options)).toBe('D')
    expect(answerLetter('  blue ', options)).toBe('C')
    expect(answerLetter('YELLOW', options)).toBe('D')
    for (const bad of ['E', 'AB', '', 'Purple']) expect(answerLetter(bad, options)).toBeNull()
  })

  it('needs the question, four different options and an answer', () => {
    expect(validateDraft(draft(), 1)).toBeNull()
    expect(validateDraft(draft({ question: '  ' }), 1)).toBe('Please fill in the question and all four options')
    expect(validateDraft(draft({ optionC: '' }), 1)).toBe('Please fill in the question and all four options')
    expect(validateDraft(draft({ optionD: ' red ' }), 1)).toBe('The four options must be different')
    expect(validateDraft(draft({ answer: 'Purple' }), 1)).toBe('The answer must be a letter A to D or the text of one of the options')
  })

  it("checks a question of another type as the quiz editor does, named by its place", () => {
    const typedDraft = (overrides: Partial<TypedDraft> = {}): TypedDraft => ({ id: 'q2', question: 'Q?', explanation: '', form: toForm(ORDERING), media: null, ...overrides })
    expect(validateDraft(typedDraft(), 2)).toBeNull()
    expect(validateDraft(typedDraft({ question: ' ' }), 2)).toBe('Question 2 is missing one or more required fields')
    expect(validateDraft(typedDraft({ form: blankForm('ordering') as TypedDraft['form'] }), 3)).toBe('Question 3: items: an ordering may not be empty')
    expect(validateDraft(typedDraft({ form: toForm({ type: 'single_choice', options: ['a', 'b'], right: [] }) }), 1)).toBe(
      'Question 1: right: mark at least one option right',
    )
  })

  it('finds the first kept question of another type the checks refuse', () => {
    const kept = mixedQuestions().map((q, position) => ({ ...q, id: `q${position + 1}`, position }))
    expect(questionsProblem(kept)).toBeNull()
    const broken = typed(5, { type: 'type_answer', accepted: [] })
    expect(questionsProblem([...kept, { ...broken, id: 'q5', position: 4 }])).toBe('Question 5: accepted: give at least one accepted answer')
  })

  it('publishes the kept questions with the settings of the form', () => {
    const body = toPublishInput({
      questions: [{ ...generated(1), id: 'q1', position: 0, explanation: null }],
      quizMetadata: { ...metadata, title: '  Plants ' },
    })
    expect(body).toEqual({
      title: 'Plants',
      questions: [
        { question: 'Question 1?', optionA: 'Alpha 1', optionB: 'Bravo 1', optionC: 'Charlie 1', optionD: 'Delta 1', answer: 'B', explanation: '' },
      ],
      validityOption: '48h',
      customDate: undefined,
      timeLimit: 5,
      audienceType: 'emails',
      emails: 'a@b.c',
      audienceName: 'Lab',
      audienceListId: undefined,
    })
  })
})

describe('review machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('starts reviewing the questions of the router state', () => {
    const { actor, loads } = start()
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    expect(texts(actor)).toEqual(['Question 1?', 'Question 2?', 'Question 3?'])
    expect(loads).toEqual([])
  })

  it('with nothing to review and nothing to load, reviews an empty list and cannot confirm', () => {
    const { actor, publishes } = start({})
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    expect(actor.getSnapshot().context.quizMetadata).toBeNull()
    actor.send({ type: 'quiz.confirm' })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    expect(publishes).toEqual([])
  })

  it('edits a question: the answer typed as an option text becomes its letter', () => {
    const { actor } = start()
    actor.send({ type: 'question.edit', id: 'q2' })
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    expect(actor.getSnapshot().context.draft).toMatchObject({ id: 'q2', question: 'Question 2?', answer: 'B', explanation: 'Because 2.' })
    // Other questions cannot be touched meanwhile.
    actor.send({ type: 'question.delete', id: 'q1' })
    actor.send({ type: 'quiz.confirm' })
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    actor.send({ type: 'draft.change', field: 'question', value: ' What is new? ' })
    actor.send({ type: 'draft.change', field: 'answer', value: ' delta 2' })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    const edited = actor.getSnapshot().context.questions[1]
    expect(edited).toMatchObject({ question: 'What is new?', answer: 'D', source: generated(2).source })
    expect(actor.getSnapshot().context.draft).toBeNull()
  })

  it('keeps the draft open with an inline error until it is valid, and editing clears the error', () => {
    const { actor } = start()
    actor.send({ type: 'question.edit', id: 'q1' })
    actor.send({ type: 'draft.change', field: 'answer', value: 'E' })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('The answer must be a letter A to D or the text of one of the options')
    actor.send({ type: 'draft.change', field: 'answer', value: 'a' })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'draft.change', field: 'optionB', value: '' })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().context.error).toBe('Please fill in the question and all four options')
    actor.send({ type: 'draft.change', field: 'optionB', value: 'New B' })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().context.questions[0]).toMatchObject({ optionB: 'New B', answer: 'A' })
  })

  it('gives a question media (issue 30): checked with the draft, kept on the question, published by its ids', () => {
    const { actor } = start()
    actor.send({ type: 'question.edit', id: 'q1' })
    actor.send({ type: 'draft.media', media: { kind: 'uploading', name: 'map.png' } })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().context.error).toBe('Question 1: media.file: wait for the upload to finish, or cancel it')
    actor.send({ type: 'draft.media', media: { ...servedImage, alt: ' ' } })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().context.error).toBe('Question 1: media.alt: describe the image for those who cannot see it, or mark it decorative')
    actor.send({ type: 'draft.media', media: { ...servedImage, alt: 'A map' } })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    expect(actor.getSnapshot().context.questions[0].media).toEqual({ ...servedImage, alt: 'A map' })
    expect(toPublishInput(actor.getSnapshot().context).questions[0]).toMatchObject({
      question: 'Question 1?',
      media: { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'A map', decorative: false },
    })
    expect('media' in toPublishInput(actor.getSnapshot().context).questions[1]).toBe(false)

    // Edited again, the draft starts with its media; removed, the question has none.
    actor.send({ type: 'question.edit', id: 'q1' })
    expect(actor.getSnapshot().context.draft?.media).toEqual({ ...servedImage, alt: 'A map' })
    actor.send({ type: 'draft.media', media: null })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().context.questions[0].media).toBeUndefined()
  })

  it('gives an option A–D or an item a picture (issue 30): checked with the draft, kept aligned, published by its ids', () => {
    const { actor } = start({ questions: [generated(1), typed(2, ORDERING)], quizMetadata: metadata })
    actor.send({ type: 'question.edit', id: 'q1' })
    expect(actor.getSnapshot().context.draft).toMatchObject({ pictures: [null, null, null, null] })
    actor.send({ type: 'draft.picture', at: 'C', picture: { ...servedImage, alt: '' } })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().context.error).toBe('Question 1: picture 3: media.alt: describe the image for those who cannot see it, or mark it decorative')
    actor.send({ type: 'draft.picture', at: 'C', picture: servedImage })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().context.questions[0].pictures).toEqual([null, null, servedImage, null])

    actor.send({ type: 'question.edit', id: 'q2' })
    const ordering = () => (actor.getSnapshot().context.draft as TypedDraft).form as Extract<TypedDraft['form'], { type: 'ordering' }>
    actor.send({ type: 'draft.picture', at: ordering().items[1].key, picture: decorativeImage })
    // The item moves to the top with its picture.
    const [one, two, three] = ordering().items
    actor.send({ type: 'draft.form', form: { ...ordering(), items: [two, one, three] } })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().context.questions[1]).toMatchObject({ definition: { items: ['Two', 'One', 'Three'] }, pictures: [decorativeImage, null, null] })

    const body = toPublishInput(actor.getSnapshot().context)
    const map = { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'A map of Europe with France shaded', decorative: false }
    expect(body.questions[0].pictures).toEqual([null, null, map, null])
    expect(body.questions[1].pictures).toEqual([{ kind: 'image', phone: { id: 'e'.repeat(64) }, projector: { id: 'f'.repeat(64) }, alt: '', decorative: true }, null, null])
    expect(questionsProblem(actor.getSnapshot().context.questions)).toBeNull()
    expect(questionsProblem([{ ...actor.getSnapshot().context.questions[0], pictures: [{ ...servedImage, alt: '' }] }])).toBe(
      'Question 1: picture 1: media.alt: describe the image for those who cannot see it, or mark it decorative',
    )
  })

  it('cancelling an edit keeps the question as it was', () => {
    const { actor } = start()
    actor.send({ type: 'question.edit', id: 'q1' })
    actor.send({ type: 'draft.change', field: 'question', value: 'Changed' })
    actor.send({ type: 'draft.cancel' })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    expect(actor.getSnapshot().context.draft).toBeNull()
    expect(texts(actor)[0]).toBe('Question 1?')
  })

  it('ignores an edit of an unknown question', () => {
    const { actor } = start()
    actor.send({ type: 'question.edit', id: 'q9' })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
  })

  it('deletes questions and undoes each one back into its original place', () => {
    const { actor } = start()
    actor.send({ type: 'question.delete', id: 'q2' })
    actor.send({ type: 'question.delete', id: 'q1' })
    expect(texts(actor)).toEqual(['Question 3?'])
    expect(actor.getSnapshot().context.deleted.map((q) => q.id)).toEqual(['q2', 'q1'])
    actor.send({ type: 'question.restore', id: 'q2' })
    expect(texts(actor)).toEqual(['Question 2?', 'Question 3?'])
    actor.send({ type: 'question.restore', id: 'q1' })
    expect(texts(actor)).toEqual(['Question 1?', 'Question 2?', 'Question 3?'])
    expect(actor.getSnapshot().context.deleted).toEqual([])
  })

  it('cannot confirm with every question deleted, and can after an undo', async () => {
    const { actor, publishes } = start({ questions: [generated(1)], quizMetadata: metadata })
    actor.send({ type: 'question.delete', id: 'q1' })
    actor.send({ type: 'quiz.confirm' })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    actor.send({ type: 'question.restore', id: 'q1' })
    actor.send({ type: 'quiz.confirm' })
    expect(actor.getSnapshot().matches('publishing')).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(publishes).toHaveLength(1)
  })

  it('needs a title to confirm', () => {
    const { actor } = start()
    actor.send({ type: 'title.change', value: '  ' })
    actor.send({ type: 'quiz.confirm' })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('Please enter a quiz title')
    actor.send({ type: 'title.change', value: 'Leaves' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().context.quizMetadata?.title).toBe('Leaves')
  })

  it("publishes the kept, edited questions, says 'Quiz Created!' and leaves 2 s later", async () => {
    const { actor, publishes, leave, leaveAfterFailure } = start()
    actor.send({ type: 'question.delete', id: 'q3' })
    actor.send({ type: 'question.edit', id: 'q1' })
    actor.send({ type: 'draft.change', field: 'answer', value: 'c' })
    actor.send({ type: 'draft.save' })
    actor.send({ type: 'quiz.confirm' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(publishes[0].generationId).toBe('gen-1')
    expect(publishes[0].body.questions.map((q) => [q.question, 'answer' in q ? q.answer : null])).toEqual([
      ['Question 1?', 'C'],
      ['Question 2?', 'B'],
    ])
    expect(publishes[0].body).toMatchObject({ title: 'Plants', timeLimit: 5, audienceType: 'emails', validityOption: '48h' })
    expect(actor.getSnapshot().matches('created')).toBe(true)
    expect(actor.getSnapshot().context.created?.quizCode).toBe('PL4NTS')
    await vi.advanceTimersByTimeAsync(1999)
    expect(leave).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(leave).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().matches('done')).toBe(true)
    expect(leaveAfterFailure).not.toHaveBeenCalled()
  })

  it('leaves for My Quizzes with the failure when publishing fails', async () => {
    const { actor, leave, leaveAfterFailure } = start(undefined, {
      publish: async () => {
        throw { error: 'This generation has already been published', status: 409 }
      },
    })
    actor.send({ type: 'quiz.confirm' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    expect(leaveAfterFailure).toHaveBeenCalledTimes(1)
    expect(leave).not.toHaveBeenCalled()
  })

  describe('questions of other types (issue 29)', () => {
    const mixed = () => start({ questions: mixedQuestions(), quizMetadata: metadata })
    const definitionOf = (actor: ReturnType<typeof start>['actor'], index: number) => {
      const question = actor.getSnapshot().context.questions[index]
      return 'definition' in question ? question.definition : null
    }

    it('keeps each question as generated, and publishes A–D in its shape and the others as their definitions', async () => {
      const { actor, publishes } = mixed()
      expect(texts(actor)).toEqual(['Question 1?', 'Typed 2?', 'Typed 3?', 'Typed 4?'])
      expect(definitionOf(actor, 1)).toEqual(TRUE_FALSE)
      actor.send({ type: 'quiz.confirm' })
      await vi.advanceTimersByTimeAsync(0)
      expect(publishes[0].body.questions).toEqual([
        { question: 'Question 1?', optionA: 'Alpha 1', optionB: 'Bravo 1', optionC: 'Charlie 1', optionD: 'Delta 1', answer: 'B', explanation: 'Because 1.' },
        { question: 'Typed 2?', definition: TRUE_FALSE, explanation: 'Because 2.' },
        { question: 'Typed 3?', definition: TYPE_ANSWER, explanation: 'Because 3.' },
        { question: 'Typed 4?', definition: ORDERING, explanation: 'Because 4.' },
      ])
    })

    it('edits a typed question with the fields of its type, checked before it is saved', async () => {
      const { actor, publishes } = mixed()
      actor.send({ type: 'question.edit', id: 'q3' })
      const draft = actor.getSnapshot().context.draft as TypedDraft
      expect(draft).toMatchObject({ id: 'q3', question: 'Typed 3?', explanation: 'Because 3.' })
      expect(draft.form.type).toBe('type_answer')
      if (draft.form.type !== 'type_answer') return
      // A field of A–D does not apply to it.
      actor.send({ type: 'draft.change', field: 'optionA', value: 'x' })
      expect(actor.getSnapshot().context.draft).not.toHaveProperty('optionA')
      actor.send({ type: 'draft.form', form: { ...draft.form, accepted: [{ key: 'k', text: ' ' }] } })
      actor.send({ type: 'draft.save' })
      expect(actor.getSnapshot().matches('editing')).toBe(true)
      expect(actor.getSnapshot().context.error).toBe('Question 3: accepted: give at least one accepted answer')
      actor.send({ type: 'draft.form', form: { ...draft.form, accepted: [{ key: 'k', text: ' Paris ' }, { key: 'l', text: 'Lutetia' }], case_sensitive: true } })
      expect(actor.getSnapshot().context.error).toBeNull()
      actor.send({ type: 'draft.change', field: 'question', value: ' Capital of France? ' })
      actor.send({ type: 'draft.save' })
      expect(actor.getSnapshot().matches('reviewing')).toBe(true)
      const edited = actor.getSnapshot().context.questions[2]
      const definition = { type: 'type_answer', accepted: ['Paris', 'Lutetia'], case_sensitive: true, accents_matter: false }
      expect(edited).toEqual({ id: 'q3', position: 2, source: null, question: 'Capital of France?', type: 'type_answer', definition, explanation: 'Because 3.' })
      actor.send({ type: 'quiz.confirm' })
      await vi.advanceTimersByTimeAsync(0)
      expect(publishes[0].body.questions[2]).toEqual({ question: 'Capital of France?', definition, explanation: 'Because 3.' })
    })

    it('deletes a typed question and undoes it back into its place, definition and all', () => {
      const { actor } = mixed()
      actor.send({ type: 'question.delete', id: 'q2' })
      actor.send({ type: 'question.delete', id: 'q4' })
      expect(texts(actor)).toEqual(['Question 1?', 'Typed 3?'])
      actor.send({ type: 'question.restore', id: 'q2' })
      actor.send({ type: 'question.restore', id: 'q4' })
      expect(texts(actor)).toEqual(['Question 1?', 'Typed 2?', 'Typed 3?', 'Typed 4?'])
      expect(definitionOf(actor, 1)).toEqual(TRUE_FALSE)
      expect(definitionOf(actor, 3)).toEqual(ORDERING)
    })

    it('will not publish a kept typed question the checks refuse', async () => {
      const { actor, publishes } = start({ questions: [generated(1), typed(2, { type: 'ordering', items: ['a', 'b'] })], quizMetadata: metadata })
      actor.send({ type: 'quiz.confirm' })
      expect(actor.getSnapshot().matches('reviewing')).toBe(true)
      expect(actor.getSnapshot().context.error).toBe('Question 2: items: an ordering needs 3 to 8, got 2')
      actor.send({ type: 'question.delete', id: 'q2' })
      actor.send({ type: 'quiz.confirm' })
      await vi.advanceTimersByTimeAsync(0)
      expect(publishes).toHaveLength(1)
    })
  })

  describe('after a reload (no router state)', () => {
    it('loads the generation and reviews its questions with its title and the default settings', async () => {
      const { actor, loads } = start({ generationId: 'gen-1' })
      expect(actor.getSnapshot().hasTag('loading')).toBe(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(loads).toEqual(['gen-1'])
      expect(actor.getSnapshot().matches('reviewing')).toBe(true)
      expect(texts(actor)).toEqual(['Question 1?', 'Question 2?'])
      expect(actor.getSnapshot().context.quizMetadata).toEqual({
        title: 'Cells',
        validityOption: '24h',
        customDate: undefined,
        timeLimit: 30,
        audienceType: 'open',
        emails: undefined,
        audienceName: undefined,
        audienceListId: undefined,
        generationId: 'gen-1',
        dropped: [{ reason: 'It repeats another question', count: 1 }],
        generator: 'offline',
        requested: 2,
      })
    })

    it('restores questions of every type', async () => {
      const { actor, publishes } = start({ generationId: 'gen-1' }, { load: async () => generation({ title: 'Mixed', questions: mixedQuestions() }) })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('reviewing')).toBe(true)
      expect(texts(actor)).toEqual(['Question 1?', 'Typed 2?', 'Typed 3?', 'Typed 4?'])
      actor.send({ type: 'question.edit', id: 'q4' })
      expect((actor.getSnapshot().context.draft as TypedDraft).form.type).toBe('ordering')
      actor.send({ type: 'draft.cancel' })
      actor.send({ type: 'quiz.confirm' })
      await vi.advanceTimersByTimeAsync(0)
      expect(publishes[0].body.questions.slice(1)).toEqual([
        { question: 'Typed 2?', definition: TRUE_FALSE, explanation: 'Because 2.' },
        { question: 'Typed 3?', definition: TYPE_ANSWER, explanation: 'Because 3.' },
        { question: 'Typed 4?', definition: ORDERING, explanation: 'Because 4.' },
      ])
    })

    it('says when the generation is already published', async () => {
      const { actor } = start({ generationId: 'gen-1' }, { load: async () => generation({ status: 'published', quizId: 4 }) })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('published')).toBe(true)
    })

    it("shows a failed generation's error, or a note while it is still running", async () => {
      const failed = start({ generationId: 'gen-1' }, { load: async () => generation({ status: 'failed', questions: [], error: 'No questions could be found' }) })
      await vi.advanceTimersByTimeAsync(0)
      expect(failed.actor.getSnapshot().matches('unavailable')).toBe(true)
      expect(failed.actor.getSnapshot().context.error).toBe('No questions could be found')
      const running = start({ generationId: 'gen-1' }, { load: async () => generation({ status: 'requested', questions: [] }) })
      await vi.advanceTimersByTimeAsync(0)
      expect(running.actor.getSnapshot().context.error).toBe('These questions are still being generated. Reload the page in a moment.')
    })

    it("shows the server's error when the generation cannot be read", async () => {
      const { actor } = start({ generationId: 'nope' }, {
        load: async () => {
          throw { error: 'No such generation', code: 'not_found', status: 404 }
        },
      })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('unavailable')).toBe(true)
      expect(actor.getSnapshot().context.error).toBe('No such generation')
    })
  })
})
