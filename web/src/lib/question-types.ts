/**
 * The question types (issue 29) as a host reads them: each type's name (the quiz editor, the
 * upload preview) and which types are scored (a poll, a word cloud and a slide are not: they
 * count in no score, as the server's `total` does not count them).
 */
import type { QuestionType } from '@/types/api'

/** A question A–D (four options, one right): the host editor's first type, and generation's `single_choice`. */
export const LETTERS_TYPE_NAME = 'Four options (A–D)'

export const QUESTION_TYPE_NAMES: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  true_false: 'True or false',
  multi_select: 'Multiple select',
  type_answer: 'Type the answer',
  numeric: 'Number',
  slider: 'Slider',
  ordering: 'Ordering',
  matching: 'Matching',
  categorize: 'Categorize',
  gaps: 'Fill in the gaps',
  poll: 'Poll',
  word_cloud: 'Word cloud',
  slide: 'Slide',
  hotspot: 'Hotspot',
}

const UNSCORED: readonly QuestionType[] = ['poll', 'word_cloud', 'slide']

export function isScoredType(type: QuestionType): boolean {
  return !UNSCORED.includes(type)
}
