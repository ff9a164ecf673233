/**
 * What read-aloud (issue 15) says for a question: its text, then each option as "A: …", each
 * ending as a sentence so the voice pauses between them. Other types (issue 29) read what the
 * player works with: options, items, the matches on offer, groups, the text with its gaps, or a
 * hotspot's places by name.
 */
import { LETTERS, type LetterQuestion, type TypedQuestion } from '../api/play-api'

/** The text as a sentence: trimmed, with a full stop unless it already ends in punctuation. */
function sentence(text: string): string {
  const trimmed = text.trim()
  return trimmed === '' || /[.?!:;…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

const lettered = (options: string[]) => options.map((option, i) => `${String.fromCharCode(65 + i)}: ${option.trim()}`)

/** The parts read after the text of a question that is not A–D. */
function typedParts(question: TypedQuestion): string[] {
  switch (question.type) {
    case 'single_choice':
    case 'poll':
    case 'multi_select':
      return lettered(question.options)
    case 'ordering':
      return question.items
    case 'hotspot':
      return [`Places: ${question.regions.join(', ')}`]
    case 'matching':
      return [...question.left, `Choices: ${question.right.join(', ')}`]
    case 'categorize':
      return [`Groups: ${question.groups.join(', ')}`, ...question.items]
    case 'gaps':
      return [question.cloze.replace(/\{\{\d+\}\}/g, 'blank')]
    case 'numeric':
      return question.unit ? [`Answer in ${question.unit}`] : []
    case 'slider':
      return [`Choose a value from ${question.min} to ${question.max}`]
    default:
      return []
  }
}

export function readAloudText(
  question: Pick<LetterQuestion, 'text' | 'optionA' | 'optionB' | 'optionC' | 'optionD'> | TypedQuestion,
): string {
  const parts = 'type' in question ? typedParts(question) : LETTERS.map((letter) => `${letter}: ${question[`option${letter}`].trim()}`)
  return [sentence(question.text), ...parts.map(sentence)].filter(Boolean).join(' ')
}
