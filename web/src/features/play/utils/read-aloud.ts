/**
 * What read-aloud (issue 15) says for a question: its text, then each option as "A: …", each
 * ending as a sentence so the voice pauses between them.
 */
import { LETTERS, type Question } from '../api/play-api'

/** The text as a sentence: trimmed, with a full stop unless it already ends in punctuation. */
function sentence(text: string): string {
  const trimmed = text.trim()
  return trimmed === '' || /[.?!:;…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

export function readAloudText(question: Pick<Question, 'text' | 'optionA' | 'optionB' | 'optionC' | 'optionD'>): string {
  return [sentence(question.text), ...LETTERS.map((letter) => sentence(`${letter}: ${question[`option${letter}`].trim()}`))]
    .filter(Boolean)
    .join(' ')
}
