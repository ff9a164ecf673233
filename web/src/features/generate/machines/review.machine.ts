/**
 * The review of generated questions (PRODUCT.md screen 12, section 4 "Generation review",
 * section 5 "Review edit"):
 *
 *   start ─► loading (reload: GET /api/generate/{id}) ─► reviewing | published | unavailable
 *     └────────────────────────────────────────────────► reviewing
 *   reviewing ─(question.edit)─► editing ─(draft.save, valid | draft.cancel)─► reviewing
 *   reviewing ─(quiz.confirm)─► publishing ─► created ─(2 s)─► done (leave)
 *                                   └─ failure ─► failed (leaveAfterFailure)
 *
 * Questions are of any type (issue 29): a question A–D is edited as its four options and the
 * answer typed (a letter or an option's text); any other type as the quiz editor edits it, the
 * fields of its type (src/components/question-fields), with the editor's checks before it is
 * saved, and it is published as its `definition`. Deleted questions keep their original
 * position, so an undo puts them back where they were. Confirm needs at least one kept question
 * (the server refuses an empty quiz), a title, and every kept question of another type passing
 * the editor's checks (the server would refuse it, and a refused publish leaves the review).
 * A question being edited may be given a picture, a sound or a video (issue 30: `draft.media`,
 * checked with the question, published by the files' ids), and a picture on each option or item
 * (`draft.picture`, by the row's key or, A–D, the letter; published as `pictures`, one per entry
 * of its pictured list: src/components/question-fields/picture-form.ts).
 * Effects are named actors/actions stubbed with `.provide()`: `loadGeneration`, `publish`,
 * `leave`, `leaveAfterFailure`.
 */
import { assign, fromPromise, setup } from 'xstate'
import { isUploading, mediaField, type MediaForm, type PictureForm } from '@/components/question-fields/media-form'
import { formPictures, picturesField, servedPictures, setPicture, withPictures } from '@/components/question-fields/picture-form'
import { mediaProblem, picturesProblem, questionProblem } from '@/components/question-fields/question-checks'
import { toDefinition, toForm, type QuestionForm, type TypedForm } from '@/components/question-fields/question-form'
import { errorMessage } from '@/lib/api-client'
import { LETTERS } from '@/lib/constants'
import { INITIAL_SETTINGS, toSettingsFields, type QuizSettingsFields } from '@/lib/quiz-settings'
import type { Letter, ServedMedia, ServedPictures } from '@/types/api'
import {
  isTypedQuestion,
  type Dropped,
  type GeneratedQuestion,
  type Generation,
  type PublishedQuiz,
  type PublishInput,
  type PublishResponse,
} from '../api/generate-api'
import { REVIEW_TEXTS } from '../utils/generate-texts'

export const CREATED_REDIRECT_MS = 2000

/** What the generate form passes to the review with the questions (router state). */
export type QuizMetadata = QuizSettingsFields & {
  title: string
  generationId: string
  dropped: Dropped[]
  generator?: string
  requested?: number
}

/**
 * A question under review: its id, its place in the generated list, and the media the host gave
 * it, and the pictures on its options or items (in its pictured list's order).
 */
export type ReviewQuestion = GeneratedQuestion & { id: string; position: number; media?: ServedMedia; pictures?: ServedPictures }

/** A question A–D being edited: its fields as typed. */
export type LetterDraft = {
  id: string
  question: string
  optionA: string
  optionB: string
  optionC: string
  optionD: string
  /** As typed: a letter A to D, or the text of one of the options. */
  answer: string
  explanation: string
  media: MediaForm | null
  /** The options' pictures, A to D (null where none). */
  pictures: Array<PictureForm | null>
}

/** A question of another type being edited: its text, explanation, the fields of its type and its media. */
export type TypedDraft = {
  id: string
  question: string
  explanation: string
  form: TypedForm
  media: MediaForm | null
}

export type Draft = LetterDraft | TypedDraft

/** The fields typed into (a typed draft has only the question and the explanation of these). */
export type DraftField = Exclude<keyof LetterDraft, 'id' | 'media' | 'pictures'>

export type ReviewContext = {
  questions: ReviewQuestion[]
  /** In the order they were deleted. */
  deleted: ReviewQuestion[]
  /** Null when the page has neither router state nor a generation to load. */
  quizMetadata: QuizMetadata | null
  /** The generation to load when the page was opened without router state (a reload). */
  generationId: string | null
  draft: Draft | null
  error: string | null
  created: PublishedQuiz | null
}

export type ReviewEvent =
  | { type: 'question.edit'; id: string }
  | { type: 'question.delete'; id: string }
  | { type: 'question.restore'; id: string }
  | { type: 'draft.change'; field: DraftField; value: string }
  /** The fields of a typed draft's type as edited. */
  | { type: 'draft.form'; form: QuestionForm }
  /** The draft's picture, sound or video as uploaded or edited (null: removed). */
  | { type: 'draft.media'; media: MediaForm | null }
  /** The picture of one of the draft's options or items (null: removed), by its row's key (A–D: its letter). */
  | { type: 'draft.picture'; at: string; picture: PictureForm | null }
  | { type: 'draft.save' }
  | { type: 'draft.cancel' }
  | { type: 'title.change'; value: string }
  | { type: 'quiz.confirm' }

export type ReviewInput = {
  questions?: GeneratedQuestion[]
  quizMetadata?: QuizMetadata
  generationId?: string | null
}

const OPTIONS = ['optionA', 'optionB', 'optionC', 'optionD'] as const

function toReviewQuestions(questions: GeneratedQuestion[]): ReviewQuestion[] {
  return questions.map((question, position) => ({ ...question, id: `q${position + 1}`, position }))
}

/** A letter A to D (one character, any case), or the option whose text it is (any case, trimmed). */
export function answerLetter(answer: string, options: readonly string[]): Letter | null {
  const typed = answer.trim()
  const letter = LETTERS.find((candidate) => candidate === typed.toUpperCase())
  if (letter) return letter
  const index = options.findIndex((option) => typed !== '' && option.trim().toLowerCase() === typed.toLowerCase())
  return index >= 0 ? LETTERS[index] : null
}

export const isTypedDraft = (draft: Draft): draft is TypedDraft => 'form' in draft

/**
 * The first problem of an edited question, or null: a question A–D's in PRODUCT.md's words, any
 * other's as the quiz editor finds it ("Question 2: right: …", `number` being its place).
 */
export function validateDraft(draft: Draft, number: number): string | null {
  if (isTypedDraft(draft)) return questionProblem(number, { text: draft.question, explanation: draft.explanation, form: draft.form, media: draft.media })
  const options = OPTIONS.map((field) => draft[field].trim())
  if (!draft.question.trim() || options.some((option) => !option)) return REVIEW_TEXTS.incomplete
  if (new Set(options.map((option) => option.toLowerCase())).size < options.length) return REVIEW_TEXTS.sameOptions
  if (!answerLetter(draft.answer, options)) return REVIEW_TEXTS.badAnswer
  return mediaProblem(number, draft.media) ?? picturesProblem(number, draft.pictures)
}

/** The first kept question of another type the quiz editor's checks refuse, or whose media they refuse, in their words, or null. */
export function questionsProblem(questions: ReviewQuestion[]): string | null {
  for (const [index, question] of questions.entries()) {
    const problem = isTypedQuestion(question)
      ? questionProblem(index + 1, {
          text: question.question,
          explanation: question.explanation ?? '',
          form: withPictures(toForm(question.definition), question.pictures),
          media: question.media,
        })
      : (mediaProblem(index + 1, question.media) ?? picturesProblem(index + 1, question.pictures))
    if (problem) return problem
  }
  return null
}

function toDraft(question: ReviewQuestion): Draft {
  if (isTypedQuestion(question)) {
    return {
      id: question.id,
      question: question.question,
      explanation: question.explanation ?? '',
      form: withPictures(toForm(question.definition), question.pictures),
      media: question.media ?? null,
    }
  }
  return {
    id: question.id,
    question: question.question,
    optionA: question.optionA,
    optionB: question.optionB,
    optionC: question.optionC,
    optionD: question.optionD,
    answer: question.answer,
    explanation: question.explanation ?? '',
    media: question.media ?? null,
    pictures: [0, 1, 2, 3].map((i) => question.pictures?.[i] ?? null),
  }
}

function applyDraft(question: ReviewQuestion, draft: Draft): ReviewQuestion {
  const { id, position, source } = question
  // A draft is saved only once its upload is over (validateDraft).
  const media = draft.media && !isUploading(draft.media) ? { media: draft.media } : {}
  const kept = servedPictures(isTypedDraft(draft) ? formPictures(draft.form) : draft.pictures)
  const pictures = kept ? { pictures: kept } : {}
  if (isTypedDraft(draft)) {
    const definition = toDefinition(draft.form)
    return {
      id,
      position,
      source,
      question: draft.question.trim(),
      type: definition.type,
      definition,
      explanation: draft.explanation.trim(),
      ...media,
      ...pictures,
    }
  }
  const options = OPTIONS.map((field) => draft[field].trim())
  return {
    id,
    position,
    source,
    question: draft.question.trim(),
    optionA: options[0],
    optionB: options[1],
    optionC: options[2],
    optionD: options[3],
    answer: answerLetter(draft.answer, options) as Letter,
    explanation: draft.explanation.trim(),
    ...media,
    ...pictures,
  }
}

/** The place (from 1) of the question being edited among the kept ones. */
function draftNumber(context: Pick<ReviewContext, 'questions' | 'draft'>): number {
  return context.questions.findIndex((q) => q.id === context.draft?.id) + 1
}

/** Puts a question back among the kept ones, in its original place. */
function insertByPosition(questions: ReviewQuestion[], question: ReviewQuestion): ReviewQuestion[] {
  const index = questions.findIndex((kept) => kept.position > question.position)
  return index < 0 ? [...questions, question] : [...questions.slice(0, index), question, ...questions.slice(index)]
}

/** The body of POST /api/generate/{id}/publish: the kept questions and the chosen settings. */
export function toPublishInput(context: Pick<ReviewContext, 'questions' | 'quizMetadata'>): PublishInput {
  const metadata = context.quizMetadata as QuizMetadata
  return {
    title: metadata.title.trim(),
    questions: context.questions.map((q) =>
      isTypedQuestion(q)
        ? { question: q.question, definition: q.definition, explanation: q.explanation ?? '', ...mediaField(q.media), ...picturesField(q.pictures) }
        : {
            question: q.question,
            optionA: q.optionA,
            optionB: q.optionB,
            optionC: q.optionC,
            optionD: q.optionD,
            answer: q.answer,
            explanation: q.explanation ?? '',
            ...mediaField(q.media),
            ...picturesField(q.pictures),
          },
    ),
    validityOption: metadata.validityOption,
    customDate: metadata.customDate,
    timeLimit: metadata.timeLimit,
    audienceType: metadata.audienceType,
    emails: metadata.emails,
    audienceName: metadata.audienceName,
    audienceListId: metadata.audienceListId,
  }
}

/** After a reload the settings chosen on the form are gone: the defaults apply; the title is the one generated with. */
function metadataOf(generation: Generation): QuizMetadata {
  return {
    title: generation.title ?? '',
    ...toSettingsFields(INITIAL_SETTINGS),
    generationId: generation.generationId,
    dropped: Array.isArray(generation.dropped) ? generation.dropped : [],
    generator: generation.generator,
    requested: generation.requested,
  }
}

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewInput,
  },
  actors: {
    loadGeneration: fromPromise<Generation, { generationId: string }>(async () => {
      throw { error: 'loadGeneration is not provided' }
    }),
    publish: fromPromise<PublishResponse, { generationId: string; body: PublishInput }>(async () => {
      throw { error: 'publish is not provided' }
    }),
  },
  actions: {
    startDraft: assign({
      draft: ({ context, event }) => {
        const question = context.questions.find((q) => event.type === 'question.edit' && q.id === event.id)
        return question ? toDraft(question) : null
      },
      error: null,
    }),
    changeDraft: assign({
      draft: ({ context, event }) =>
        event.type === 'draft.change' && context.draft && event.field in context.draft
          ? { ...context.draft, [event.field]: event.value }
          : context.draft,
      error: null,
    }),
    changeDraftMedia: assign({
      draft: ({ context, event }) => (event.type === 'draft.media' && context.draft ? { ...context.draft, media: event.media } : context.draft),
      error: null,
    }),
    changeDraftPicture: assign({
      draft: ({ context, event }) => {
        const draft = context.draft
        if (event.type !== 'draft.picture' || !draft) return draft
        if (isTypedDraft(draft)) return { ...draft, form: setPicture(draft.form, event.at, event.picture) }
        const index = (LETTERS as readonly string[]).indexOf(event.at)
        return index < 0 ? draft : { ...draft, pictures: draft.pictures.map((old, i) => (i === index ? event.picture : old)) }
      },
      error: null,
    }),
    changeDraftForm: assign({
      draft: ({ context, event }) =>
        event.type === 'draft.form' && context.draft && isTypedDraft(context.draft) && event.form.type !== 'letters'
          ? { ...context.draft, form: event.form }
          : context.draft,
      error: null,
    }),
    setDraftError: assign({ error: ({ context }) => validateDraft(context.draft as Draft, draftNumber(context)) }),
    saveDraft: assign({
      questions: ({ context }) => {
        const draft = context.draft as Draft
        return context.questions.map((q) => (q.id === draft.id ? applyDraft(q, draft) : q))
      },
      draft: null,
      error: null,
    }),
    clearDraft: assign({ draft: null, error: null }),
    deleteQuestion: assign(({ context, event }) => {
      const question = event.type === 'question.delete' ? context.questions.find((q) => q.id === event.id) : undefined
      if (!question) return {}
      return {
        questions: context.questions.filter((q) => q !== question),
        deleted: [...context.deleted, question],
        error: null,
      }
    }),
    restoreQuestion: assign(({ context, event }) => {
      const question = event.type === 'question.restore' ? context.deleted.find((q) => q.id === event.id) : undefined
      if (!question) return {}
      return {
        questions: insertByPosition(context.questions, question),
        deleted: context.deleted.filter((q) => q !== question),
        error: null,
      }
    }),
    setTitle: assign({
      quizMetadata: ({ context, event }) =>
        event.type === 'title.change' && context.quizMetadata ? { ...context.quizMetadata, title: event.value } : context.quizMetadata,
      error: null,
    }),
    setTitleError: assign({ error: REVIEW_TEXTS.noTitle }),
    setQuestionsError: assign({ error: ({ context }) => questionsProblem(context.questions) }),
    clearError: assign({ error: null }),
    setLoaded: assign((_, params: { generation: Generation }) => ({
      questions: toReviewQuestions(Array.isArray(params.generation.questions) ? params.generation.questions : []),
      quizMetadata: metadataOf(params.generation),
    })),
    setLoadFailure: assign({
      error: (_, params: { generation: Generation }) =>
        params.generation.status === 'requested' ? REVIEW_TEXTS.requested : params.generation.error || REVIEW_TEXTS.generationFailed,
    }),
    setLoadError: assign({
      error: (_, params: { error: unknown }) => errorMessage(params.error, 'Failed to load the generated questions'),
    }),
    setCreated: assign({ created: (_, params: { output: PublishResponse }) => params.output?.quiz ?? null }),
    leave: () => {},
    leaveAfterFailure: () => {},
  },
  guards: {
    mustLoad: ({ context }) => context.quizMetadata === null && Boolean(context.generationId),
    knownQuestion: ({ context, event }) => event.type === 'question.edit' && context.questions.some((q) => q.id === event.id),
    draftInvalid: ({ context }) => validateDraft(context.draft as Draft, draftNumber(context)) !== null,
    noQuestions: ({ context }) => context.questions.length === 0,
    noTitle: ({ context }) => !context.quizMetadata?.title.trim(),
    questionsInvalid: ({ context }) => questionsProblem(context.questions) !== null,
    hasStatus: (_, params: { generation: Generation; status: Generation['status'] }) => params.generation.status === params.status,
  },
  delays: {
    redirect: CREATED_REDIRECT_MS,
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({
    questions: toReviewQuestions(input.questions ?? []),
    deleted: [],
    quizMetadata: input.quizMetadata ?? null,
    generationId: input.generationId ?? null,
    draft: null,
    error: null,
    created: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'mustLoad', target: 'loading' }, { target: 'reviewing' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadGeneration',
        input: ({ context }) => ({ generationId: context.generationId as string }),
        onDone: [
          {
            guard: { type: 'hasStatus', params: ({ event }) => ({ generation: event.output, status: 'generated' }) },
            target: 'reviewing',
            actions: { type: 'setLoaded', params: ({ event }) => ({ generation: event.output }) },
          },
          {
            guard: { type: 'hasStatus', params: ({ event }) => ({ generation: event.output, status: 'published' }) },
            target: 'published',
          },
          { target: 'unavailable', actions: { type: 'setLoadFailure', params: ({ event }) => ({ generation: event.output }) } },
        ],
        onError: { target: 'unavailable', actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reviewing: {
      on: {
        'question.edit': { guard: 'knownQuestion', target: 'editing', actions: 'startDraft' },
        'question.delete': { actions: 'deleteQuestion' },
        'question.restore': { actions: 'restoreQuestion' },
        'title.change': { actions: 'setTitle' },
        'quiz.confirm': [
          { guard: 'noQuestions' },
          { guard: 'noTitle', actions: 'setTitleError' },
          { guard: 'questionsInvalid', actions: 'setQuestionsError' },
          { target: 'publishing', actions: 'clearError' },
        ],
      },
    },
    editing: {
      on: {
        'draft.change': { actions: 'changeDraft' },
        'draft.form': { actions: 'changeDraftForm' },
        'draft.media': { actions: 'changeDraftMedia' },
        'draft.picture': { actions: 'changeDraftPicture' },
        'draft.save': [{ guard: 'draftInvalid', actions: 'setDraftError' }, { target: 'reviewing', actions: 'saveDraft' }],
        'draft.cancel': { target: 'reviewing', actions: 'clearDraft' },
      },
    },
    publishing: {
      tags: ['busy'],
      invoke: {
        src: 'publish',
        input: ({ context }) => ({ generationId: (context.quizMetadata as QuizMetadata).generationId, body: toPublishInput(context) }),
        onDone: { target: 'created', actions: { type: 'setCreated', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'failed' },
      },
    },
    created: {
      tags: ['busy', 'success'],
      after: { redirect: 'done' },
    },
    done: {
      tags: ['busy', 'success'],
      type: 'final',
      entry: 'leave',
    },
    failed: {
      tags: ['busy'],
      type: 'final',
      entry: 'leaveAfterFailure',
    },
    published: { type: 'final' },
    unavailable: { type: 'final' },
  },
})
