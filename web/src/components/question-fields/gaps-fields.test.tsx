import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderFields } from '@/testing/render-fields'
import { blankForm, toForm } from './question-form'

describe('the fields of a text with gaps', () => {
  it('adds gaps with their marks, a dropdown with its right option and a typed word', async () => {
    const { definition } = renderFields(blankForm('gaps'))
    const user = userEvent.setup()
    const text = screen.getByLabelText('Text with gaps')
    await user.type(text, 'The sky is')
    await user.click(screen.getByRole('button', { name: 'Add gap' }))
    expect(text).toHaveValue('The sky is {{1}}')
    const kind = screen.getByRole('combobox', { name: 'Kind of gap 1' })
    expect(kind).toHaveFocus()
    await user.selectOptions(kind, 'Dropdown')
    const options = screen.getByRole('group', { name: 'Options of gap 1' })
    await user.type(within(options).getByLabelText('Option 1'), 'red')
    await user.type(within(options).getByLabelText('Option 2'), 'blue')
    await user.click(within(options).getByRole('radio', { name: 'Option 2: Right' }))
    await user.click(within(options).getByRole('radio', { name: 'Option 1: Right' }))
    await user.click(within(options).getByRole('radio', { name: 'Option 2: Right' }))
    await user.type(text, ' and grass is')
    await user.click(screen.getByRole('button', { name: 'Add gap' }))
    await user.type(within(screen.getByRole('group', { name: 'Accepted answers of gap 2' })).getByLabelText('Accepted answer 1'), 'green')
    expect(definition()).toEqual({
      type: 'gaps',
      text: 'The sky is {{1}} and grass is {{2}}',
      gaps: [
        { type: 'choice', options: ['red', 'blue'], right: 1 },
        { type: 'typed', accepted: ['green'], case_sensitive: false, accents_matter: false },
      ],
    })
  })

  it('takes a removed gap’s mark out of the text and numbers the later ones one less', async () => {
    const gaps = [1, 2, 3].map(() => ({ type: 'typed' as const, accepted: ['x'] }))
    renderFields(toForm({ type: 'gaps', text: 'A {{1}} B {{2}} C {{3}}', gaps }), { invalid: ['text'] })
    const user = userEvent.setup()
    const text = screen.getByLabelText('Text with gaps')
    expect(text).toHaveAttribute('aria-invalid', 'true')
    expect(text).toHaveAttribute('aria-describedby', 'q-cloze-hint q-errors')
    await user.click(screen.getByRole('button', { name: 'Remove gap 1' }))
    expect(text).toHaveValue('A  B {{1}} C {{2}}')
    expect(screen.getAllByRole('combobox', { name: /^Kind of gap/ })).toHaveLength(2)
  })
})
