import { describe, expect, it } from 'vitest'
import { parseDecimal } from '@/lib/decimal'
import { isAnswered, isPlayQuestion, isResponse } from './question-types'
import { answerWords } from './response-words'

describe('question types in play', () => {
  it('counts a response as an answer only when something is in it', () => {
    expect(isAnswered('A')).toBe(true)
    expect(isAnswered({ choice: 0 })).toBe(true)
    expect(isAnswered({ bool: false })).toBe(true)
    expect(isAnswered({ number: 0 })).toBe(true)
    expect(isAnswered({ order: [0, 1, 2] })).toBe(true)
    expect(isAnswered({ choices: [] })).toBe(false)
    expect(isAnswered({ text: '  ' })).toBe(false)
    expect(isAnswered({ pairs: [null, null] })).toBe(false)
    expect(isAnswered({ groups: [null, 1] })).toBe(true)
    expect(isAnswered({ gaps: [null, { text: '' }] })).toBe(false)
    expect(isAnswered({ gaps: [{ choice: 0 }] })).toBe(true)
    expect(isAnswered(undefined)).toBe(false)
  })

  it('knows the served shapes and the response shapes', () => {
    expect(isPlayQuestion({ id: 1, text: 'x', optionA: 'a', optionB: 'b', optionC: 'c', optionD: 'd' })).toBe(true)
    expect(isPlayQuestion({ id: 1, text: 'x', type: 'numeric' })).toBe(true)
    expect(isPlayQuestion({ id: 1, text: 'x', type: 'gaps', cloze: '{{1}}', gaps: [{ type: 'typed' }] })).toBe(true)
    expect(isPlayQuestion({ id: 1, text: 'x', type: 'gaps', cloze: '{{1}}', gaps: [{ type: 'choice' }] })).toBe(false)
    expect(isPlayQuestion({ id: 1, text: 'x', type: 'matching', left: ['a'] })).toBe(false)
    expect(isPlayQuestion({ id: 1, text: 'x', type: 'hotspot', regions: ['Lyon', 'Paris'] })).toBe(true)
    expect(isPlayQuestion({ id: 1, text: 'x', type: 'hotspot', regions: ['Paris'] })).toBe(false)
    expect(isResponse({ point: [0.2, 0.5] })).toBe(true)
    expect(isResponse({ region: 1 })).toBe(true)
    expect(isAnswered({ point: [0, 0] })).toBe(true)
    expect(isResponse({ number: 1 })).toBe(true)
    expect(isResponse({ number: 1, text: 'x' })).toBe(false)
    expect(isResponse('A')).toBe(false)
  })

  it('reads a decimal point or comma, and nothing else', () => {
    expect(parseDecimal('9,8')).toBe(9.8)
    expect(parseDecimal(' 9.81 ')).toBe(9.81)
    expect(parseDecimal('-.5')).toBe(-0.5)
    expect(parseDecimal('9.')).toBe(9)
    for (const bad of ['', '-', '1,000.5', '1e3', 'abc', '9,8,1']) expect(parseDecimal(bad)).toBeNull()
  })

  it('words an answer for the review summary, by the positions served', () => {
    expect(answerWords({ id: 1, text: 'x', optionA: 'a', optionB: 'b', optionC: 'c', optionD: 'd' }, 'C')).toBe('C')
    expect(answerWords({ id: 2, text: 'g?', type: 'numeric', unit: 'm/s²' }, { number: 9.8 })).toBe('9.8 m/s²')
    expect(answerWords({ id: 3, text: 'o', type: 'ordering', items: ['Venus', 'Mercury'] }, { order: [1, 0] })).toBe('Mercury, Venus')
    expect(answerWords({ id: 4, text: 'm', type: 'matching', left: ['France', 'Italy'], right: ['Rome', 'Paris'] }, { pairs: [1, null] })).toBe(
      'France → Paris',
    )
    expect(
      answerWords({ id: 5, text: 'g', type: 'gaps', cloze: '{{1}} {{2}}', gaps: [{ type: 'choice', options: ['red', 'blue'] }, { type: 'typed' }] }, {
        gaps: [{ choice: 1 }, { text: 'green' }],
      }),
    ).toBe('blue, green')
    expect(answerWords({ id: 6, text: 't', type: 'type_answer' }, { text: 'x'.repeat(80) })).toHaveLength(60)
    expect(answerWords({ id: 7, text: 'h', type: 'hotspot', regions: ['Lyon', 'Paris'] }, { region: 1 })).toBe('Paris')
    expect(answerWords({ id: 7, text: 'h', type: 'hotspot', regions: ['Lyon', 'Paris'] }, { point: [0.5, 0.5] })).toBe('A point on the picture')
  })
})
