import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderFields } from '@/testing/render-fields'
import { blankForm, toForm } from './question-form'

describe('the fields of a numeric answer and a slider', () => {
  it('edits a numeric answer with its tolerance as an amount or a percentage, and its unit', async () => {
    const { definition } = renderFields(toForm({ type: 'numeric', answer: 9.81, tolerance: { kind: 'absolute', value: 0.05 }, unit: 'm/s²' }))
    const user = userEvent.setup()
    expect(screen.getByRole('spinbutton', { name: 'Correct number' })).toHaveValue(9.81)
    expect(screen.getByRole('spinbutton', { name: 'Tolerance' })).toHaveAccessibleDescription('Empty for an exact answer.')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tolerance kind' }), 'Plus or minus a percentage')
    const percent = screen.getByRole('spinbutton', { name: 'Tolerance (%)' })
    await user.clear(percent)
    await user.type(percent, '2')
    await user.clear(screen.getByLabelText('Unit (optional)'))
    expect(definition()).toEqual({ type: 'numeric', answer: 9.81, tolerance: { kind: 'relative', value: 0.02 } })
  })

  it('marks the number a message names as invalid', () => {
    renderFields(blankForm('numeric'), { invalid: ['answer'] })
    const answer = screen.getByRole('spinbutton', { name: 'Correct number' })
    expect(answer).toHaveAttribute('aria-invalid', 'true')
    expect(answer).toHaveAttribute('aria-describedby', 'q-errors')
    expect(screen.getByRole('spinbutton', { name: 'Tolerance' })).not.toHaveAttribute('aria-invalid')
  })

  it('edits a slider’s range, step, target and margin', async () => {
    const { definition } = renderFields(blankForm('slider'))
    const user = userEvent.setup()
    expect(screen.getByRole('spinbutton', { name: 'Smallest value' })).toHaveValue(0)
    expect(screen.getByRole('spinbutton', { name: 'Largest value' })).toHaveValue(100)
    await user.type(screen.getByRole('spinbutton', { name: 'Target' }), '42')
    await user.type(screen.getByRole('spinbutton', { name: 'Margin (how far off still scores)' }), '2.5')
    await user.click(screen.getByRole('checkbox', { name: 'Exact: full marks within the margin, none outside' }))
    expect(definition()).toEqual({ type: 'slider', min: 0, max: 100, step: 1, target: 42, margin: 2.5, exact: true })
  })
})
