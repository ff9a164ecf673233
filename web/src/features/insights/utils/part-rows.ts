/**
 * A question's parts (an ordering's places, a matching's pairs, a categorize question's items, a
 * text's gaps) as the rows of its "share right per part" list: each part's share of the answers
 * (`seen - skipped`) that got it right, in the definition's order, the parts most often wrong
 * marked. The share and the mark are the rules the live presenter's reveal uses too.
 */
import { shareOfAnswers, weakestParts } from '@/lib/part-shares'
import type { QuestionFigures } from '../api/insights-types'

export type PartRow = {
  key: string
  label: string
  /** A whole percentage, 0 when nobody answered. */
  share: number
  /** One of the parts most often wrong (the fewest right, when they stand out). */
  weakest: boolean
}

/** How many answered the question: those who saw it less those who skipped it. */
export const answeredCount = (question: Pick<QuestionFigures, 'seen' | 'skipped'>): number => Math.max(0, question.seen - question.skipped)

export function partRows(question: Pick<QuestionFigures, 'seen' | 'skipped' | 'parts'>): PartRow[] {
  const parts = question.parts ?? []
  const answered = answeredCount(question)
  const weakest = new Set(weakestParts(parts, answered))
  return parts.map((part, i) => ({ key: String(i), label: part.label, share: shareOfAnswers(part.right, answered), weakest: weakest.has(i) }))
}
