/** The generate screens' fixed texts (PRODUCT.md sections 2, 5 and 8). */
import type { Dropped } from '../api/generate-api'

export const GENERATE_TEXTS = {
  noTitle: 'Please enter a quiz title',
  noContent: 'Please either enter text content or upload a file',
  badFileType: 'Invalid file type. Please upload PDF, Word, or text files only.',
  fileTooLarge: 'File is too large. Please upload a file smaller than 10MB.',
  noTypes: 'Choose at least one question type',
  generating: 'Generating questions…',
} as const

export const generateFailed = (message: string) => `Failed to generate quiz: ${message}`
export const tokensRefunded = (tokens: number) => `Your ${tokens} tokens were refunded.`

export const REVIEW_TEXTS = {
  empty: 'No Questions Available',
  incomplete: 'Please fill in the question and all four options',
  badAnswer: 'The answer must be a letter A to D or the text of one of the options',
  sameOptions: 'The four options must be different',
  noTitle: 'Please enter a quiz title',
  created: 'Quiz Created!',
  publishFailed: 'An unexpected error occurred while creating the quiz.',
  published: 'This quiz has already been published.',
  requested: 'These questions are still being generated. Reload the page in a moment.',
  generationFailed: 'The generation failed.',
} as const

/** "2 questions were dropped: It repeats another question (2)". */
export function droppedSummary(dropped: Dropped[]): string | null {
  const total = dropped.reduce((sum, item) => sum + item.count, 0)
  if (total === 0) return null
  const reasons = dropped.map((item) => `${item.reason} (${item.count})`).join('; ')
  return `${total} question${total === 1 ? ' was' : 's were'} dropped: ${reasons}`
}
