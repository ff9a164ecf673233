/** The pictures on options and items in the fields of their types (issue 30): each stays with its row. */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { installFakeXhr, lastXhr } from '@/testing/fake-xhr'
import { decorativeImage, fakeFile, servedImage, uploadedImage } from '@/testing/media-fixtures'
import { renderFields } from '@/testing/render-fields'
import { signInAs } from '@/testing/test-utils'
import { formPictures, picturesField, withPictures } from './picture-form'
import { toForm, type LetterForm } from './question-form'

const alt = (of: string) => screen.queryByRole('textbox', { name: `Alt text of the picture for ${of}` })

describe('pictures on options and items', () => {
  it('keeps each option’s picture with it as options are removed and added', async () => {
    const { form } = renderFields(withPictures(toForm({ type: 'single_choice', options: ['France', 'Spain', 'Italy'], right: [0] }), [servedImage, null, decorativeImage]))
    const user = userEvent.setup()
    expect(alt('option 1')).toHaveValue('A map of Europe with France shaded')
    expect(screen.getByLabelText('Picture for option 2')).toHaveAttribute('type', 'file')
    expect(screen.getByRole('checkbox', { name: 'Decorative image for option 3' })).toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Remove option 1' }))
    expect(formPictures(form())).toEqual([null, decorativeImage])
    expect(screen.getByRole('checkbox', { name: 'Decorative image for option 2' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Add option' }))
    expect(formPictures(form())).toEqual([null, decorativeImage, null])
    expect(screen.getByLabelText('Picture for option 3')).toHaveAttribute('type', 'file')
  })

  it('moves an ordering item’s picture with it', async () => {
    const { form, definition } = renderFields(withPictures(toForm({ type: 'ordering', items: ['Venus', 'Mercury', 'Earth'] }), [servedImage, null, null]))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Move down item 1' }))
    expect(definition()).toMatchObject({ items: ['Mercury', 'Venus', 'Earth'] })
    expect(formPictures(form())).toEqual([null, servedImage, null])
    expect(alt('item 2')).toHaveValue('A map of Europe with France shaded')
    expect(picturesField(formPictures(form())).pictures?.map((picture) => picture?.alt ?? null)).toEqual([null, 'A map of Europe with France shaded', null])
  })

  it('puts an upload’s picture on its option even when the options changed while it ran', async () => {
    installFakeXhr()
    signInAs()
    const { form } = renderFields(toForm({ type: 'poll', options: ['Tea', 'Coffee', 'Water'] }))
    const user = userEvent.setup()
    await user.upload(screen.getByLabelText('Picture for option 2'), fakeFile('coffee.png', 'image/png'))
    expect(formPictures(form())).toEqual([null, { kind: 'uploading', name: 'coffee.png' }, null])
    // Option 1 goes and option 3 is typed into while the file is on its way.
    await user.click(screen.getByRole('button', { name: 'Remove option 1' }))
    await user.type(screen.getByLabelText('Option 2'), ' (still)')
    await act(async () => lastXhr().respond(201, uploadedImage))
    await waitFor(() => expect(alt('option 1')).toBeInTheDocument())
    // The host went on elsewhere: focus stays where they are.
    expect(screen.getByLabelText('Option 2')).toHaveFocus()
    expect(formPictures(form())).toEqual([expect.objectContaining({ kind: 'image', alt: '' }), null])
    expect(form()).toMatchObject({ options: [{ text: 'Coffee' }, { text: 'Water (still)' }] })
  })

  it('gives a matching’s pictures to its items (the left of each pair), a categorize’s to its items', () => {
    const { unmount } = renderFields(toForm({ type: 'matching', pairs: [{ left: 'France', right: 'Paris' }, { left: 'Italy', right: 'Rome' }] }))
    expect(screen.getByLabelText('Picture for item 2')).toHaveAttribute('type', 'file')
    expect(screen.getAllByLabelText(/^Picture for/)).toHaveLength(2)
    unmount()
    renderFields(toForm({ type: 'categorize', groups: ['Fruit', 'Vegetable'], items: [{ text: 'Leek', group: 1 }] }))
    expect(screen.getAllByLabelText(/^Picture for/)).toHaveLength(1)
  })

  it('gives each option A–D its picture; a type without a pictured list has none', async () => {
    const letters: LetterForm = { type: 'letters', option_a: 'a', option_b: 'b', option_c: 'c', option_d: 'd', answer: 'A' }
    const { form, unmount } = renderFields(withPictures(letters, [null, null, servedImage]))
    const user = userEvent.setup()
    expect(alt('option C')).toHaveValue('A map of Europe with France shaded')
    await user.click(screen.getByRole('button', { name: 'Remove picture for option C' }))
    expect(formPictures(form())).toEqual([null, null, null, null])
    expect(screen.getAllByLabelText(/^Picture for option [A-D]$/)).toHaveLength(4)
    unmount()
    renderFields(toForm({ type: 'gaps', text: '{{1}}', gaps: [{ type: 'choice', options: ['x', 'y'], right: 0 }] }))
    expect(screen.queryAllByLabelText(/^Picture for/)).toHaveLength(0)
  })
})
