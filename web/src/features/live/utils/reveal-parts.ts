/**
 * The words and figures of a reveal's parts on the presenter (issue 29): what a part is called
 * for each type, and the share of the answers that got it right.
 */
import type { QuestionType } from '@/types/api'

const PART_NAMES: Partial<Record<QuestionType, string>> = {
  ordering: 'place',
  matching: 'pair',
  categorize: 'item',
  gaps: 'gap',
}

/** "Share right per place" (an ordering), "… per pair", "… per item", "… per gap". */
export function partsTitle(type: QuestionType): string {
  return `Share right per ${PART_NAMES[type] ?? 'part'}`
}

/** `right` of `answered` as a whole percentage, 0 when nobody answered (never over 100). */
export function shareOfAnswers(right: number, answered: number): number {
  if (answered <= 0) return 0
  return Math.min(100, Math.max(0, Math.round((right / answered) * 100)))
}
