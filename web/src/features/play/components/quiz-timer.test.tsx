import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QuizTimer } from './quiz-timer'

const limit = 10 * 60_000

describe('QuizTimer', () => {
  it('announces milestones politely, the last 5% assertively, and nothing on every tick', () => {
    const { rerender } = render(<QuizTimer remainingMs={125_000} timeLimitMs={limit} />)
    const polite = screen.getByTestId('timer-announcement')
    const urgent = screen.getByTestId('timer-urgent-announcement')
    expect(polite).toHaveAttribute('aria-live', 'polite')
    expect(urgent).toHaveAttribute('aria-live', 'assertive')
    // Appearing mid-quiz says nothing.
    expect(polite).toBeEmptyDOMElement()

    rerender(<QuizTimer remainingMs={121_000} timeLimitMs={limit} />)
    expect(polite).toBeEmptyDOMElement()
    rerender(<QuizTimer remainingMs={119_800} timeLimitMs={limit} />)
    expect(polite).toHaveTextContent('2 minutes left.')
    rerender(<QuizTimer remainingMs={90_000} timeLimitMs={limit} />)
    expect(polite).toHaveTextContent('2 minutes left.')

    rerender(<QuizTimer remainingMs={29_900} timeLimitMs={limit} />)
    expect(screen.getByRole('timer')).toHaveClass('timer-warning')
    expect(urgent).toHaveTextContent('Time is almost up: 30 seconds left.')
    expect(polite).toBeEmptyDOMElement()
  })

  it('starts over when more time is given', () => {
    const { rerender } = render(<QuizTimer remainingMs={61_000} timeLimitMs={limit} />)
    rerender(<QuizTimer remainingMs={59_900} timeLimitMs={limit} />)
    expect(screen.getByTestId('timer-announcement')).toHaveTextContent('1 minute left.')
    rerender(<QuizTimer remainingMs={181_000} timeLimitMs={limit} />)
    rerender(<QuizTimer remainingMs={179_900} timeLimitMs={limit} />)
    expect(screen.getByTestId('timer-announcement')).toHaveTextContent('3 minutes left.')
  })
})
