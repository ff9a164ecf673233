/**
 * The view-quiz editor's model (PRODUCT.md screen 13, section 4 "View quiz editor"). It keeps
 * option_a..option_d internally, the correct answer as a letter, and turns them into the
 * update call's shape (optionA..optionD, answer letter) on save.
 */
import { LETTERS, type Letter, type QuestionUpdate, type QuestionWithAnswer } from '../api/host-api'

export type EditableQuestion = {
  /** A stable key for React (the server id, or a local one for new questions). */
  key: string
  id?: number
  text: string
  option_a: string
  option_b: string
  option_c: string
  option_d: string
  answer: Letter
  explanation: string
}

export type OptionField = 'option_a' | 'option_b' | 'option_c' | 'option_d'
export const OPTION_FIELDS: Record<Letter, OptionField> = { A: 'option_a', B: 'option_b', C: 'option_c', D: 'option_d' }

function isLetter(value: unknown): value is Letter {
  return typeof value === 'string' && (LETTERS as readonly string[]).includes(value)
}

/** The correct letter: the server's correctLetter, else the option whose text is the answer, else a bare letter. */
export function answerLetter(question: Pick<QuestionWithAnswer, 'answer' | 'correctLetter' | 'optionA' | 'optionB' | 'optionC' | 'optionD'>): Letter {
  if (isLetter(question.correctLetter)) return question.correctLetter
  const options = [question.optionA, question.optionB, question.optionC, question.optionD]
  const index = options.findIndex((option) => option === question.answer)
  if (index >= 0) return LETTERS[index]
  const upper = String(question.answer ?? '').trim().toUpperCase()
  return isLetter(upper) ? upper : 'A'
}

export function toEditable(question: QuestionWithAnswer): EditableQuestion {
  return {
    key: `q-${question.id}`,
    id: question.id,
    text: question.text ?? '',
    option_a: question.optionA ?? '',
    option_b: question.optionB ?? '',
    option_c: question.optionC ?? '',
    option_d: question.optionD ?? '',
    answer: answerLetter(question),
    explanation: question.explanation ?? '',
  }
}

export function toUpdate(question: EditableQuestion): QuestionUpdate {
  const update: QuestionUpdate = {
    text: question.text.trim(),
    answer: question.answer,
    optionA: question.option_a.trim(),
    optionB: question.option_b.trim(),
    optionC: question.option_c.trim(),
    optionD: question.option_d.trim(),
    explanation: question.explanation.trim(),
  }
  return question.id === undefined ? update : { id: question.id, ...update }
}

export type EditorAction =
  | { type: 'load'; questions: QuestionWithAnswer[] }
  | { type: 'edit'; key: string; field: 'text' | 'explanation' | OptionField; value: string }
  | { type: 'answer'; key: string; answer: Letter }
  | { type: 'add' }
  | { type: 'delete'; key: string }

let nextLocalKey = 0

export function blankQuestion(): EditableQuestion {
  nextLocalKey += 1
  return { key: `new-${nextLocalKey}`, text: '', option_a: '', option_b: '', option_c: '', option_d: '', answer: 'A', explanation: '' }
}

export function editorReducer(questions: EditableQuestion[], action: EditorAction): EditableQuestion[] {
  switch (action.type) {
    case 'load':
      return action.questions.map(toEditable)
    case 'edit':
      return questions.map((q) => (q.key === action.key ? { ...q, [action.field]: action.value } : q))
    case 'answer':
      return questions.map((q) => (q.key === action.key ? { ...q, answer: action.answer } : q))
    case 'add':
      return [...questions, blankQuestion()]
    case 'delete':
      return questions.filter((q) => q.key !== action.key)
  }
}
