import { describe, expect, it } from 'vitest'
import type { QuestionWithAnswer } from '../api/host-api'
import { answerLetter, editorReducer, toEditable, toUpdate } from './question-editor'

const served: QuestionWithAnswer = {
  id: 5,
  text: 'Largest planet?',
  optionA: 'Mars',
  optionB: 'Jupiter',
  optionC: 'Venus',
  optionD: 'Earth',
  answer: 'Jupiter',
  correctLetter: 'B',
  explanation: 'It is a gas giant.',
}

describe('question editor model', () => {
  it('finds the correct letter from correctLetter, the answer text, or a bare letter', () => {
    expect(answerLetter(served)).toBe('B')
    expect(answerLetter({ ...served, correctLetter: undefined, answer: 'Venus' })).toBe('C')
    expect(answerLetter({ ...served, correctLetter: undefined, answer: 'd' })).toBe('D')
    expect(answerLetter({ ...served, correctLetter: undefined, answer: '???' })).toBe('A')
  })

  it('keeps option_a..option_d internally and sends optionA..optionD with the letter', () => {
    const editable = toEditable(served)
    expect(editable).toMatchObject({ id: 5, option_a: 'Mars', option_b: 'Jupiter', option_c: 'Venus', option_d: 'Earth', answer: 'B' })
    expect(toUpdate({ ...editable, text: ' Largest planet? ' })).toEqual({
      id: 5,
      text: 'Largest planet?',
      answer: 'B',
      optionA: 'Mars',
      optionB: 'Jupiter',
      optionC: 'Venus',
      optionD: 'Earth',
      explanation: 'It is a gas giant.',
    })
  })

  it('edits, adds and deletes questions', () => {
    let state = editorReducer([], { type: 'load', questions: [served, { ...served, id: 6, text: 'Second?' }] })
    expect(state.map((q) => q.id)).toEqual([5, 6])
    state = editorReducer(state, { type: 'edit', key: 'q-5', field: 'option_c', value: 'Saturn' })
    state = editorReducer(state, { type: 'answer', key: 'q-5', answer: 'C' })
    expect(state[0]).toMatchObject({ option_c: 'Saturn', answer: 'C' })
    expect(state[1].option_c).toBe('Venus')
    state = editorReducer(state, { type: 'add' })
    expect(state).toHaveLength(3)
    expect(state[2]).toMatchObject({ text: '', answer: 'A' })
    expect(state[2].id).toBeUndefined()
    expect('id' in toUpdate(state[2])).toBe(false)
    state = editorReducer(state, { type: 'delete', key: 'q-6' })
    expect(state.map((q) => q.id)).toEqual([5, undefined])
  })
})
