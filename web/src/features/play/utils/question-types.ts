/**
 * Questions of every type in play (issue 29): which shape a served question has, whether a
 * stored answer counts as answered, and checks of what the server sends (questions, and the
 * responses an attempt restores). A question A–D is answered by a letter, every other type by a
 * `Response` (api/play-api.ts).
 */
import { LETTERS, type Letter, type LetterQuestion, type Question, type Response } from '../api/play-api'

/** What the play machine keeps per question: a letter (A–D) or a response (any other type). */
export type Answer = Letter | Response

export function isLetterQuestion(question: Question): question is LetterQuestion {
  return !('type' in question)
}

export function isLetter(answer: Answer | null | undefined): answer is Letter {
  return typeof answer === 'string' && (LETTERS as readonly string[]).includes(answer)
}

const strings = (value: unknown, least = 1): value is string[] =>
  Array.isArray(value) && value.length >= least && value.every((item) => typeof item === 'string')

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** Whether the fields a type's view needs are there (anything else is invalid quiz data). */
function hasTypeFields(q: Record<string, unknown>): boolean {
  switch (q.type) {
    case 'single_choice':
    case 'poll':
    case 'multi_select':
      return strings(q.options, 2)
    case 'true_false':
    case 'type_answer':
    case 'word_cloud':
    case 'slide':
      return true
    case 'numeric':
      return q.unit === undefined || q.unit === null || typeof q.unit === 'string'
    case 'slider':
      return finite(q.min) && finite(q.max) && finite(q.step) && Number(q.step) > 0 && Number(q.max) > Number(q.min)
    case 'ordering':
      return strings(q.items, 2)
    case 'matching':
      return strings(q.left) && strings(q.right)
    case 'categorize':
      return strings(q.groups) && strings(q.items)
    case 'gaps':
      return (
        typeof q.cloze === 'string' &&
        Array.isArray(q.gaps) &&
        q.gaps.every((gap: { type?: unknown; options?: unknown }) => gap?.type === 'typed' || (gap?.type === 'choice' && strings(gap.options)))
      )
    default:
      return false
  }
}

/** A served question of a type this client can show. */
export function isPlayQuestion(value: unknown): value is Question {
  if (!value || typeof value !== 'object') return false
  const q = value as Record<string, unknown>
  if (typeof q.id !== 'number' || typeof q.text !== 'string') return false
  if (q.type === undefined) return ['optionA', 'optionB', 'optionC', 'optionD'].every((key) => typeof q[key] === 'string')
  return hasTypeFields(q)
}

const RESPONSE_KEYS = ['choice', 'bool', 'choices', 'text', 'number', 'order', 'pairs', 'groups', 'gaps'] as const

/** A response of one of the shapes the API knows (what a resumed attempt restores). */
export function isResponse(value: unknown): value is Response {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length === 1 && (RESPONSE_KEYS as readonly string[]).includes(keys[0])
}

/**
 * Whether an answer counts as given: any letter; a response with something in it (an ordering
 * is stored only once the player has moved an item, so its presence is the touch).
 */
export function isAnswered(answer: Answer | null | undefined): boolean {
  if (answer === null || answer === undefined) return false
  if (typeof answer === 'string') return true
  if ('choices' in answer) return answer.choices.length > 0
  if ('text' in answer) return answer.text.trim() !== ''
  if ('number' in answer) return Number.isFinite(answer.number)
  if ('pairs' in answer) return answer.pairs.some((pair) => pair !== null)
  if ('groups' in answer) return answer.groups.some((group) => group !== null)
  if ('gaps' in answer) return answer.gaps.some((gap) => gap !== null && ('choice' in gap || gap.text.trim() !== ''))
  return true
}

/** Whether the player answers it at all (a slide is only shown). */
export function isAnswerable(question: Question): boolean {
  return isLetterQuestion(question) || question.type !== 'slide'
}
