import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FeedbackItem } from '@/types/api'
import { FeedbackList } from './feedback-list'

const item = (id: number, overrides: Partial<FeedbackItem>): FeedbackItem => ({
  id,
  questionText: `Question text ${id}?`,
  optionA: `Alpha ${id}`,
  optionB: `Bravo ${id}`,
  optionC: `Charlie ${id}`,
  optionD: `Delta ${id}`,
  correctAnswer: 'B',
  userAnswer: null,
  isCorrect: false,
  explanation: null,
  ...overrides,
})

const items = [
  item(1, { userAnswer: 'B', isCorrect: true, explanation: 'Because B.' }),
  item(2, { userAnswer: 'C' }),
  item(3, {}),
]

describe('FeedbackList', () => {
  it('says for each question whether it was correct, incorrect or not answered', () => {
    render(<FeedbackList items={items} chosenLabel="Your answer" />)
    const questions = screen.getAllByRole('listitem').filter((li) => li.classList.contains('feedback-item'))
    expect(questions.map((li) => li.querySelector('.status-pill')?.textContent)).toEqual(['Correct', 'Incorrect', 'Not answered'])
    expect(within(questions[0]).getByText('Question 1')).toBeInTheDocument()
    expect(within(questions[0]).getByText('Question text 1?')).toBeInTheDocument()
    expect(within(questions[0]).getByText('Because B.')).toBeInTheDocument()
  })

  it('marks the correct option and the chosen one with the given label', () => {
    render(<FeedbackList items={items} chosenLabel="Their answer" />)
    const second = screen.getByText('Question text 2?').closest('li') as HTMLElement
    const bravo = within(second).getByText('Bravo 2').closest('li') as HTMLElement
    const charlie = within(second).getByText('Charlie 2').closest('li') as HTMLElement
    expect(within(bravo).getByText('Correct answer')).toBeInTheDocument()
    expect(bravo).toHaveClass('option-correct')
    expect(within(charlie).getByText('Their answer')).toBeInTheDocument()
    expect(charlie).toHaveClass('option-wrong')
    // A right answer carries both tags and is not marked wrong.
    const first = screen.getByText('Question text 1?').closest('li') as HTMLElement
    const right = within(first).getByText('Bravo 1').closest('li') as HTMLElement
    expect(within(right).getByText('Correct answer')).toBeInTheDocument()
    expect(within(right).getByText('Their answer')).toBeInTheDocument()
    expect(right).not.toHaveClass('option-wrong')
  })
  it('shows the formulae of the question, its options and its explanation (issue 30)', async () => {
    const { container } = render(
      <FeedbackList
        items={[item(1, { questionText: 'Solve \\(x^2 = 4\\).', optionB: '\\(x = 2\\)', explanation: 'Since $$2^2 = 4$$ it is 2.' })]}
        chosenLabel="Your answer"
      />,
    )
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(3))
    expect(container.querySelector('.feedback-question')?.textContent).toMatch(/^Solve .*\.$/)
    expect(container.querySelector('.feedback-explanation .math-display')).not.toBeNull()
    expect(screen.getByText('Alpha 1')).toBeInTheDocument()
  })
})
