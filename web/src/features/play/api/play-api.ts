/**
 * The play calls: categories, questions, the attempt (start or resume, save one answer) and
 * the submission. Shapes follow the server's API; `remainingMs` is the server's clock.
 */
import { readAccommodation, type Accommodation } from '@/lib/accommodation'
import { apiRequest } from '@/lib/api-client'
import { LETTERS } from '@/lib/constants'
import type { FeedbackItem, Letter, QuestionType, Response, ScoreResult, ServedMedia, ServedPictures, ServedQuestion } from '@/types/api'

export { LETTERS, type FeedbackItem, type Letter, type QuestionType, type Response, type ScoreResult }

export type Category = {
  id: number
  name: string
  description?: string
  questionCount?: number
  timeLimit?: number
}

/** A question of four options A–D with one right (PRODUCT.md's shape: no `type`). */
export type LetterQuestion = {
  id: number
  text: string
  optionA: string
  optionB: string
  optionC: string
  optionD: string
  /** A picture, a sound or a video shown with it (issue 30); absent when none. */
  media?: ServedMedia
  /** The options' pictures, A to D (issue 30); absent when none. */
  pictures?: ServedPictures | null
}

/**
 * A question of any other type (issue 29), as served: never its answer key (the shared
 * `ServedQuestion`, with the question's id and text), with the pictures on its options or items
 * (issue 30) in the order served (`options`, `items`, a matching's `left`); absent when none.
 */
export type TypedQuestion = { id: number; text: string; media?: ServedMedia; pictures?: ServedPictures | null } & ServedQuestion

export type Question = LetterQuestion | TypedQuestion

export type QuestionsResponse = { questions: Question[]; time_limit?: number }

/**
 * One answer as saved: a question A–D by its letter (`answer`), any other type by its `response`
 * (null clears either).
 */
export type SavedAnswer = { questionId: number; answer?: Letter | null; response?: Response | null; marked: boolean }

export type Attempt = {
  attemptId: string
  categoryId: number
  /** Minutes. */
  timeLimit: number
  startedAt: string
  deadline: string
  remainingMs: number
  answers: SavedAnswer[]
  resumed: boolean
  /**
   * What the host granted the player (issue 15): `deadline`, `remainingMs` and `timeLimit`
   * already include the extra time; with `unlimited` the deadline is the quiz's expiry.
   * Older servers leave it out: read it with `attemptAccommodation`.
   */
  accommodation?: unknown
}

/** The attempt's accommodation; missing or odd is none. */
export function attemptAccommodation(attempt: Pick<Attempt, 'accommodation'>): Accommodation {
  return readAccommodation(attempt.accommodation)
}

export type { Accommodation }

export type SaveAnswerResponse = { saved: boolean; remainingMs: number }

/** A question A–D is sent with its letter or 'incomplete'; any other type with its response or null. */
export type SubmittedAnswer = { questionId: number; status?: Letter | 'incomplete'; response?: Response | null }


export function getCategories(): Promise<Category[]> {
  return apiRequest<Category[]>('/api/categories', { defaultError: 'Failed to fetch categories' })
}

export function getQuestions(categoryId: number): Promise<QuestionsResponse> {
  return apiRequest<QuestionsResponse>(`/api/question/${encodeURIComponent(String(categoryId))}`, {
    defaultError: 'Failed to load questions',
  })
}

export function startAttempt(categoryId: number): Promise<Attempt> {
  return apiRequest<Attempt>('/api/attempt/start', {
    method: 'POST',
    body: { categoryId },
    defaultError: 'Failed to start the quiz',
  })
}

export function saveAnswer(attemptId: string, answer: SavedAnswer): Promise<SaveAnswerResponse> {
  return apiRequest<SaveAnswerResponse>(`/api/attempt/${encodeURIComponent(attemptId)}/answer`, {
    method: 'PUT',
    body: answer,
    defaultError: 'Failed to save the answer',
  })
}

export function submitScore(payload: {
  userId: string
  categoryId: number
  answers: SubmittedAnswer[]
}): Promise<ScoreResult> {
  return apiRequest<ScoreResult>('/api/question/score', {
    method: 'POST',
    body: payload,
    defaultError: 'Failed to submit quiz. Please try again.',
  })
}
