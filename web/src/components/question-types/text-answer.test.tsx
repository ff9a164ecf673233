import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { TextAnswer } from './text-answer'

describe('TextAnswer', () => {
  it('takes typed text of at most 200 characters, reported as typing', async () => {
    const { changes } = renderAnswerView(TextAnswer, { id: 1, type: 'type_answer', text: 'Capital of France?' })
    const user = userEvent.setup()
    await user.tab()
    const field = screen.getByRole('textbox', { name: 'Your answer' })
    expect(field).toHaveFocus()
    expect(field).toHaveAttribute('maxLength', '200')
    await user.keyboard('Paris')
    expect(field).toHaveValue('Paris')
    expect(changes.at(-1)).toEqual({ response: { text: 'Paris' }, typing: true })
    await user.clear(field)
    expect(changes.at(-1)?.response).toBeNull()
  })

  it('asks a word cloud for a word or short phrase, not scored', () => {
    renderAnswerView(TextAnswer, { id: 1, type: 'word_cloud', text: 'One word for today' }, { text: 'sunny' })
    expect(screen.getByRole('textbox', { name: 'Your word or short phrase (not scored)' })).toHaveValue('sunny')
  })
})
