import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderFields } from '@/testing/render-fields'
import { blankForm, toForm } from './question-form'

describe('the choice types’ fields', () => {
  it('edits a single choice’s options and marks the right ones by keyboard, focus following added and removed rows', async () => {
    const { definition } = renderFields(toForm({ type: 'single_choice', options: ['4', '6', '7'], right: [2] }))
    const user = userEvent.setup()
    const options = screen.getByRole('group', { name: 'Options' })
    expect(options).toHaveAccessibleDescription('2 to 6 options. Mark each option that counts as right.')
    expect(screen.getByRole('checkbox', { name: 'Option 3: Right' })).toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Add option' }))
    expect(screen.getByLabelText('Option 4')).toHaveFocus()
    await user.keyboard('11')
    await user.tab()
    expect(screen.getByRole('checkbox', { name: 'Option 4: Right' })).toHaveFocus()
    await user.keyboard(' ')
    await user.click(screen.getByRole('button', { name: 'Remove option 1' }))
    expect(screen.getByLabelText('Option 1')).toHaveValue('6')
    expect(screen.getByLabelText('Option 1')).toHaveFocus()
    expect(definition()).toEqual({ type: 'single_choice', options: ['6', '7', '11'], right: [1, 2] })
  })

  it('keeps between 2 and 6 options', async () => {
    renderFields(blankForm('poll'))
    const user = userEvent.setup()
    for (let i = 0; i < 2; i += 1) await user.click(screen.getByRole('button', { name: 'Add option' }))
    expect(screen.getAllByRole('textbox')).toHaveLength(6)
    expect(screen.getByRole('button', { name: 'Add option' })).toBeDisabled()
    for (const n of [6, 5, 4, 3]) await user.click(screen.getByRole('button', { name: `Remove option ${n}` }))
    expect(screen.getByRole('button', { name: 'Remove option 1' })).toBeDisabled()
    expect(screen.getByLabelText('Option 2')).toHaveFocus()
  })

  it('offers a poll’s options without right marks, and a multiple select’s all-or-nothing rule', async () => {
    const { unmount } = renderFields(toForm({ type: 'poll', options: ['Tea', 'Coffee'] }))
    expect(screen.getByRole('group', { name: 'Options' })).toHaveAccessibleDescription('2 to 6 options. A poll is not scored.')
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    unmount()

    const { definition } = renderFields(toForm({ type: 'multi_select', options: ['Mars', 'Moon', 'Venus'], right: [0] }))
    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: 'Option 3: Right' }))
    await user.click(screen.getByRole('checkbox', { name: 'All or nothing (no marks for a part-right answer)' }))
    expect(definition()).toEqual({ type: 'multi_select', options: ['Mars', 'Moon', 'Venus'], right: [0, 2], all_or_nothing: true })
  })

  it('picks true or false by radio', async () => {
    const { definition } = renderFields(blankForm('true_false'))
    const user = userEvent.setup()
    const group = screen.getByRole('group', { name: 'Correct answer' })
    expect(within(group).getByRole('radio', { name: 'True' })).toBeChecked()
    await user.click(within(group).getByRole('radio', { name: 'False' }))
    expect(definition()).toEqual({ type: 'true_false', answer: false })
  })

  it('describes the options by the question’s errors when a message names them', () => {
    renderFields(blankForm('single_choice'), { invalid: ['right'] })
    expect(screen.getByRole('group', { name: 'Options' })).toHaveAttribute('aria-describedby', 'q-options-hint q-errors')
  })

  it('edits a question A–D: four options and the correct letter', async () => {
    const { form } = renderFields(blankForm('letters'))
    const user = userEvent.setup()
    for (const letter of ['A', 'B', 'C', 'D']) await user.type(screen.getByLabelText(`Option ${letter}`), letter.toLowerCase())
    await user.selectOptions(screen.getByLabelText('Correct answer'), 'C')
    expect(form()).toEqual({ type: 'letters', option_a: 'a', option_b: 'b', option_c: 'c', option_d: 'd', answer: 'C' })
  })
})
