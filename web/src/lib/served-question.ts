/**
 * Checks of what the server sends for questions of every type but A–D (issue 29): a served
 * question (the self-paced play API's, and a live game's `served`), a response in one of the
 * API's shapes, and whether a response has anything in it. The play screen and the live game
 * both rely on them, so they live here, once.
 */
import type { Response, ServedQuestion } from '@/types/api'

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
    case 'hotspot':
      return strings(q.regions, 2)
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

/** A served question of a type this client can show (with or without the play API's id and text). */
export function isServedQuestion(value: unknown): value is ServedQuestion {
  return typeof value === 'object' && value !== null && hasTypeFields(value as Record<string, unknown>)
}

const RESPONSE_KEYS = ['choice', 'bool', 'choices', 'text', 'number', 'order', 'pairs', 'groups', 'gaps', 'point', 'region'] as const

/** A response of one of the shapes the API knows (what a resumed attempt restores, what a live game acknowledges). */
export function isResponse(value: unknown): value is Response {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length === 1 && (RESPONSE_KEYS as readonly string[]).includes(keys[0])
}

/**
 * Whether a response has something in it: no choices, a blank text, no pair, group or gap
 * filled is no answer (an ordering is kept only once the player has moved an item, so its
 * presence is the touch).
 */
export function hasAnswer(response: Response): boolean {
  if ('choices' in response) return response.choices.length > 0
  if ('text' in response) return response.text.trim() !== ''
  if ('number' in response) return Number.isFinite(response.number)
  if ('pairs' in response) return response.pairs.some((pair) => pair !== null)
  if ('groups' in response) return response.groups.some((group) => group !== null)
  if ('gaps' in response) return response.gaps.some((gap) => gap !== null && ('choice' in gap || gap.text.trim() !== ''))
  return true
}
