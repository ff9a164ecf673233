/**
 * The words and figures of a question's parts (issue 29): an ordering's places, a matching's
 * pairs, a categorize question's items, a text's gaps, each with how many answers got it right
 * (the server's `parts`). What a part is called for each type, the share of the answers that got
 * it right, and which parts were most often wrong. One rule for the live presenter's reveal and a
 * hosted quiz's insights, so both say the same percentage for the same figures.
 */
import type { QuestionType } from '@/types/api'

const PART_NAMES: Partial<Record<QuestionType, string>> = {
  ordering: 'place',
  matching: 'pair',
  categorize: 'item',
  gaps: 'gap',
}

/** "place" (an ordering), "pair", "item", "gap"; "part" for any other type. */
export function partName(type: QuestionType | null): string {
  return (type && PART_NAMES[type]) ?? 'part'
}

/** "Share right per place" (an ordering), "… per pair", "… per item", "… per gap". */
export function partsTitle(type: QuestionType | null): string {
  return `Share right per ${partName(type)}`
}

/** `right` of `answered` as a whole percentage, 0 when nobody answered (never over 100). */
export function shareOfAnswers(right: number, answered: number): number {
  if (answered <= 0) return 0
  return Math.min(100, Math.max(0, Math.round((right / answered) * 100)))
}

/**
 * The positions of the parts most often wrong: those with the fewest right (all of a tie). None
 * when nothing stands out: nobody answered, a single part, or every part as often right.
 */
export function weakestParts(parts: ReadonlyArray<{ right: number }>, answered: number): number[] {
  if (answered <= 0 || parts.length < 2) return []
  const rights = parts.map((part) => part.right)
  const fewest = Math.min(...rights)
  if (fewest === Math.max(...rights)) return []
  return rights.flatMap((right, i) => (right === fewest ? [i] : []))
}
