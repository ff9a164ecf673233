import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderFields } from '@/testing/render-fields'
import { blankForm } from './question-form'

describe('the fields of a typed answer', () => {
  it('lists a typed answer’s accepted answers and how they are compared', async () => {
    const { definition } = renderFields(blankForm('type_answer'))
    const user = userEvent.setup()
    expect(screen.getByRole('group', { name: 'Accepted answers' })).toHaveAccessibleDescription('1 to 10 accepted answers. A * stands for any text.')
    await user.type(screen.getByLabelText('Accepted answer 1'), 'Paris')
    await user.click(screen.getByRole('button', { name: 'Add accepted answer' }))
    await user.keyboard('Lut*')
    await user.click(screen.getByRole('checkbox', { name: 'Accents must match' }))
    expect(screen.getByRole('checkbox', { name: 'Upper and lower case must match' })).not.toBeChecked()
    expect(screen.getByLabelText('Accepted answer 1')).toHaveAttribute('maxlength', '200')
    expect(definition()).toEqual({ type: 'type_answer', accepted: ['Paris', 'Lut*'], case_sensitive: false, accents_matter: true })
  })
})
