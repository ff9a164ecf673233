/**
 * The generation calls (docs/generation-api.md): generate from topics or a document, read a
 * generation back after a reload, and publish the reviewed questions as a quiz. Every call
 * needs the saved token; an error status throws an ApiError with the server's `error`,
 * `code` and `details`. A generation asks for question types (issue 29): a question A–D comes
 * back in PRODUCT.md's shape (optionA..optionD and the letter), any other type as its
 * `definition`, the one the host's quiz editor sends.
 */
import { apiRequest } from '@/lib/api-client'
import type { QuizSettingsFields, ValidityOption } from '@/lib/quiz-settings'
import type { Letter, QuestionDefinition, QuestionMedia, QuestionPictures, QuestionType } from '@/types/api'

/**
 * The types a generation may ask for (the server's generatable types); `single_choice` is a
 * question A–D (four options, one right).
 */
export const GENERATABLE_TYPES = [
  'single_choice',
  'true_false',
  'multi_select',
  'type_answer',
  'numeric',
  'ordering',
  'matching',
  'categorize',
  'gaps',
] as const satisfies readonly QuestionType[]

export type GeneratableType = (typeof GENERATABLE_TYPES)[number]

/** Where a question written from a document came from. */
export type QuestionSource = { passage: number; page?: number | null; excerpt: string }

/** A question A–D: four options and the right letter. */
export type LetterGeneratedQuestion = {
  question: string
  optionA: string
  optionB: string
  optionC: string
  optionD: string
  answer: Letter
  explanation?: string | null
  source?: QuestionSource | null
}

/** A question of any other type: its definition with the answer key (`type` is `definition.type`). */
export type TypedGeneratedQuestion = {
  question: string
  type: QuestionType
  definition: QuestionDefinition
  explanation?: string | null
  source?: QuestionSource | null
}

export type GeneratedQuestion = LetterGeneratedQuestion | TypedGeneratedQuestion

export function isTypedQuestion<Q extends GeneratedQuestion>(question: Q): question is Extract<Q, TypedGeneratedQuestion> {
  return 'definition' in question && question.definition !== null && typeof question.definition === 'object'
}

/** Questions the generator wrote but the checks dropped, by reason. */
export type Dropped = { reason: string; count: number }

export type GenerateResponse = {
  success: true
  generationId: string
  generator: string
  requested: number
  questions: GeneratedQuestion[]
  dropped: Dropped[]
  tokensSpent: number
  balance: number
}

export const KEYWORD_FAILED = 'Failed to generate quiz from keywords'
export const FILE_FAILED = 'Failed to generate quiz from file'

/** `types`: the types to write, in GENERATABLE_TYPES' order (none: questions A–D only). */
export type KeywordInput = { keyword: string; title: string; numberOfQuestions?: number; types?: GeneratableType[] }

export function generateFromKeyword(input: KeywordInput): Promise<GenerateResponse> {
  return apiRequest<GenerateResponse>('/api/generate/keyword', {
    method: 'POST',
    body: input,
    auth: true,
    defaultError: KEYWORD_FAILED,
  })
}

export type FileInput = {
  file: File
  title: string
  prompt?: string
  numberOfQuestions?: number
  validityOption: ValidityOption
  customDate?: string
  types?: GeneratableType[]
}

export function generateFromFile(input: FileInput): Promise<GenerateResponse> {
  const form = new FormData()
  form.append('file', input.file)
  form.append('title', input.title)
  if (input.prompt) form.append('prompt', input.prompt)
  if (input.numberOfQuestions !== undefined) form.append('numberOfQuestions', String(input.numberOfQuestions))
  form.append('validityOption', input.validityOption)
  if (input.validityOption === 'custom' && input.customDate) form.append('customDate', input.customDate)
  if (input.types && input.types.length > 0) form.append('types', input.types.join(','))
  return apiRequest<GenerateResponse>('/api/generate/file', { method: 'POST', body: form, auth: true, defaultError: FILE_FAILED })
}

export type GenerationStatus = 'requested' | 'generated' | 'failed' | 'published'

export type Generation = {
  success: true
  generationId: string
  status: GenerationStatus
  title?: string
  generator?: string
  requested?: number
  questions: GeneratedQuestion[]
  dropped: Dropped[]
  error?: string
  quizId?: number
}

export function getGeneration(generationId: string): Promise<Generation> {
  return apiRequest<Generation>(`/api/generate/${encodeURIComponent(generationId)}`, {
    auth: true,
    defaultError: 'Failed to load the generated questions',
  })
}

/**
 * A reviewed question as published: A–D in PRODUCT.md's shape, any other type as its definition;
 * with the picture, sound or video the host added, and the pictures on its options or items (one
 * per entry of its pictured list, in order), by the files' ids (issue 30; absent: none).
 */
export type PublishQuestion = (
  | (Omit<LetterGeneratedQuestion, 'source' | 'explanation'> & { explanation: string })
  | { question: string; definition: QuestionDefinition; explanation: string }
) & { media?: QuestionMedia; pictures?: QuestionPictures }

export type PublishInput = { title: string; questions: PublishQuestion[] } & QuizSettingsFields

export type PublishedQuiz = { id: number; title: string; quizCode: string; link: string; questionCount: number }

export type PublishResponse = { success: true; message: string; quiz: PublishedQuiz }

export function publishGeneration(generationId: string, input: PublishInput): Promise<PublishResponse> {
  return apiRequest<PublishResponse>(`/api/generate/${encodeURIComponent(generationId)}/publish`, {
    method: 'POST',
    body: input,
    auth: true,
    defaultError: 'An unexpected error occurred while creating the quiz.',
  })
}
