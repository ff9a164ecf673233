/**
 * The quiz editor's problems by question (issue 29): the client's checks before saving
 * (`questionProblem`, shared with the generation review) and a refused save's messages, each
 * beside the question it names ("Question 2: …" by its place).
 */
import { questionProblem } from '@/components/question-fields/question-checks'
import type { EditableQuestion } from './question-editor'

/** Each question's problems by its key (none for a question that can be saved). */
export type QuestionErrors = Record<string, string[]>

export function checkQuestions(questions: EditableQuestion[]): QuestionErrors {
  const errors: QuestionErrors = {}
  questions.forEach((question, i) => {
    const message = questionProblem(i + 1, question)
    if (message) errors[question.key] = [message]
  })
  return errors
}

const NAMED = /^Question (\d+)\b/

/** The server's messages beside the questions they name (by place, as saved); the others are left out. */
export function errorsByQuestion(messages: string[], questions: EditableQuestion[]): QuestionErrors {
  const errors: QuestionErrors = {}
  for (const message of messages) {
    const place = NAMED.exec(message)
    const question = place ? questions[Number(place[1]) - 1] : undefined
    if (question) errors[question.key] = [...(errors[question.key] ?? []), message]
  }
  return errors
}
