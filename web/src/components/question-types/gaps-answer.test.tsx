import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { GapsAnswer } from './gaps-answer'

const question = {
  id: 1,
  type: 'gaps' as const,
  text: 'Complete the sentence',
  cloze: 'The sky is {{1}} and grass is {{2}}.',
  gaps: [{ type: 'choice' as const, options: ['blue', 'red'] }, { type: 'typed' as const }],
}

describe('GapsAnswer', () => {
  it('fills a dropdown gap and a typed gap in the text, each named by its number', async () => {
    const { changes, container } = renderAnswerView(GapsAnswer, question)
    const user = userEvent.setup()
    expect(screen.getByRole('group', { name: 'Fill in the gaps.' })).toBeInTheDocument()
    expect(container.querySelector('.gaps-text')?.textContent).toMatch(/^The sky is .* and grass is \.$/)
    await user.tab()
    expect(screen.getByRole('combobox', { name: 'Gap 1' })).toHaveFocus()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gap 1' }), 'blue')
    await user.tab()
    expect(screen.getByRole('textbox', { name: 'Gap 2' })).toHaveFocus()
    await user.keyboard('green')
    expect(changes[0]).toEqual({ response: { gaps: [{ choice: 0 }, null] }, typing: false })
    expect(changes.at(-1)).toEqual({ response: { gaps: [{ choice: 0 }, { text: 'green' }] }, typing: true })
  })
})
