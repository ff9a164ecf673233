import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { MultiSelectAnswer } from './multi-select-answer'

describe('MultiSelectAnswer', () => {
  it('ticks options with Tab and Space, keeps them in order, and empties to no answer', async () => {
    const { changes } = renderAnswerView(MultiSelectAnswer, { id: 1, type: 'multi_select', text: 'Primes?', options: ['2', '4', '5'], several: true })
    const user = userEvent.setup()
    expect(screen.getByRole('group', { name: 'Choose all that apply.' })).toBeInTheDocument()
    await user.tab()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('checkbox', { name: '5' })).toHaveFocus()
    await user.keyboard(' ')
    await user.tab({ shift: true })
    await user.tab({ shift: true })
    await user.keyboard(' ')
    expect(screen.getByRole('checkbox', { name: '2' })).toBeChecked()
    await user.keyboard(' ')
    await user.tab({ shift: true })
    expect(changes.map((c) => c.response)).toEqual([{ choices: [2] }, { choices: [0, 2] }, { choices: [2] }])
    await user.click(screen.getByRole('checkbox', { name: '5' }))
    expect(changes.at(-1)?.response).toBeNull()
  })
})
