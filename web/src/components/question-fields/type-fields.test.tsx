import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderFields } from '@/testing/render-fields'
import { blankForm } from './question-form'

describe('the types without fields of their own', () => {
  it('say what a word cloud and a slide are, with nothing to fill in', () => {
    const { unmount } = renderFields(blankForm('word_cloud'))
    expect(screen.getByText('Players type a short answer; it is not scored.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    unmount()
    const { definition } = renderFields(blankForm('slide'))
    expect(screen.getByText('A slide shows its text between questions; there is nothing to answer.')).toBeInTheDocument()
    expect(definition()).toEqual({ type: 'slide' })
  })

  it('disables every field while the quiz is saved', () => {
    renderFields(blankForm('matching'), { disabled: true })
    for (const control of [...screen.getAllByRole('textbox'), ...screen.getAllByRole('button')]) expect(control).toBeDisabled()
  })
})
