import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FeedbackItem } from '@/types/api'
import { FeedbackList } from './feedback-list'

const items: FeedbackItem[] = [
  {
    id: 1,
    questionText: 'Which is B?',
    optionA: 'a',
    optionB: 'b',
    optionC: 'c',
    optionD: 'd',
    correctAnswer: 'B',
    userAnswer: 'B',
    isCorrect: true,
    explanation: null,
  },
  {
    id: 2,
    questionText: 'g on Earth?',
    type: 'numeric',
    definition: { type: 'numeric', answer: 9.81, tolerance: { kind: 'absolute', value: 0.05 }, unit: 'm/s²' },
    response: { number: 9.8 },
    f: 1,
    isCorrect: true,
    explanation: 'Near the surface.',
  },
  {
    id: 3,
    questionText: 'Order the planets',
    type: 'ordering',
    definition: { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'] },
    response: { order: [1, 0, 2] },
    f: 0.5,
    isCorrect: false,
  },
  { id: 4, questionText: 'Welcome', type: 'slide', definition: { type: 'slide' }, response: null, f: null, isCorrect: false },
]

describe('FeedbackList with questions of other types', () => {
  it('numbers every question and shows each type its own way', () => {
    render(<FeedbackList items={items} chosenLabel="Your answer" />)
    const questions = screen.getAllByRole('listitem').filter((li) => li.classList.contains('feedback-item'))
    expect(questions.map((li) => li.querySelector('.status-pill')?.textContent)).toEqual(['Correct', 'Correct', 'Half right', 'Not scored'])
    expect(within(questions[1]).getByText('Question 2')).toBeInTheDocument()
    expect(questions[1]).toHaveTextContent('Your answer: 9.8 m/s²')
    expect(questions[1]).toHaveTextContent('Right answer: 9.81 m/s² (± 0.05)')
    expect(within(questions[1]).getByText('Near the surface.')).toBeInTheDocument()
    expect(questions[2]).toHaveClass('is-partial')
    expect(questions[3]).not.toHaveTextContent('Your answer')
  })

  it('lists an ordering with each place of the answer marked right or wrong in words', () => {
    render(<FeedbackList items={items} chosenLabel="Their answer" />)
    const ordering = screen.getByText('Order the planets').closest('li') as HTMLElement
    const [theirs, right] = within(ordering).getAllByRole('list')
    expect(within(theirs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['✗Venus (wrong)', '✗Mercury (wrong)', '✓Earth (right)'])
    expect(within(right).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Mercury', 'Venus', 'Earth'])
    expect(ordering).toHaveTextContent('Their answer:')
  })
})
