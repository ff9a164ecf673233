import { describe, expect, it } from 'vitest'
import type { Question } from '../api/play-api'
import { playAnnouncement, resultAnnouncement } from './play-announcements'

const questions: Question[] = [1, 2, 3].map((id) => ({
  id,
  text: `Q${id}?`,
  optionA: 'a',
  optionB: 'b',
  optionC: 'c',
  optionD: 'd',
}))

const at = (current: number, answers = {}, marked = {}) => ({ questions, current, answers, marked })

describe('play announcements', () => {
  it('says which option was chosen, and when an answer was cleared', () => {
    expect(playAnnouncement({ type: 'answer.select', option: 'B' }, at(1), at(1, { 2: 'B' }))).toBe('Option B selected for question 2.')
    expect(playAnnouncement({ type: 'answer.select', option: 'B' }, at(1, { 2: 'B' }), at(1))).toBe('Answer cleared for question 2.')
    expect(playAnnouncement({ type: 'answer.clear' }, at(0, { 1: 'A' }), at(0))).toBe('Answer cleared for question 1.')
    // Nothing changed (the event was not taken, e.g. in the review summary): nothing said.
    expect(playAnnouncement({ type: 'answer.select', option: 'A' }, at(0), at(0))).toBeNull()
  })

  it('says when a question is marked for review and unmarked', () => {
    expect(playAnnouncement({ type: 'review.toggle' }, at(2), at(2, {}, { 3: true }))).toBe('Question 3 marked for review.')
    expect(playAnnouncement({ type: 'review.toggle' }, at(2, {}, { 3: true }), at(2))).toBe('Question 3 no longer marked for review.')
  })

  it('says which question is shown after moving, and nothing at either end', () => {
    expect(playAnnouncement({ type: 'question.next' }, at(0), at(1))).toBe('Now on question 2 (of 3).')
    expect(playAnnouncement({ type: 'question.prev' }, at(0), at(0))).toBeNull()
    expect(playAnnouncement({ type: 'question.goto', index: 2 }, at(0), at(2))).toBe('Now on question 3 (of 3).')
    expect(playAnnouncement({ type: 'summary.open' }, at(0), at(0))).toBeNull()
  })

  it('announces the result, and that time ran out', () => {
    expect(resultAnnouncement(2, 3, 20, false)).toBe('Quiz submitted. You scored 2 out of 3, 20 points.')
    expect(resultAnnouncement(0, 3, 0, true)).toBe("Time's up! Your answers were submitted automatically. You scored 0 out of 3, 0 points.")
  })
})
