import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QuizTimer } from './quiz-timer'

describe('QuizTimer without a time limit (accommodation "unlimited")', () => {
  it('says "No time limit" instead of a countdown, never warns and announces nothing', () => {
    const limit = 30 * 60_000
    const { rerender } = render(<QuizTimer remainingMs={3 * 24 * 3_600_000} timeLimitMs={limit} untimed />)
    const timer = screen.getByRole('timer')
    expect(timer).toHaveAccessibleName('No time limit')
    expect(screen.getByTestId('quiz-timer')).toHaveTextContent('No time limit')
    expect(screen.queryByText('Time left')).not.toBeInTheDocument()

    // Even at the very end (the quiz's expiry), no red pulse and no announcement.
    rerender(<QuizTimer remainingMs={61_000} timeLimitMs={limit} untimed />)
    rerender(<QuizTimer remainingMs={9_000} timeLimitMs={limit} untimed />)
    expect(timer).not.toHaveClass('timer-warning')
    expect(screen.getByTestId('quiz-timer')).toHaveTextContent('No time limit')
    expect(screen.getByTestId('timer-announcement')).toBeEmptyDOMElement()
    expect(screen.getByTestId('timer-urgent-announcement')).toBeEmptyDOMElement()
  })

  it('counts down as before otherwise', () => {
    render(<QuizTimer remainingMs={9_000} timeLimitMs={30 * 60_000} />)
    expect(screen.getByTestId('quiz-timer')).toHaveTextContent('00:00:09')
    expect(screen.getByRole('timer')).toHaveClass('timer-warning')
  })
})
