import { describe, expect, it } from 'vitest'
import { decorativeImage, PHONE_ID, PROJECTOR_ID, servedImage, servedSound } from '@/testing/media-fixtures'
import type { QuestionDefinition } from '@/types/api'
import type { PictureForm } from './media-form'
import { formPictures, picturesField, servedPictures, setPicture, withPictures, withServedPictures } from './picture-form'
import { blankForm, convertForm, toForm, type FormOf, type FormType, type LetterForm } from './question-form'

const map = { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'A map of Europe with France shaded', decorative: false }
const leaf = { kind: 'image', phone: { id: 'e'.repeat(64) }, projector: { id: 'f'.repeat(64) }, alt: '', decorative: true }
const uploading: PictureForm = { kind: 'uploading', name: 'leaf.png' }
/** The form of a definition, as its type's. */
const formOf = <T extends Exclude<FormType, 'letters'>>(definition: Extract<QuestionDefinition, { type: T }>) => toForm(definition) as FormOf<T>

const letters: LetterForm = { type: 'letters', option_a: 'France', option_b: 'Spain', option_c: 'Italy', option_d: 'Malta', answer: 'A' }

describe('the pictures on options and items while edited (issue 30)', () => {
  it('puts a loaded question’s pictures on its rows, in the definition’s order, and reads them back', () => {
    const form = withPictures(formOf({ type: 'single_choice', options: ['France', 'Spain', 'Italy'], right: [0] }), [servedImage, null, decorativeImage])
    expect(form.options.map((row) => row.picture ?? null)).toEqual([servedImage, null, decorativeImage])
    expect(formPictures(form)).toEqual([servedImage, null, decorativeImage])
    // A–D keeps its four; a type without a pictured list has none.
    expect(formPictures(withPictures(letters, [null, servedImage]))).toEqual([null, servedImage, null, null])
    expect(withPictures(letters, [null, null])).toEqual(letters)
    expect(formPictures(blankForm('numeric'))).toEqual([])
  })

  it('takes a matching’s pictures on its left items (its pairs), an ordering’s and a categorize’s on their items', () => {
    const matching = withPictures(formOf({ type: 'matching', pairs: [{ left: 'France', right: 'Paris' }, { left: 'Italy', right: 'Rome' }] }), [null, servedImage])
    expect(matching.pairs[1]).toMatchObject({ left: 'Italy', picture: servedImage })
    const categorize = withPictures(formOf({ type: 'categorize', groups: ['Leaf', 'Root'], items: [{ text: 'Leek', group: 0 }] }), [decorativeImage])
    expect(categorize.items[0]).toMatchObject({ text: 'Leek', picture: decorativeImage })
    expect(formPictures(withPictures(toForm({ type: 'ordering', items: ['a', 'b', 'c'] }), [null, null, servedImage]))).toEqual([null, null, servedImage])
  })

  it('checks what was served: a sound, a broken picture, a list that is not one are no pictures', () => {
    const form = withServedPictures(toForm({ type: 'poll', options: ['Tea', 'Coffee'] }), [servedSound, { kind: 'image' }])
    expect(formPictures(form)).toEqual([null, null])
    expect(formPictures(withServedPictures(letters, 'nope'))).toEqual([null, null, null, null])
  })

  it('keeps each picture with its row as rows are removed, added and moved', () => {
    const form = withPictures(formOf({ type: 'ordering', items: ['Venus', 'Mercury', 'Earth'] }), [servedImage, null, decorativeImage])
    const [venus, mercury, earth] = form.items
    const removed = { ...form, items: [mercury, earth] }
    expect(formPictures(removed)).toEqual([null, decorativeImage])
    const added = { ...removed, items: [...removed.items, { key: 'new', text: 'Mars' }] }
    expect(formPictures(added)).toEqual([null, decorativeImage, null])
    const moved = { ...form, items: [earth, venus, mercury] }
    expect(formPictures(moved)).toEqual([decorativeImage, servedImage, null])
  })

  it('sets a picture on the row with its key (a letter for A–D), whatever moved meanwhile; a removed row is left alone', () => {
    const form = formOf({ type: 'multi_select', options: ['a', 'b', 'c'], right: [0] })
    const [a, b, c] = form.options
    const moved = { ...form, options: [c, a, b] }
    expect(formPictures(setPicture(moved, a.key, servedImage))).toEqual([null, servedImage, null])
    expect(setPicture(moved, 'gone', servedImage)).toEqual(moved)
    const cleared = setPicture(setPicture(moved, b.key, servedImage), b.key, null)
    expect(cleared.options[2]).toEqual(b)
    expect(formPictures(setPicture(letters, 'C', decorativeImage))).toEqual([null, null, decorativeImage, null])
    expect(setPicture(setPicture(letters, 'C', decorativeImage), 'C', null)).toEqual(letters)
  })

  it('carries pictures when options carry over to another type, but not a file still uploading', () => {
    const withThree = withPictures(letters, [servedImage, uploading, null, decorativeImage])
    const choice = convertForm(withThree, 'single_choice') as FormOf<'single_choice'>
    expect(formPictures(choice)).toEqual([servedImage, null, null, decorativeImage])
    const ordering = convertForm(choice, 'ordering')
    expect(formPictures(ordering)).toEqual([servedImage, null, null, decorativeImage])
    expect(formPictures(convertForm(ordering, 'letters'))).toEqual([servedImage, null, null, decorativeImage])
    expect(convertForm(withPictures(letters, [null, uploading]), 'poll')).not.toHaveProperty('options.1.picture')
    expect(formPictures(convertForm(choice, 'type_answer'))).toEqual([])
  })

  it('saves one entry per row, in order, by the files’ ids, null where none; nothing when none has one', () => {
    const form = withPictures(toForm({ type: 'single_choice', options: ['France', 'Spain', 'Italy'], right: [0] }), [
      { ...servedImage, alt: ' A map of Europe with France shaded ' },
      null,
      { ...decorativeImage, alt: 'leftover' },
    ])
    expect(picturesField(formPictures(form))).toEqual({ pictures: [map, null, leaf] })
    expect(picturesField(formPictures(blankForm('single_choice')))).toEqual({})
    expect(picturesField([uploading, null])).toEqual({})
    expect(picturesField(undefined)).toEqual({})
    expect(servedPictures([uploading, servedImage])).toEqual([null, servedImage])
    expect(servedPictures([null, uploading])).toBeUndefined()
  })
})
