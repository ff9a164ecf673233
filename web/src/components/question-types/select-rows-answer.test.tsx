import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { CategorizeAnswer, MatchingAnswer } from './select-rows-answer'

describe('MatchingAnswer', () => {
  it('matches each left item with a labelled select, reached by Tab', async () => {
    const { changes } = renderAnswerView(MatchingAnswer, {
      id: 1,
      type: 'matching',
      text: 'Capitals',
      left: ['France', 'Italy'],
      right: ['Rome', 'Madrid', 'Paris'],
    })
    const user = userEvent.setup()
    expect(screen.getByRole('group', { name: 'Match each item with one on the list.' })).toBeInTheDocument()
    await user.tab()
    await user.tab()
    const italy = screen.getByRole('combobox', { name: 'Italy' })
    expect(italy).toHaveFocus()
    await user.selectOptions(italy, 'Rome')
    await user.selectOptions(screen.getByRole('combobox', { name: 'France' }), 'Paris')
    await user.selectOptions(italy, 'Choose a match')
    expect(changes.map((c) => c.response)).toEqual([{ pairs: [null, 0] }, { pairs: [2, 0] }, { pairs: [2, null] }])
    await user.selectOptions(screen.getByRole('combobox', { name: 'France' }), 'Choose a match')
    expect(changes.at(-1)?.response).toBeNull()
  })
})

describe('CategorizeAnswer', () => {
  it('puts each item in a group', async () => {
    const { changes } = renderAnswerView(
      CategorizeAnswer,
      { id: 1, type: 'categorize', text: 'Sort', groups: ['Fruit', 'Vegetable'], items: ['Leek', 'Apple'] },
      { groups: [1, null] },
    )
    const user = userEvent.setup()
    expect(screen.getByRole('combobox', { name: 'Leek' })).toHaveDisplayValue('Vegetable')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Apple' }), 'Fruit')
    expect(changes.map((c) => c.response)).toEqual([{ groups: [1, 0] }])
  })
})
