import { describe, expect, it } from 'vitest'
import type { QuestionDefinition } from '@/types/api'
import { formatNumber, rightWords, shareRight, statusLabel, yourWords } from './answer-words'

const numeric: QuestionDefinition = { type: 'numeric', answer: 9.81, tolerance: { kind: 'absolute', value: 0.05 }, unit: 'm/s²' }

describe('answer words', () => {
  it('words a number with its unit and tolerance', () => {
    expect(yourWords(numeric, { number: 9.8 })).toEqual({ text: '9.8 m/s²' })
    expect(rightWords(numeric)).toEqual({ text: '9.81 m/s² (± 0.05)' })
    expect(rightWords({ type: 'numeric', answer: 100, tolerance: { kind: 'relative', value: 0.05 } })).toEqual({ text: '100 (± 5%)' })
    expect(rightWords({ type: 'numeric', answer: 3 })).toEqual({ text: '3' })
    expect(formatNumber(0.1 + 0.2)).toBe('0.3')
  })

  it('words choices (naming the options, for their pictures), true/false, typed answers and a slider', () => {
    const choice: QuestionDefinition = { type: 'single_choice', options: ['Paris', 'Rome', 'Lutetia'], right: [0, 2] }
    expect(yourWords(choice, { choice: 1 })).toEqual({ text: 'Rome', pictures: [1] })
    expect(rightWords(choice)).toEqual({ text: 'Paris or Lutetia', pictures: [0, 2] })
    const several: QuestionDefinition = { type: 'multi_select', options: ['2', '4', '5'], right: [0, 2] }
    expect(yourWords(several, { choices: [0, 1] })).toEqual({ text: '2, 4', pictures: [0, 1] })
    expect(rightWords(several)).toEqual({ text: '2, 5', pictures: [0, 2] })
    expect(yourWords({ type: 'true_false', answer: true }, { bool: false })).toEqual({ text: 'False' })
    expect(rightWords({ type: 'type_answer', accepted: ['Paris', 'Paname'] })).toEqual({ text: 'Paris or Paname' })
    expect(rightWords({ type: 'slider', min: 0, max: 100, step: 1, target: 42, margin: 5 })).toEqual({ text: '42 (± 5)' })
  })

  it('lists an ordering, a matching and a categorizing, marking each line of the answer and naming its item (for its picture)', () => {
    const ordering: QuestionDefinition = { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'] }
    expect(yourWords(ordering, { order: [1, 0, 2] })).toEqual({
      ordered: true,
      lines: [
        { text: 'Venus', right: false, picture: 1 },
        { text: 'Mercury', right: false, picture: 0 },
        { text: 'Earth', right: true, picture: 2 },
      ],
    })
    expect(rightWords(ordering)).toEqual({
      ordered: true,
      lines: [
        { text: 'Mercury', picture: 0 },
        { text: 'Venus', picture: 1 },
        { text: 'Earth', picture: 2 },
      ],
    })
    const matching: QuestionDefinition = {
      type: 'matching',
      pairs: [
        { left: 'France', right: 'Paris' },
        { left: 'Italy', right: 'Rome' },
      ],
      distractors: ['Madrid'],
    }
    expect(yourWords(matching, { pairs: [0, 2] })).toEqual({
      ordered: false,
      lines: [
        { text: 'France → Paris', right: true, picture: 0 },
        { text: 'Italy → Madrid', right: false, picture: 1 },
      ],
    })
    const categorize: QuestionDefinition = { type: 'categorize', groups: ['Fruit', 'Vegetable'], items: [{ text: 'Leek', group: 1 }] }
    expect(yourWords(categorize, { groups: [null] })).toEqual({ ordered: false, lines: [{ text: 'Leek → —', right: false, picture: 0 }] })
    expect(rightWords(categorize)).toEqual({ ordered: false, lines: [{ text: 'Leek → Vegetable', picture: 0 }] })
  })

  it('fills the gaps of a text with the words given and the right ones', () => {
    const gaps: QuestionDefinition = {
      type: 'gaps',
      text: 'The sky is {{1}} and grass is {{2}}.',
      gaps: [
        { type: 'choice', options: ['red', 'blue'], right: 1 },
        { type: 'typed', accepted: ['green'] },
      ],
    }
    expect(yourWords(gaps, { gaps: [{ choice: 0 }, null] })).toEqual({ text: 'The sky is [red] and grass is […].' })
    expect(rightWords(gaps)).toEqual({ text: 'The sky is [blue] and grass is [green].' })
  })

  it('has no right answer for a poll, a word cloud or a slide, and nothing for no answer', () => {
    expect(rightWords({ type: 'poll', options: ['a', 'b'] })).toBeNull()
    expect(rightWords({ type: 'word_cloud' })).toBeNull()
    expect(yourWords({ type: 'slide' }, null)).toBeNull()
    expect(yourWords(numeric, null)).toBeNull()
  })

  it('says how right a part-right answer is', () => {
    expect(shareRight(0.5)).toBe('Half right')
    expect(shareRight(0.6)).toBe('60% right')
    expect(shareRight(0.999)).toBe('99% right')
    const item = { type: 'ordering' as const, isCorrect: false, response: { order: [0] } }
    expect(statusLabel({ ...item, f: 0.6 })).toBe('60% right')
    expect(statusLabel({ ...item, f: 0 })).toBe('Incorrect')
    expect(statusLabel({ ...item, f: 1, isCorrect: true })).toBe('Correct')
    expect(statusLabel({ ...item, f: 0, response: null })).toBe('Not answered')
    expect(statusLabel({ type: 'poll', isCorrect: false, f: null, response: { choice: 0 } })).toBe('Not scored')
    expect(statusLabel({ type: 'slide', isCorrect: false, f: null, response: null })).toBe('Not scored')
  })
})
