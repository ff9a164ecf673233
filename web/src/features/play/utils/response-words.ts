/**
 * A player's answer in a few words for the review summary (issue 29): the letter of a question
 * A–D, or a response of any other type by the positions served ("9.8 m/s²", "True", "Paris,
 * Rome", "Venus, Earth, Mars", "Paris → France", a hotspot's place by name or "A point on the
 * picture"), cut to `MOST_CHARS`.
 */
import { boolWord, formatNumber, withUnit } from '@/components/feedback/answer-words'
import type { Question, Response, TypedQuestion } from '../api/play-api'
import { isLetter, type Answer } from './question-types'

export const MOST_CHARS = 60

const chosen = <T,>(indices: Array<number | null>, name: (i: number) => T) =>
  indices.flatMap((index, i) => (index === null || index === undefined ? [] : [name(i)]))

function typedWords(question: TypedQuestion, response: Response): string {
  const at = (list: string[], i: number) => list[i] ?? '?'
  switch (question.type) {
    case 'single_choice':
    case 'poll':
      return 'choice' in response ? at(question.options, response.choice) : ''
    case 'multi_select':
      return 'choices' in response ? response.choices.map((i) => at(question.options, i)).join(', ') : ''
    case 'true_false':
      return 'bool' in response ? boolWord(response.bool) : ''
    case 'numeric':
      return 'number' in response ? withUnit(response.number, question.unit) : ''
    case 'slider':
      return 'number' in response ? formatNumber(response.number) : ''
    case 'ordering':
      return 'order' in response ? response.order.map((i) => at(question.items, i)).join(', ') : ''
    case 'matching':
      return 'pairs' in response
        ? chosen(response.pairs, (i) => `${question.left[i]} → ${at(question.right, response.pairs[i] as number)}`).join('; ')
        : ''
    case 'categorize':
      return 'groups' in response
        ? chosen(response.groups, (i) => `${question.items[i]} → ${at(question.groups, response.groups[i] as number)}`).join('; ')
        : ''
    case 'gaps':
      if (!('gaps' in response)) return ''
      return response.gaps
        .flatMap((gap, i) => {
          if (!gap) return []
          const served = question.gaps[i]
          return ['text' in gap ? gap.text : served?.type === 'choice' ? at(served.options, gap.choice) : '?']
        })
        .join(', ')
    case 'hotspot':
      return 'region' in response ? at(question.regions, response.region) : 'point' in response ? 'A point on the picture' : ''
    default:
      return 'text' in response ? response.text : ''
  }
}

/** The answer in words, cut to `MOST_CHARS` with an ellipsis. */
export function answerWords(question: Question, answer: Answer): string {
  const words = isLetter(answer) ? answer : 'type' in question ? typedWords(question, answer) : ''
  return words.length > MOST_CHARS ? `${words.slice(0, MOST_CHARS - 1).trimEnd()}…` : words
}
