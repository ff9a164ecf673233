import { describe, expect, it } from 'vitest'
import { blankForm, toForm, type QuestionForm } from '@/components/question-fields/question-form'
import type { QuestionDefinition } from '../api/host-api'
import type { EditableQuestion } from './question-editor'
import { checkQuestions, errorsByQuestion } from './question-errors'

const question = (form: QuestionForm, text = 'Q?', key = 'k'): EditableQuestion => ({ key, text, explanation: '', form, media: null })
const defined = (definition: QuestionDefinition, text = 'Q?', key = 'k') => question(toForm(definition), text, key)

describe('checks before saving', () => {
  it('collects each question’s problem by its key', () => {
    const questions = [defined({ type: 'true_false', answer: true }, 'Q?', 'a'), question(blankForm('ordering'), 'Q?', 'b')]
    expect(checkQuestions(questions)).toEqual({ b: ['Question 2: items: an ordering may not be empty'] })
  })
})

describe('a refused save’s messages', () => {
  const questions = [question(blankForm('letters'), 'A?', 'a'), question(blankForm('poll'), 'B?', 'b')]

  it('go beside the questions they name; others are left out', () => {
    const messages = ['Question 2: right: mark at least one option right', 'Question 2 is too long', 'Question 9 is too long', 'A quiz needs at least one question']
    expect(errorsByQuestion(messages, questions)).toEqual({ b: ['Question 2: right: mark at least one option right', 'Question 2 is too long'] })
  })
})
