/**
 * The hosting calls (docs/hosting-api.md): template, preview, create, join check, the host's
 * quizzes, one quiz with its answers, the question editor's save, results (and their CSV),
 * retakes and a player's feedback. Every call needs the saved token.
 *
 * The hostQuiz create and check calls return the server's error body as it came
 * (`success: false`, `error`, `message`, `code`, `details`); when no response arrives they
 * build `{ success: false, error: 'Network error', details, message }` with the call's
 * message (PRODUCT.md section 7). The other calls throw an ApiError.
 */
import { apiDownload, apiRequest, apiResult, isApiError, NETWORK_ERROR } from '@/lib/api-client'
import { LETTERS } from '@/lib/constants'
import type { QuizSettingsFields } from '@/lib/quiz-settings'
import type { FeedbackItem, Letter, QuestionDefinition, QuestionMedia, QuestionPictures, QuestionType, ServedMedia, ServedPictures } from '@/types/api'

/** The answer letters, a player's feedback item and a question's definition are shared shapes (src/types/api.ts). */
export { LETTERS, type FeedbackItem, type Letter, type QuestionDefinition, type QuestionType }

export const TEMPLATE_XLSX_URL = '/api/hostQuiz/template.xlsx'
export const TEMPLATE_CSV_URL = '/api/hostQuiz/template.csv'

/** What a hostQuiz call answers when it fails; the server's fields are kept as they came. */
export type HostFailure = {
  success: false
  error?: string
  message?: string
  code?: string
  details?: unknown
  expired?: boolean
  status?: number
}

export const NO_RESPONSE_DETAILS = 'No response from the server'

/** A 2xx answer counts as success unless its body says otherwise. */
function withSuccess<T extends { success: true }>(data: T): T {
  const body = (data && typeof data === 'object' ? data : {}) as T
  return { ...body, success: (body as { success?: boolean }).success ?? true } as T
}

async function hostCall<T extends { success: true }>(
  path: string,
  options: Parameters<typeof apiResult>[1],
  networkMessage: string,
): Promise<T | HostFailure> {
  try {
    const result = await apiResult<T>(path, { ...options, auth: true })
    if (result.ok) return withSuccess(result.data)
    const body = (result.data && typeof result.data === 'object' ? result.data : {}) as Record<string, unknown>
    return { ...body, success: false, status: result.status } as HostFailure
  } catch (error) {
    if (isApiError(error) && error.error === NETWORK_ERROR) {
      return { success: false, error: NETWORK_ERROR, details: NO_RESPONSE_DETAILS, message: networkMessage }
    }
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing and creating

/** A question with its four options and the text of the correct one. */
type AnsweredQuestion = {
  text: string
  optionA: string
  optionB: string
  optionC: string
  optionD: string
  /** The text of the correct option. */
  answer: string
  explanation?: string | null
}

/**
 * A question of any type but four options with one right (issue 29): its type and its whole
 * definition with the answer key.
 */
type DefinedQuestion = {
  text: string
  type: QuestionType
  definition: QuestionDefinition
  explanation?: string | null
}

export type PreviewQuestion = (AnsweredQuestion & { row: number; correctLetter: Letter }) | (DefinedQuestion & { row: number })

export type RowError = { row: number; message: string }

export type PreviewResult = {
  success: true
  format?: string
  questions: PreviewQuestion[]
  errors: RowError[]
}

export function previewFile(file: File): Promise<PreviewResult> {
  const form = new FormData()
  form.append('file', file)
  return apiRequest<PreviewResult>('/api/hostQuiz/preview', {
    method: 'POST',
    body: form,
    auth: true,
    defaultError: 'Unable to read the file',
  })
}

export type CreateQuizInput = { file: File; title: string } & QuizSettingsFields

export type HostedQuiz = {
  id: number
  title: string
  quizCode: string
  link: string
  questionCount: number
  timeLimit: number
  validUntil: string
  audience: { kind: string; id?: string; name: string }
}

export type CreateQuizResponse = { success: true; message: string; quiz: HostedQuiz }

export function createQuiz(input: CreateQuizInput): Promise<CreateQuizResponse | HostFailure> {
  const form = new FormData()
  form.append('file', input.file)
  form.append('title', input.title)
  form.append('validityOption', input.validityOption)
  if (input.validityOption === 'custom' && input.customDate) form.append('customDate', input.customDate)
  form.append('timeLimit', String(input.timeLimit))
  form.append('audienceType', input.audienceType)
  if (input.audienceType === 'emails') {
    form.append('emails', input.emails ?? '')
    if (input.audienceName) form.append('audienceName', input.audienceName)
  }
  if (input.audienceType === 'list' && input.audienceListId) form.append('audienceListId', input.audienceListId)
  return hostCall<CreateQuizResponse>('/api/hostQuiz/upload', { method: 'POST', body: form }, 'Failed to create quiz')
}

// ---------------------------------------------------------------------------------------------
// Joining

export type QuizDetails = {
  id: number
  title: string
  timeLimit?: number
  questionCount?: number
  validUntil?: string
  audience?: { kind: string; name: string }
  attempted?: boolean
}

export type CheckQuizResponse = { success: true; message?: string; expired?: boolean; quizDetails: QuizDetails }

export function checkQuiz(quizCode: string, email: string): Promise<CheckQuizResponse | HostFailure> {
  const query = new URLSearchParams({ quizCode, email })
  return hostCall<CheckQuizResponse>(`/api/hostQuiz/checkQuiz?${query}`, {}, 'Failed to check quiz access')
}

// ---------------------------------------------------------------------------------------------
// The host's quizzes

export type MyQuiz = {
  id: number
  name: string
  questionCount: number
  quizCode: string
  link?: string
  audience_name?: string | null
  valid_until?: string | null
  time_limit?: number | null
  status?: 'active' | 'completed' | 'draft'
  participants?: number
  createdAt?: string
}

export type MyQuizzesResponse = { success: true; data: MyQuiz[] }

/** The server's error body is returned as it came; no response throws (the screen's exception text). */
export async function getMyQuizzes(): Promise<MyQuizzesResponse | HostFailure> {
  const result = await apiResult<MyQuizzesResponse>('/api/hostQuiz/myQuizzes', { auth: true })
  if (result.ok) return withSuccess(result.data)
  const body = (result.data && typeof result.data === 'object' ? result.data : {}) as Record<string, unknown>
  return { ...body, success: false, status: result.status } as HostFailure
}

/**
 * A question as its host reads it: with its picture, sound or video when it has one, and the
 * pictures on its options or items in the definition's order (issue 30; absent: none).
 */
type HostedQuestion = { id: number; media?: ServedMedia; pictures?: ServedPictures | null }

export type LetterQuestionWithAnswer = AnsweredQuestion & HostedQuestion & { correctLetter?: Letter }

export type QuestionWithAnswer = LetterQuestionWithAnswer | (DefinedQuestion & HostedQuestion)

export type HostQuizDetails = {
  success: true
  category: {
    id: number
    name: string
    valid_until?: string | null
    time_limit?: number | null
    quizCode?: string | null
    audience?: { name?: string | null } | null
  }
  questions: QuestionWithAnswer[]
}

export function getHostQuiz(categoryId: number): Promise<HostQuizDetails> {
  return apiRequest<HostQuizDetails>(`/api/hostQuiz/quiz/${categoryId}`, {
    auth: true,
    defaultError: 'Failed to load quiz data',
  })
}

/**
 * A question as saved: four options and the letter (PRODUCT.md's shape), or any type's
 * definition; with its media by the files' ids, and the pictures on its options or items, one per
 * entry of its pictured list in the definition's order (issue 30; absent: none).
 */
export type QuestionUpdate = (
  | {
      id?: number
      text: string
      answer: Letter
      optionA: string
      optionB: string
      optionC: string
      optionD: string
      explanation: string
    }
  | { id?: number; text: string; definition: QuestionDefinition; explanation: string }
) & { media?: QuestionMedia; pictures?: QuestionPictures }

export type UpdateQuestionsResponse = { success: true; message?: string; questionCount?: number }

export function updateCategoryQuestions(categoryId: number, questions: QuestionUpdate[]): Promise<UpdateQuestionsResponse> {
  return apiRequest<UpdateQuestionsResponse>('/api/question/update-category-questions', {
    method: 'POST',
    body: { categoryId, questions },
    auth: true,
    defaultError: 'Failed to update questions. Please try again.',
  })
}

// ---------------------------------------------------------------------------------------------
// Results and retakes

export type ResultRow = {
  rank: number
  userId: string
  firstName: string
  lastName: string
  email?: string
  score: number
  total?: number
  points: number
  submittedAt?: string
  reason?: 'player' | 'timeout'
  attempts?: number
  /** What the host granted for this attempt (issue 15); read with readAccommodation. */
  accommodation?: unknown
}

export type QuizResultsResponse = { success: true; title?: string; participants?: number; data: ResultRow[] }

export function getQuizResults(categoryId: number): Promise<QuizResultsResponse> {
  return apiRequest<QuizResultsResponse>(`/api/hostQuiz/results/${categoryId}`, {
    auth: true,
    defaultError: 'Failed to load results',
  })
}

export function downloadResultsCsv(categoryId: number) {
  return apiDownload(`/api/hostQuiz/results/${categoryId}/export.csv`, {
    auth: true,
    defaultError: 'Failed to download the results',
  })
}

export type DeleteEntryResponse = { success: boolean; message?: string; error?: string }

/** Grants a retake. The error body is returned as it came (PRODUCT.md section 7). */
export async function deleteLeaderboardEntry(userId: string, categoryId: number): Promise<DeleteEntryResponse> {
  const result = await apiResult<DeleteEntryResponse>('/api/leaderboard/deleteEntry', {
    method: 'DELETE',
    body: { userId, categoryId },
    auth: true,
  })
  if (result.ok) return { ...result.data, success: result.data?.success ?? true }
  const body = (result.data && typeof result.data === 'object' ? result.data : {}) as Record<string, unknown>
  return { ...body, success: false } as DeleteEntryResponse
}

/** A player's latest submission; 404 (no submission) is an empty list. */
export async function getFeedback(userId: string, categoryId: number): Promise<FeedbackItem[]> {
  const query = new URLSearchParams({ userId, categoryId: String(categoryId) })
  try {
    const items = await apiRequest<FeedbackItem[]>(`/api/attempt/feedback?${query}`, {
      auth: true,
      defaultError: 'Failed to load feedback',
    })
    return Array.isArray(items) ? items : []
  } catch (error) {
    if (isApiError(error) && error.status === 404) return []
    throw error
  }
}
