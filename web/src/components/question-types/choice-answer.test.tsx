import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { ChoiceAnswer, TrueFalseAnswer } from './choice-answer'

describe('ChoiceAnswer', () => {
  it('chooses an option with Tab and Enter, and clears it with Space', async () => {
    const { changes } = renderAnswerView(ChoiceAnswer, { id: 1, type: 'single_choice', text: 'Capital?', options: ['Rome', 'Paris', 'Oslo', 'Bern', 'Riga'] })
    const user = userEvent.setup()
    expect(screen.getByRole('group', { name: 'Choose one answer.' })).toBeInTheDocument()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: /Paris/ })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: /Paris/ })).toHaveAttribute('aria-pressed', 'true')
    await user.keyboard(' ')
    expect(screen.getByRole('button', { name: /Paris/ })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByRole('button', { name: /Riga/ })).toBeInTheDocument()
    expect(changes).toEqual([
      { response: { choice: 1 }, typing: false },
      { response: null, typing: false },
    ])
  })

  it('says a poll is not scored', () => {
    renderAnswerView(ChoiceAnswer, { id: 1, type: 'poll', text: 'Favourite?', options: ['Tea', 'Coffee'] }, { choice: 0 })
    expect(screen.getByRole('group', { name: 'Choose one (not scored).' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Tea/ })).toHaveAttribute('aria-pressed', 'true')
  })
})

describe('TrueFalseAnswer', () => {
  it('answers true or false by keyboard', async () => {
    const { changes } = renderAnswerView(TrueFalseAnswer, { id: 1, type: 'true_false', text: 'The sky is blue.' })
    const user = userEvent.setup()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'False' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await user.tab({ shift: true })
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'True' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'False' })).toHaveAttribute('aria-pressed', 'false')
    expect(changes.map((c) => c.response)).toEqual([{ bool: false }, { bool: true }])
  })
})
