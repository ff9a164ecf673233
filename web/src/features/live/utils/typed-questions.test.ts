import { describe, expect, it } from 'vitest'
import type { QuestionType } from '@/types/api'
import { cloudWords, revealOptions, sentOnTap, toneAt, verdictOf } from './typed-questions'

describe('questions of other types in a live game', () => {
  it("tells a player's verdict from their result", () => {
    expect(verdictOf(null)).toBe('none')
    // Four options A–D: no share.
    expect(verdictOf({ correct: true, points: 950 })).toBe('right')
    expect(verdictOf({ correct: false, points: 0 })).toBe('wrong')
    expect(verdictOf({ correct: true, points: 10, f: 1 })).toBe('right')
    expect(verdictOf({ correct: false, points: 6, f: 0.6 })).toBe('partly')
    expect(verdictOf({ correct: false, points: 0, f: 0 })).toBe('wrong')
    expect(verdictOf({ correct: false, points: 0, f: null })).toBe('unscored')
    // A poll or a word cloud: the server leaves `f` out, as for A–D; the type tells.
    expect(verdictOf({ correct: false, points: 0 }, 'poll')).toBe('unscored')
    expect(verdictOf({ correct: false, points: 0 }, 'word_cloud')).toBe('unscored')
    expect(verdictOf({ correct: false, points: 0, f: 0 }, 'ordering')).toBe('wrong')
    expect(verdictOf({ correct: true, points: 10, f: 1 }, 'ordering')).toBe('right')
    expect(verdictOf(null, 'poll')).toBe('none')
  })

  it('sends a pick on the tap and every other type with a button', () => {
    const onTap: QuestionType[] = ['single_choice', 'true_false', 'poll']
    const withButton: QuestionType[] = ['ordering', 'matching', 'categorize', 'gaps', 'multi_select', 'type_answer', 'word_cloud', 'numeric', 'slider']
    expect(onTap.every(sentOnTap)).toBe(true)
    expect(withButton.some(sentOnTap)).toBe(false)
  })

  it('marks the right options of a reveal, in the definition’s order', () => {
    expect(revealOptions({ type: 'multi_select', options: ['Mars', 'Moon', 'Venus'], right: [0, 2] })).toEqual([
      { text: 'Mars', right: true },
      { text: 'Moon', right: false },
      { text: 'Venus', right: true },
    ])
    expect(revealOptions({ type: 'true_false', answer: false })).toEqual([
      { text: 'True', right: false },
      { text: 'False', right: true },
    ])
    expect(revealOptions({ type: 'poll', options: ['Tea'] })).toEqual([{ text: 'Tea', right: false }])
    const circle = { kind: 'circle', x: 0.5, y: 0.5, r: 0.1 } as const
    expect(revealOptions({ type: 'hotspot', regions: [{ name: 'Paris', right: true, shape: circle }, { name: 'Lyon', shape: circle }] })).toEqual([
      { text: 'Paris', right: true },
      { text: 'Lyon', right: false },
    ])
    expect(revealOptions({ type: 'word_cloud' })).toBeNull()
    expect([0, 3, 4].map(toneAt)).toEqual(['live-option-A', 'live-option-D', 'live-option-more'])
  })

  it('sizes the words of a cloud from the least given to the most', () => {
    expect(cloudWords([{ answer: 'a', count: 9 }, { answer: 'b', count: 5 }, { answer: 'c', count: 1 }]).map((w) => w.sizeEm)).toEqual([3, 2, 1])
    expect(cloudWords([{ answer: 'a', count: 2 }, { answer: 'b', count: 2 }]).map((w) => w.sizeEm)).toEqual([1.5, 1.5])
  })
})
