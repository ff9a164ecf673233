import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { NOT_A_NUMBER, NumberAnswer } from './number-answer'

const question = { id: 1, type: 'numeric' as const, text: 'g on Earth?', unit: 'm/s²' }

describe('NumberAnswer', () => {
  it('reads a decimal comma as a decimal point and sends a number', async () => {
    const { changes } = renderAnswerView(NumberAnswer, question)
    const user = userEvent.setup()
    await user.tab()
    const field = screen.getByRole('textbox', { name: 'Your answer (in m/s²)' })
    expect(field).toHaveFocus()
    expect(field).toHaveAttribute('inputMode', 'decimal')
    await user.keyboard('9,8')
    expect(field).toHaveValue('9,8')
    expect(changes.at(-1)).toEqual({ response: { number: 9.8 }, typing: true })
    await user.clear(field)
    await user.keyboard('-0.5')
    expect(changes.at(-1)?.response).toEqual({ number: -0.5 })
  })

  it('says when what is typed is not a number, and counts it as no answer', async () => {
    const { changes } = renderAnswerView(NumberAnswer, question, { number: 9.81 })
    const user = userEvent.setup()
    const field = screen.getByRole('textbox', { name: 'Your answer (in m/s²)' })
    expect(field).toHaveValue('9.81')
    await user.type(field, 'x')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(NOT_A_NUMBER)
    expect(changes.at(-1)?.response).toBeNull()
  })
})
