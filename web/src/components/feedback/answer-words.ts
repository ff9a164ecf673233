/**
 * A question of any type but A–D (issue 29) in readable words, from its definition with the
 * answer key (feedback: the player's results and the host's Feedback Summary): what the player
 * answered, what was right, and how right a part-right answer was. Responses here are by the
 * definition's indices. The small helpers (numbers, true/false, a text's gaps) also serve the
 * play screen's review summary, which words a response by the positions served.
 */
import type { QuestionDefinition, Response, TypedFeedbackItem } from '@/types/api'

/**
 * One line of a list answer; `right` marks a line of the player's answer as right or wrong;
 * `picture`, the entry of the question's pictured list it is about (issue 30: an item, a matching's
 * left item), by the definition's index.
 */
export type WordsLine = { text: string; right?: boolean; picture?: number }

/**
 * A short answer as text (with `pictures`, the options it names, by the definition's indices), or
 * a list (`ordered` for an ordering).
 */
export type Words = { text: string; pictures?: number[] } | { lines: WordsLine[]; ordered: boolean }

/** A number as people write it: no float noise (0.1 + 0.2 is 0.3). */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(12)))
}

export function withUnit(value: number, unit?: string | null): string {
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value)
}

export const boolWord = (value: boolean): string => (value ? 'True' : 'False')

const GAP_MARKER = /\{\{(\d+)\}\}/g

/** A cloze text with each gap `{{n}}` shown as `[word]` (`…` for an empty one). */
export function gapText(cloze: string, words: Array<string | null>): string {
  return cloze.replace(GAP_MARKER, (_, n: string) => `[${words[Number(n) - 1] ?? '…'}]`)
}

/** The share of a part-right answer as a whole percentage, 1 to 99 (never 0% or 100%). */
export function percentRight(f: number): number {
  return Math.min(99, Math.max(1, Math.round(f * 100)))
}

/** "Half right", "60% right": the share of a part-right answer (never 0% or 100%). */
export function shareRight(f: number): string {
  if (f === 0.5) return 'Half right'
  return `${percentRight(f)}% right`
}

/** The status pill's words (a part-right answer says its share instead: `shareRight`). */
export const FEEDBACK_STATUS = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  notAnswered: 'Not answered',
  unscored: 'Not scored',
} as const

export type FeedbackStatus = keyof typeof FEEDBACK_STATUS | 'partial'

/** A typed item's status: unscored (poll, word cloud, slide) once answered or for a slide. */
export function typedStatus(item: Pick<TypedFeedbackItem, 'isCorrect' | 'f' | 'response' | 'type'>): FeedbackStatus {
  if (item.f === null) return item.response !== null || item.type === 'slide' ? 'unscored' : 'notAnswered'
  if (item.isCorrect) return 'correct'
  if (item.response === null) return 'notAnswered'
  return item.f > 0 && item.f < 1 ? 'partial' : 'incorrect'
}

export function statusLabel(item: Pick<TypedFeedbackItem, 'isCorrect' | 'f' | 'response' | 'type'>): string {
  const status = typedStatus(item)
  return status === 'partial' ? shareRight(item.f ?? 0) : FEEDBACK_STATUS[status]
}

const text = (value: string): Words => ({ text: value })
const list = (lines: WordsLine[], ordered = false): Words => ({ lines, ordered })
const pick = (options: string[], indices: number[]) => indices.map((i) => options[i] ?? '?')
/** The options chosen (or right), in words, and which they are, for their pictures. */
const named = (options: string[], indices: number[], joiner: string): Words => ({ text: pick(options, indices).join(joiner), pictures: indices })

/** What the player answered, or null when nothing (or nothing to answer). */
export function yourWords(definition: QuestionDefinition, response: Response | null): Words | null {
  if (response === null) return null
  switch (definition.type) {
    case 'single_choice':
    case 'poll':
      return 'choice' in response ? named(definition.options, [response.choice], '') : null
    case 'true_false':
      return 'bool' in response ? text(boolWord(response.bool)) : null
    case 'multi_select':
      return 'choices' in response ? named(definition.options, response.choices, ', ') : null
    case 'type_answer':
    case 'word_cloud':
      return 'text' in response ? text(response.text) : null
    case 'numeric':
      return 'number' in response ? text(withUnit(response.number, definition.unit)) : null
    case 'slider':
      return 'number' in response ? text(formatNumber(response.number)) : null
    case 'ordering':
      if (!('order' in response)) return null
      return list(response.order.map((item, place) => ({ text: definition.items[item] ?? '?', right: item === place, picture: item })), true)
    case 'matching': {
      if (!('pairs' in response)) return null
      const choices = [...definition.pairs.map((pair) => pair.right), ...(definition.distractors ?? [])]
      return list(
        definition.pairs.map((pair, i) => {
          const chosen = response.pairs[i]
          return { text: `${pair.left} → ${chosen === null || chosen === undefined ? '—' : (choices[chosen] ?? '?')}`, right: chosen === i, picture: i }
        }),
      )
    }
    case 'categorize':
      if (!('groups' in response)) return null
      return list(
        definition.items.map((item, i) => {
          const group = response.groups[i]
          return { text: `${item.text} → ${group === null || group === undefined ? '—' : (definition.groups[group] ?? '?')}`, right: group === item.group, picture: i }
        }),
      )
    case 'gaps':
      if (!('gaps' in response)) return null
      return text(
        gapText(
          definition.text,
          definition.gaps.map((gap, i) => {
            const given = response.gaps[i]
            if (!given) return null
            return 'text' in given ? given.text : gap.type === 'choice' ? (gap.options[given.choice] ?? '?') : null
          }),
        ),
      )
    case 'slide':
    case 'hotspot':
      // A hotspot's answer is drawn on its picture, with its words (hotspot-review.tsx).
      return null
  }
}

/** Within how much a number counts: " (± 0.05)", " (± 5%)", or nothing when exact. */
function tolerance(definition: Extract<QuestionDefinition, { type: 'numeric' }>): string {
  const { tolerance: t } = definition
  if (!t || t.value <= 0) return ''
  return t.kind === 'relative' ? ` (± ${formatNumber(t.value * 100)}%)` : ` (± ${formatNumber(t.value)})`
}

/** The right answer, or null for a type with none (poll, word cloud, slide). */
export function rightWords(definition: QuestionDefinition): Words | null {
  switch (definition.type) {
    case 'single_choice':
      return named(definition.options, definition.right, ' or ')
    case 'true_false':
      return text(boolWord(definition.answer))
    case 'multi_select':
      return named(definition.options, definition.right, ', ')
    case 'type_answer':
      return text(definition.accepted.join(' or '))
    case 'numeric':
      return text(`${withUnit(definition.answer, definition.unit)}${tolerance(definition)}`)
    case 'slider':
      return text(`${formatNumber(definition.target)}${definition.margin > 0 ? ` (± ${formatNumber(definition.margin)})` : ''}`)
    case 'ordering':
      return list(definition.items.map((item, i) => ({ text: item, picture: i })), true)
    case 'matching':
      return list(definition.pairs.map((pair, i) => ({ text: `${pair.left} → ${pair.right}`, picture: i })))
    case 'categorize':
      return list(definition.items.map((item, i) => ({ text: `${item.text} → ${definition.groups[item.group] ?? '?'}`, picture: i })))
    case 'gaps':
      return text(
        gapText(
          definition.text,
          definition.gaps.map((gap) => (gap.type === 'choice' ? (gap.options[gap.right] ?? '?') : (gap.accepted[0] ?? '?'))),
        ),
      )
    case 'hotspot':
      return text(definition.regions.filter((region) => region.right).map((region) => region.name).join(' or '))
    case 'poll':
    case 'word_cloud':
    case 'slide':
      return null
  }
}
