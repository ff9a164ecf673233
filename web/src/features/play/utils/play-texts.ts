/** The play screens' fixed texts (PRODUCT.md sections 4, 8 and 9) and the helpers around them. */
import { isApiError } from '@/lib/api-client'

export const PLAY_ERRORS = {
  noCategory: 'No category selected. Please select a category.',
  invalidData: 'Invalid quiz data received. Please try again.',
  noQuestions: 'No questions found for this category.',
  invalidCategory: 'Invalid category ID format.',
  submitFailed: 'Failed to submit quiz. Please try again.',
} as const

/** The results screen's note when the points count on no leaderboard (`practice: true`). */
export const PRACTICE_NOTE = 'Practice attempt: this score does not count on the leaderboard.'

export const LEAVE_WARNING =
  'You are in the middle of a quiz. Are you sure you want to leave? Your progress will be lost.'

export const RESULT_MESSAGES = {
  excellent: "Excellent work! You've mastered this quiz.",
  good: 'Good job! Keep practicing to improve your score.',
  keepLearning: "Keep learning! You'll do better next time.",
} as const

/** 80% or more, 60% or more, otherwise (PRODUCT.md section 9). */
export function resultMessage(score: number, total: number): string {
  const ratio = total > 0 ? score / total : 0
  if (ratio >= 0.8) return RESULT_MESSAGES.excellent
  if (ratio >= 0.6) return RESULT_MESSAGES.good
  return RESULT_MESSAGES.keepLearning
}

/**
 * The text shown when loading a quiz fails. Reading the questions also starts (or resumes) the
 * attempt, so it is refused as the start is: a hosted quiz already taken (409), not allowed
 * (403) or expired (410) shows the server's reason, as the start step does; 404 (no such quiz,
 * or a hosted one reached without its code) says no questions were found; 400 is the server's
 * text about the id. Anything else, or no answer, is the generic text.
 */
export function loadErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 404 || error.code === 'not_found') return PLAY_ERRORS.noQuestions
    if (error.status === 400) return error.error || PLAY_ERRORS.invalidCategory
    if (error.status === 403 || error.status === 409 || error.status === 410) return error.error || PLAY_ERRORS.invalidData
  }
  return PLAY_ERRORS.invalidData
}

/** Whether an answer save was refused because the attempt's time is over (409 time_up). */
export function isTimeUp(error: unknown): boolean {
  return isApiError(error) && error.code === 'time_up'
}

/** Milliseconds as hh:mm:ss, rounding up so 00:00:00 means the time is really over. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':')
}
