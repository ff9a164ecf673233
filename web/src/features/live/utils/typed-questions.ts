/**
 * Questions of other types in a live game (issue 29), as rules the screens share: which types
 * are sent on a tap (like the options A–D) and which with a "Submit answer" button, a player's
 * verdict from their result, the options of a reveal with the right ones, and the sizes of a
 * word cloud's words.
 */
import { isScoredType } from '@/lib/question-types'
import type { QuestionDefinition, QuestionType } from '@/types/api'
import type { GivenAnswer, LiveResult } from '@/types/live-game'

/** Pick one and it is sent, as the options A–D are; every other type has a Submit button. */
const ON_TAP: readonly QuestionType[] = ['single_choice', 'true_false', 'poll']

export function sentOnTap(type: QuestionType): boolean {
  return ON_TAP.includes(type)
}

/**
 * A player's verdict on the last question: right, partly right (a share `f` between 0 and 1),
 * wrong, answered but not scored, or no answer. The server leaves `f` out for four options A–D
 * (right or wrong) and for a poll and a word cloud alike (docs/live-games.md), so an unscored
 * answer is told by the revealed question's `type` (an `f` of null counts as unscored too).
 */
export type Verdict = 'right' | 'partly' | 'wrong' | 'unscored' | 'none'

export function verdictOf(result: LiveResult | null, type: QuestionType | null = null): Verdict {
  if (result === null) return 'none'
  if (result.f === null || (type !== null && !isScoredType(type))) return 'unscored'
  if (result.correct || result.f === 1) return 'right'
  return result.f !== undefined && result.f > 0 ? 'partly' : 'wrong'
}

/** The options a reveal counts (`options`), in the definition's order, each marked when right. */
export function revealOptions(definition: QuestionDefinition): Array<{ text: string; right: boolean }> | null {
  switch (definition.type) {
    case 'single_choice':
    case 'multi_select':
      return definition.options.map((text, i) => ({ text, right: definition.right.includes(i) }))
    case 'poll':
      return definition.options.map((text) => ({ text, right: false }))
    case 'hotspot':
      // The presenter's answers per region (the phones get none).
      return definition.regions.map((region) => ({ text: region.name, right: region.right === true }))
    case 'true_false':
      return [
        { text: 'True', right: definition.answer },
        { text: 'False', right: !definition.answer },
      ]
    default:
      return null
  }
}

/** The letter of an option by its place: A, B, … Z. */
export const letterAt = (index: number): string => String.fromCharCode(65 + (index % 26))

/** The colour of an option's bar: the four letters' own colours, then a neutral one. */
export const toneAt = (index: number): string => (index < 4 ? `live-option-${letterAt(index)}` : 'live-option-more')

export const CLOUD_SMALLEST_EM = 1
export const CLOUD_LARGEST_EM = 3

/** A word cloud's words, each sized by its count (in em) from the least given to the most. */
export function cloudWords(given: GivenAnswer[]): Array<GivenAnswer & { sizeEm: number }> {
  const counts = given.map((word) => word.count)
  const least = Math.min(...counts)
  const spread = Math.max(...counts) - least
  return given.map((word) => ({
    ...word,
    sizeEm: spread === 0 ? 1.5 : CLOUD_SMALLEST_EM + ((word.count - least) / spread) * (CLOUD_LARGEST_EM - CLOUD_SMALLEST_EM),
  }))
}
