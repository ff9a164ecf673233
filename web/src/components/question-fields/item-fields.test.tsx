import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderFields } from '@/testing/render-fields'
import { blankForm, toForm } from './question-form'

describe('the fields of an ordering, a matching and a categorize', () => {
  it('reorders an ordering’s items with Move up and Move down, focus staying with the moved item', async () => {
    const { definition } = renderFields(toForm({ type: 'ordering', items: ['Venus', 'Mercury', 'Earth'] }))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Move up item 2' }))
    expect(screen.getByRole('status')).toHaveTextContent('Moved ‘Mercury’ to position 1 of 3')
    // At the top its Move up is disabled: focus goes to its Move down.
    expect(screen.getByRole('button', { name: 'Move down item 1' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Move down item 2' })).toHaveFocus()
    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}')
    expect(screen.getByRole('button', { name: 'Move down item 1' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Move down item 2' }))
    expect(screen.getByRole('button', { name: 'Move up item 3' })).toHaveFocus()
    await user.click(screen.getByRole('checkbox', { name: 'Part marks for each item in its right place' }))
    expect(definition()).toEqual({ type: 'ordering', items: ['Mercury', 'Earth', 'Venus'], partial: true })
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeDisabled()
  })

  it('edits a matching’s pairs and wrong matches', async () => {
    const { definition } = renderFields(blankForm('matching'))
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Item 1'), 'France')
    await user.type(screen.getByLabelText('Match for item 1'), 'Paris')
    await user.type(screen.getByLabelText('Item 2'), 'Italy')
    await user.type(screen.getByLabelText('Match for item 2'), 'Rome')
    const wrong = screen.getByRole('group', { name: 'Wrong matches' })
    expect(wrong).toHaveAccessibleDescription('Up to 4 wrong matches. Offered with the matches; they belong to no item.')
    await user.click(within(wrong).getByRole('button', { name: 'Add wrong match' }))
    await user.keyboard('Madrid')
    expect(definition()).toEqual({
      type: 'matching',
      pairs: [
        { left: 'France', right: 'Paris' },
        { left: 'Italy', right: 'Rome' },
      ],
      distractors: ['Madrid'],
    })
    await user.click(within(wrong).getByRole('button', { name: 'Remove wrong match 1' }))
    expect(within(wrong).getByRole('button', { name: 'Add wrong match' })).toHaveFocus()
  })

  it('puts each categorize item in a group chosen by name; an item of a removed group has none', async () => {
    const { definition } = renderFields(toForm({ type: 'categorize', groups: ['Fruit', 'Vegetable', 'Grain'], items: [{ text: 'Leek', group: 2 }] }))
    const user = userEvent.setup()
    const group = screen.getByRole('combobox', { name: 'Group of item 1' })
    expect(group).toHaveDisplayValue('Grain')
    await user.selectOptions(group, 'Vegetable')
    await user.click(screen.getByRole('button', { name: 'Add item' }))
    await user.keyboard('Apple')
    expect(screen.getByRole('combobox', { name: 'Group of item 2' })).toHaveDisplayValue('Fruit')
    await user.click(screen.getByRole('button', { name: 'Remove group 1' }))
    expect(screen.getByRole('combobox', { name: 'Group of item 2' })).toHaveDisplayValue('Choose a group')
    expect(definition()).toEqual({ type: 'categorize', groups: ['Vegetable', 'Grain'], items: [{ text: 'Leek', group: 0 }, { text: 'Apple', group: -1 }] })
  })
})
