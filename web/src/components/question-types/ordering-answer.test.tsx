import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { OrderingAnswer } from './ordering-answer'

const question = { id: 1, type: 'ordering' as const, text: 'Nearest the Sun first', items: ['Venus', 'Mercury', 'Earth'] }

const texts = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.ordering-text')?.textContent)

describe('OrderingAnswer', () => {
  it('moves items with the Move up and Move down buttons, says each move, and keeps focus on the item', async () => {
    const { changes } = renderAnswerView(OrderingAnswer, question)
    const user = userEvent.setup()
    expect(screen.getByRole('button', { name: 'Move up Venus' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move down Earth' })).toBeDisabled()
    // Tab reaches "Move down Venus" first (its Move up is disabled).
    await user.tab()
    expect(screen.getByRole('button', { name: 'Move down Venus' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(texts()).toEqual(['Mercury', 'Venus', 'Earth'])
    expect(screen.getByRole('status')).toHaveTextContent('Moved ‘Venus’ to position 2 of 3')
    expect(screen.getByRole('button', { name: 'Move down Venus' })).toHaveFocus()
    // At the bottom, Move down is disabled: focus goes to the item's Move up.
    await user.keyboard('{Enter}')
    expect(texts()).toEqual(['Mercury', 'Earth', 'Venus'])
    expect(screen.getByRole('button', { name: 'Move up Venus' })).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent('Moved ‘Venus’ to position 3 of 3')
    expect(changes).toEqual([
      { response: { order: [1, 0, 2] }, typing: false },
      { response: { order: [1, 2, 0] }, typing: false },
    ])
  })

  it('shows a saved order, and nothing counts until the player moves an item', () => {
    const { changes } = renderAnswerView(OrderingAnswer, question, { order: [2, 1, 0] })
    expect(texts()).toEqual(['Earth', 'Mercury', 'Venus'])
    expect(screen.getByRole('group', { name: 'Put the items in order, first at the top.' })).toBeInTheDocument()
    expect(changes).toEqual([])
  })
})
