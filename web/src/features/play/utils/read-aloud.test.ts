import { describe, expect, it } from 'vitest'
import { readAloudText } from './read-aloud'

describe('readAloudText', () => {
  it('reads the question, then each option with its letter', () => {
    expect(readAloudText({ text: 'What is 2 + 2?', optionA: '3', optionB: '4', optionC: '5', optionD: '22' })).toBe(
      'What is 2 + 2? A: 3. B: 4. C: 5. D: 22.',
    )
  })

  it('adds a pause only where the text has none, and trims', () => {
    expect(readAloudText({ text: '  Pick the noble gas ', optionA: 'Neon.', optionB: 'Iron!', optionC: ' Oxygen ', optionD: 'Who knows?' })).toBe(
      'Pick the noble gas. A: Neon. B: Iron! C: Oxygen. D: Who knows?',
    )
  })
})

describe('readAloudText of other question types', () => {
  it('reads the options of a choice with letters, and the gaps of a text as blanks', () => {
    expect(readAloudText({ id: 1, type: 'single_choice', text: 'Capital of France?', options: ['Paris', 'Rome', 'Oslo'] })).toBe(
      'Capital of France? A: Paris. B: Rome. C: Oslo.',
    )
    expect(readAloudText({ id: 2, type: 'gaps', text: 'Fill in', cloze: 'The sky is {{1}}.', gaps: [{ type: 'typed' }] })).toBe(
      'Fill in. The sky is blank.',
    )
    expect(readAloudText({ id: 3, type: 'hotspot', text: 'Where is Paris?', regions: ['Lyon', 'Paris'] })).toBe('Where is Paris? Places: Lyon, Paris.')
  })
})
