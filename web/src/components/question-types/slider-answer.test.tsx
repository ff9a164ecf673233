import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { middleOf, SliderAnswer } from './slider-answer'

const question = { id: 1, type: 'slider' as const, text: 'How many?', min: 0, max: 100, step: 5 }

describe('SliderAnswer', () => {
  it('starts in the middle as no answer, and answers with any key on it, even one that stays put', async () => {
    const { changes } = renderAnswerView(SliderAnswer, question)
    const user = userEvent.setup()
    await user.tab()
    const slider = screen.getByRole('slider', { name: 'Your answer' })
    expect(slider).toHaveFocus()
    expect(slider).toHaveValue('50')
    expect(slider).toHaveAccessibleDescription('Not answered yet (the slider is at 50)')
    // The browser moves a native slider on the arrow keys; jsdom does not, so the key only touches it.
    await user.keyboard('{ArrowRight}')
    expect(changes).toEqual([{ response: { number: 50 }, typing: false }])
    expect(slider).toHaveAccessibleDescription('Chosen: 50')
    fireEvent.change(slider, { target: { value: '65' } })
    expect(changes.at(-1)).toEqual({ response: { number: 65 }, typing: true })
    expect(screen.getByText('Chosen: 65')).toBeInTheDocument()
  })

  it('puts the middle on a step', () => {
    expect(middleOf(0, 10, 3)).toBe(6)
    expect(middleOf(0, 1, 0.1)).toBe(0.5)
    expect(middleOf(-10, 10, 1)).toBe(0)
  })
})
