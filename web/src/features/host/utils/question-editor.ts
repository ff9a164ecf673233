/**
 * The view-quiz editor's model (PRODUCT.md screen 13, section 4 "View quiz editor"; issue 29):
 * each question's text, explanation and the fields of its type
 * (src/components/question-fields/question-form.ts, shared with the generation review). A
 * question A–D keeps option_a..option_d internally with the correct answer as a letter and is
 * saved in PRODUCT.md's shape (optionA..optionD, answer letter); any other type is saved as its
 * `definition`. A question may show a picture, a sound or a video (issue 30), saved by the files'
 * ids with its alt text or transcript (src/components/question-fields/media-form.ts), and a
 * picture on each option or item (`pictures`, one per entry of its pictured list, in order:
 * src/components/question-fields/picture-form.ts), loaded back onto the rows so a save keeps them.
 */
import { mediaField, toMediaForm, type MediaForm, type PictureForm } from '@/components/question-fields/media-form'
import { formPictures, picturesField, setPicture, withServedPictures } from '@/components/question-fields/picture-form'
import { blankForm, convertForm, toDefinition, toForm, type FormType, type QuestionForm } from '@/components/question-fields/question-form'
import { LETTERS, type Letter, type LetterQuestionWithAnswer, type QuestionUpdate, type QuestionWithAnswer } from '../api/host-api'

export type EditableQuestion = {
  /** A stable key for React (the server id, or a local one for new questions). */
  key: string
  id?: number
  text: string
  explanation: string
  form: QuestionForm
  /** Its picture, sound or video (the files' links kept for the preview); null when none. */
  media: MediaForm | null
}

function isLetter(value: unknown): value is Letter {
  return typeof value === 'string' && (LETTERS as readonly string[]).includes(value)
}

type LetterSource = Pick<LetterQuestionWithAnswer, 'answer' | 'correctLetter' | 'optionA' | 'optionB' | 'optionC' | 'optionD'>

/** The correct letter: the server's correctLetter, else the option whose text is the answer, else a bare letter. */
export function answerLetter(question: LetterSource): Letter {
  if (isLetter(question.correctLetter)) return question.correctLetter
  const options = [question.optionA, question.optionB, question.optionC, question.optionD]
  const index = options.findIndex((option) => option === question.answer)
  if (index >= 0) return LETTERS[index]
  const upper = String(question.answer ?? '').trim().toUpperCase()
  return isLetter(upper) ? upper : 'A'
}

export function toEditable(question: QuestionWithAnswer): EditableQuestion {
  const form: QuestionForm =
    'definition' in question
      ? toForm(question.definition)
      : {
          type: 'letters',
          option_a: question.optionA ?? '',
          option_b: question.optionB ?? '',
          option_c: question.optionC ?? '',
          option_d: question.optionD ?? '',
          answer: answerLetter(question),
        }
  return {
    key: `q-${question.id}`,
    id: question.id,
    text: question.text ?? '',
    explanation: question.explanation ?? '',
    form: withServedPictures(form, question.pictures),
    media: toMediaForm(question.media),
  }
}

export function toUpdate(question: EditableQuestion): QuestionUpdate {
  const { form } = question
  const text = question.text.trim()
  const explanation = question.explanation.trim()
  const update: QuestionUpdate =
    form.type === 'letters'
      ? {
          text,
          answer: form.answer,
          optionA: form.option_a.trim(),
          optionB: form.option_b.trim(),
          optionC: form.option_c.trim(),
          optionD: form.option_d.trim(),
          explanation,
        }
      : { text, definition: toDefinition(form), explanation }
  const withMedia = { ...update, ...mediaField(question.media), ...picturesField(formPictures(form)) }
  return question.id === undefined ? withMedia : { id: question.id, ...withMedia }
}

export type EditorAction =
  | { type: 'load'; questions: QuestionWithAnswer[] }
  | { type: 'edit'; key: string; field: 'text' | 'explanation'; value: string }
  /** The type's fields as edited. */
  | { type: 'form'; key: string; form: QuestionForm }
  /** Another type, keeping what carries over. */
  | { type: 'retype'; key: string; to: FormType }
  /** Its picture, sound or video as uploaded or edited (null: removed). */
  | { type: 'media'; key: string; media: MediaForm | null }
  /** The picture of an option or an item as uploaded or edited (null: removed), by its row's key (A–D: its letter). */
  | { type: 'picture'; key: string; at: string; picture: PictureForm | null }
  | { type: 'add' }
  | { type: 'delete'; key: string }

let nextLocalKey = 0

export function blankQuestion(): EditableQuestion {
  nextLocalKey += 1
  return { key: `new-${nextLocalKey}`, text: '', explanation: '', form: blankForm('letters'), media: null }
}

export function editorReducer(questions: EditableQuestion[], action: EditorAction): EditableQuestion[] {
  switch (action.type) {
    case 'load':
      return action.questions.map(toEditable)
    case 'edit':
      return questions.map((q) => (q.key === action.key ? { ...q, [action.field]: action.value } : q))
    case 'form':
      return questions.map((q) => (q.key === action.key ? { ...q, form: action.form } : q))
    case 'retype':
      return questions.map((q) => (q.key === action.key ? { ...q, form: convertForm(q.form, action.to) } : q))
    case 'media':
      return questions.map((q) => (q.key === action.key ? { ...q, media: action.media } : q))
    case 'picture':
      return questions.map((q) => (q.key === action.key ? { ...q, form: setPicture(q.form, action.at, action.picture) } : q))
    case 'add':
      return [...questions, blankQuestion()]
    case 'delete':
      return questions.filter((q) => q.key !== action.key)
  }
}
