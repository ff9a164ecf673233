/**
 * Questions of every type in play (issue 29): which shape a served question has, whether a
 * stored answer counts as answered, and checks of what the server sends (questions, and the
 * responses an attempt restores; the checks of a type's fields and of a response are shared
 * with the live game: lib/served-question.ts). A question A–D is answered by a letter, every
 * other type by a `Response` (api/play-api.ts).
 */
import { hasAnswer, isResponse, isServedQuestion } from '@/lib/served-question'
import { LETTERS, type Letter, type LetterQuestion, type Question, type Response } from '../api/play-api'

export { isResponse }

/** What the play machine keeps per question: a letter (A–D) or a response (any other type). */
export type Answer = Letter | Response

export function isLetterQuestion(question: Question): question is LetterQuestion {
  return !('type' in question)
}

export function isLetter(answer: Answer | null | undefined): answer is Letter {
  return typeof answer === 'string' && (LETTERS as readonly string[]).includes(answer)
}

/** A served question of a type this client can show. */
export function isPlayQuestion(value: unknown): value is Question {
  if (!value || typeof value !== 'object') return false
  const q = value as Record<string, unknown>
  if (typeof q.id !== 'number' || typeof q.text !== 'string') return false
  if (q.type === undefined) return ['optionA', 'optionB', 'optionC', 'optionD'].every((key) => typeof q[key] === 'string')
  return isServedQuestion(q)
}

/**
 * Whether an answer counts as given: any letter; a response with something in it (an ordering
 * is stored only once the player has moved an item, so its presence is the touch).
 */
export function isAnswered(answer: Answer | null | undefined): boolean {
  if (answer === null || answer === undefined) return false
  return typeof answer === 'string' || hasAnswer(answer)
}

/** Whether the player answers it at all (a slide is only shown). */
export function isAnswerable(question: Question): boolean {
  return isLetterQuestion(question) || question.type !== 'slide'
}
