import { describe, expect, it } from 'vitest'
import type { LetterForm } from '@/components/question-fields/question-form'
import { decorativeImage, PHONE_ID, PROJECTOR_ID, servedImage, servedSound, SOUND_ID } from '@/testing/media-fixtures'
import type { QuestionWithAnswer } from '../api/host-api'
import { answerLetter, editorReducer, toEditable, toUpdate } from './question-editor'

const served = {
  id: 5,
  text: 'Largest planet?',
  optionA: 'Mars',
  optionB: 'Jupiter',
  optionC: 'Venus',
  optionD: 'Earth',
  answer: 'Jupiter',
  correctLetter: 'B',
  explanation: 'It is a gas giant.',
} satisfies QuestionWithAnswer

const poll: QuestionWithAnswer = { id: 7, text: 'Tea or coffee?', type: 'poll', definition: { type: 'poll', options: ['Tea', 'Coffee'] }, explanation: null }

describe('question editor model', () => {
  it('finds the correct letter from correctLetter, the answer text, or a bare letter', () => {
    expect(answerLetter(served)).toBe('B')
    expect(answerLetter({ ...served, correctLetter: undefined, answer: 'Venus' })).toBe('C')
    expect(answerLetter({ ...served, correctLetter: undefined, answer: 'd' })).toBe('D')
    expect(answerLetter({ ...served, correctLetter: undefined, answer: '???' })).toBe('A')
  })

  it('keeps option_a..option_d internally and sends optionA..optionD with the letter', () => {
    const editable = toEditable(served)
    expect(editable).toMatchObject({ id: 5, form: { type: 'letters', option_a: 'Mars', option_b: 'Jupiter', option_c: 'Venus', option_d: 'Earth', answer: 'B' } })
    expect(toUpdate({ ...editable, text: ' Largest planet? ' })).toEqual({
      id: 5,
      text: 'Largest planet?',
      answer: 'B',
      optionA: 'Mars',
      optionB: 'Jupiter',
      optionC: 'Venus',
      optionD: 'Earth',
      explanation: 'It is a gas giant.',
    })
  })

  it('reads a question of another type from its definition and sends the definition back', () => {
    const editable = toEditable(poll)
    expect(editable).toMatchObject({ key: 'q-7', id: 7, text: 'Tea or coffee?', explanation: '', form: { type: 'poll' } })
    expect(toUpdate(editable)).toEqual({ id: 7, text: 'Tea or coffee?', definition: { type: 'poll', options: ['Tea', 'Coffee'] }, explanation: '' })
  })

  it('edits, retypes, adds and deletes questions', () => {
    let state = editorReducer([], { type: 'load', questions: [served, { ...served, id: 6, text: 'Second?' }] })
    expect(state.map((q) => q.id)).toEqual([5, 6])
    const form = state[0].form as LetterForm
    state = editorReducer(state, { type: 'form', key: 'q-5', form: { ...form, option_c: 'Saturn', answer: 'C' } })
    expect(state[0].form).toMatchObject({ option_c: 'Saturn', answer: 'C' })
    expect(state[1].form).toMatchObject({ option_c: 'Venus' })
    state = editorReducer(state, { type: 'edit', key: 'q-6', field: 'explanation', value: 'Why.' })
    expect(state[1].explanation).toBe('Why.')
    state = editorReducer(state, { type: 'retype', key: 'q-6', to: 'true_false' })
    expect(toUpdate(state[1])).toEqual({ id: 6, text: 'Second?', definition: { type: 'true_false', answer: true }, explanation: 'Why.' })
    state = editorReducer(state, { type: 'add' })
    expect(state).toHaveLength(3)
    expect(state[2]).toMatchObject({ text: '', form: { type: 'letters', answer: 'A' } })
    expect(state[2].id).toBeUndefined()
    expect('id' in toUpdate(state[2])).toBe(false)
    state = editorReducer(state, { type: 'delete', key: 'q-6' })
    expect(state.map((q) => q.id)).toEqual([5, undefined])
  })

  it('keeps a loaded question’s media and sends it back by its files’ ids; removed, none is sent (issue 30)', () => {
    const editable = toEditable({ ...served, media: servedImage })
    expect(editable.media).toEqual(servedImage)
    expect(toUpdate(editable)).toMatchObject({
      id: 5,
      media: { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'A map of Europe with France shaded', decorative: false },
    })
    expect(toEditable(served).media).toBeNull()
    expect('media' in toUpdate(toEditable(served))).toBe(false)

    let state = editorReducer([editable], { type: 'media', key: 'q-5', media: { ...servedSound, transcript: 'Birdsong.' } })
    expect(toUpdate(state[0])).toMatchObject({ media: { kind: 'audio', file: { id: SOUND_ID }, transcript: 'Birdsong.' } })
    state = editorReducer(state, { type: 'media', key: 'q-5', media: null })
    expect('media' in toUpdate(state[0])).toBe(false)
    const poll = toEditable({ id: 8, text: 'Which?', type: 'poll', definition: { type: 'poll', options: ['a', 'b'] }, media: servedSound })
    expect(toUpdate(poll)).toMatchObject({ definition: { type: 'poll' }, media: { kind: 'audio', file: { id: SOUND_ID } } })
  })

  it('loads the pictures on a question’s options or items onto its rows and saves them back, aligned, by their files’ ids (issue 30)', () => {
    const map = { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'A map of Europe with France shaded', decorative: false }
    const letters = toEditable({ ...served, pictures: [null, servedImage, null, null] })
    expect(toUpdate(letters)).toMatchObject({ optionB: 'Jupiter', pictures: [null, map, null, null] })
    expect('pictures' in toUpdate(toEditable(served))).toBe(false)

    const ordering = toEditable({
      id: 9,
      text: 'Order them',
      type: 'ordering',
      definition: { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'] },
      pictures: [servedImage, null, decorativeImage],
    })
    const update = toUpdate(ordering)
    expect(update).toMatchObject({ definition: { items: ['Mercury', 'Venus', 'Earth'] } })
    expect(update.pictures).toEqual([map, null, { kind: 'image', phone: { id: 'e'.repeat(64) }, projector: { id: 'f'.repeat(64) }, alt: '', decorative: true }])

    // A picture changed by its row's key (a letter for A–D); all removed, none is sent.
    const form = ordering.form as Extract<typeof ordering.form, { type: 'ordering' }>
    let state = editorReducer([ordering], { type: 'picture', key: 'q-9', at: form.items[0].key, picture: null })
    state = editorReducer(state, { type: 'picture', key: 'q-9', at: form.items[2].key, picture: null })
    expect('pictures' in toUpdate(state[0])).toBe(false)
    state = editorReducer([letters], { type: 'picture', key: 'q-5', at: 'D', picture: decorativeImage })
    expect(toUpdate(state[0]).pictures?.map((picture) => picture?.decorative ?? null)).toEqual([null, false, null, true])
    // Retyped to a type whose options carry over, the pictures go with them.
    state = editorReducer(state, { type: 'retype', key: 'q-5', to: 'single_choice' })
    expect(toUpdate(state[0])).toMatchObject({ definition: { options: ['Mars', 'Jupiter', 'Venus', 'Earth'] }, pictures: [null, map, null, expect.anything()] })
  })
})
