import { describe, expect, it } from 'vitest'
import type { QuestionDefinition } from '@/types/api'
import { blankForm, convertForm, toDefinition, toForm, withGap, withoutGap, type FormOf, type TypedForm } from './question-form'

/** One definition of each type, as the server sends it (every field written out). */
const EVERY_TYPE: QuestionDefinition[] = [
  { type: 'single_choice', options: ['4', '6', '7', '9', '11'], right: [2, 4] },
  { type: 'true_false', answer: false },
  { type: 'multi_select', options: ['Mars', 'Moon', 'Venus'], right: [0, 2], all_or_nothing: true },
  { type: 'type_answer', accepted: ['Paris', 'Lutetia*'], case_sensitive: false, accents_matter: true },
  { type: 'numeric', answer: 9.81, tolerance: { kind: 'absolute', value: 0.05 }, unit: 'm/s²' },
  { type: 'numeric', answer: 300000, tolerance: { kind: 'relative', value: 0.07 } },
  { type: 'slider', min: 1900, max: 2000, step: 1, target: 1969, margin: 10, exact: false },
  { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'], partial: true },
  { type: 'matching', pairs: [{ left: 'France', right: 'Paris' }, { left: 'Italy', right: 'Rome' }], distractors: ['Madrid'] },
  { type: 'categorize', groups: ['Fruit', 'Vegetable'], items: [{ text: 'Leek', group: 1 }, { text: 'Apple', group: 0 }] },
  {
    type: 'gaps',
    text: 'The sky is {{1}} and grass is {{2}}.',
    gaps: [
      { type: 'choice', options: ['red', 'blue'], right: 1 },
      { type: 'typed', accepted: ['green'], case_sensitive: true, accents_matter: false },
    ],
  },
  { type: 'poll', options: ['Tea', 'Coffee'] },
  { type: 'word_cloud' },
  { type: 'slide' },
  {
    type: 'hotspot',
    regions: [
      { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.3, y: 0.25, r: 0.05 } },
      { name: 'Lyon', right: false, shape: { kind: 'rect', x: 0.1, y: 0.2, w: 0.3, h: 0.4 } },
      { name: 'Nice', right: false, shape: { kind: 'polygon', points: [[0.6, 0.7], [0.8, 0.7], [0.7, 0.9]] } },
    ],
  },
]

describe('question form ⇄ definition', () => {
  it.each(EVERY_TYPE.map((definition) => [definition.type, definition] as const))('reads a %s definition and writes the same back', (_, definition) => {
    expect(toDefinition(toForm(definition))).toEqual(definition)
  })

  it('keeps numbers as typed, a relative tolerance in percent, and an exact answer as an empty tolerance', () => {
    expect(toForm({ type: 'numeric', answer: 0.1 + 0.2, tolerance: { kind: 'relative', value: 0.05 } })).toMatchObject({
      answer: '0.3',
      tolerance_kind: 'relative',
      tolerance: '5',
      unit: '',
    })
    expect(toForm({ type: 'numeric', answer: 3, tolerance: { kind: 'absolute', value: 0 } })).toMatchObject({ tolerance: '' })
    const typed: FormOf<'numeric'> = { type: 'numeric', answer: ' 12.5 ', tolerance_kind: 'absolute', tolerance: '', unit: ' kg ' }
    expect(toDefinition(typed)).toEqual({ type: 'numeric', answer: 12.5, tolerance: { kind: 'absolute', value: 0 }, unit: 'kg' })
    expect(toDefinition({ ...typed, answer: '' })).toMatchObject({ answer: Number.NaN })
  })

  it('trims texts and writes categorize groups and choice gaps by their places', () => {
    const form = toForm({ type: 'categorize', groups: ['Fruit', 'Vegetable'], items: [{ text: 'Leek', group: 1 }] }) as FormOf<'categorize'>
    const moved = { ...form, groups: [form.groups[1], form.groups[0]], items: [{ ...form.items[0], text: ' Leek ' }] }
    expect(toDefinition(moved)).toEqual({ type: 'categorize', groups: ['Vegetable', 'Fruit'], items: [{ text: 'Leek', group: 0 }] })
    expect(toDefinition({ ...form, items: [{ ...form.items[0], group: '' }] })).toMatchObject({ items: [{ text: 'Leek', group: -1 }] })
    const gaps = blankForm('gaps') as FormOf<'gaps'>
    expect(toDefinition({ ...gaps, text: '{{1}}', gaps: [{ ...toGap(), type: 'choice' }] })).toMatchObject({ gaps: [{ type: 'choice', options: ['', ''], right: -1 }] })
  })

  it('keeps a hotspot’s places in percent of the picture as typed, a polygon’s corners as one text, and leaves the aspect to the server', () => {
    const form = toForm({
      type: 'hotspot',
      regions: [
        { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.125, y: 0.5, r: 0.1 } },
        { name: 'Nice', shape: { kind: 'polygon', points: [[0.1, 0.2], [0.3, 0.4], [0.2, 0.6]] } },
      ],
      aspect: 0.75,
    }) as FormOf<'hotspot'>
    expect(form.regions.map((row) => row.shape)).toEqual([
      { kind: 'circle', x: '12.5', y: '50', r: '10' },
      { kind: 'polygon', points: '10 20, 30 40, 20 60' },
    ])
    expect(form.regions[1].right).toBe(false)
    const typed = { ...form, regions: [{ ...form.regions[0], name: ' Paris ' }, { ...form.regions[1], shape: { kind: 'polygon' as const, points: ' 10 20 ,30 40, 20 60, ' } }] }
    expect(toDefinition(typed)).toEqual({
      type: 'hotspot',
      regions: [
        { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.125, y: 0.5, r: 0.1 } },
        { name: 'Nice', right: false, shape: { kind: 'polygon', points: [[0.1, 0.2], [0.3, 0.4], [0.2, 0.6]] } },
      ],
    })
    const odd = { ...typed, regions: [{ ...typed.regions[1], shape: { kind: 'polygon' as const, points: '10 20, 30, 20 60' } }] }
    expect(toDefinition(odd)).toMatchObject({ regions: [{ shape: { points: [[0.1, 0.2], [Number.NaN, Number.NaN], [0.2, 0.6]] } }] })
    expect(toDefinition(blankForm('hotspot') as TypedForm)).toEqual({ type: 'hotspot', regions: [] })
  })

  it('starts each new type with empty fields of the least counts', () => {
    expect(toDefinition(blankForm('single_choice') as TypedForm)).toEqual({ type: 'single_choice', options: ['', '', '', ''], right: [] })
    expect(toDefinition(blankForm('ordering') as TypedForm)).toEqual({ type: 'ordering', items: ['', '', ''], partial: false })
    expect(toDefinition(blankForm('matching') as TypedForm)).toMatchObject({ pairs: [{ left: '', right: '' }, { left: '', right: '' }], distractors: [] })
    expect(toDefinition(blankForm('categorize') as TypedForm)).toEqual({ type: 'categorize', groups: ['', ''], items: [{ text: '', group: 0 }] })
    expect(toDefinition(blankForm('slider') as TypedForm)).toMatchObject({ min: 0, max: 100, step: 1, target: Number.NaN })
    expect(blankForm('letters')).toEqual({ type: 'letters', option_a: '', option_b: '', option_c: '', option_d: '', answer: 'A' })
  })
})

function toGap() {
  return (toForm({ type: 'gaps', text: '{{1}}', gaps: [{ type: 'typed', accepted: ['x'] }] }) as FormOf<'gaps'>).gaps[0]
}

describe('changing a question type', () => {
  const letters = { type: 'letters', option_a: 'Mars', option_b: 'Jupiter', option_c: 'Venus', option_d: 'Earth', answer: 'B' } as const

  it('carries options and right marks between A–D and the choice types', () => {
    const single = convertForm(letters, 'single_choice') as TypedForm
    expect(toDefinition(single)).toEqual({ type: 'single_choice', options: ['Mars', 'Jupiter', 'Venus', 'Earth'], right: [1] })
    const multi = convertForm(single, 'multi_select') as TypedForm
    expect(toDefinition(multi)).toEqual({ type: 'multi_select', options: ['Mars', 'Jupiter', 'Venus', 'Earth'], right: [1], all_or_nothing: false })
    expect(toDefinition(convertForm(multi, 'poll') as TypedForm)).toEqual({ type: 'poll', options: ['Mars', 'Jupiter', 'Venus', 'Earth'] })
    const six = toForm({ type: 'single_choice', options: ['a', 'b', 'c', 'd', 'e', 'f'], right: [4] })
    expect(convertForm(six, 'letters')).toEqual({ type: 'letters', option_a: 'a', option_b: 'b', option_c: 'c', option_d: 'd', answer: 'A' })
    const two = toForm({ type: 'single_choice', options: ['yes', 'no'], right: [1] })
    expect(convertForm(two, 'letters')).toEqual({ type: 'letters', option_a: 'yes', option_b: 'no', option_c: '', option_d: '', answer: 'B' })
  })

  it("makes options an ordering's items and back, right options a typed answer's, a number a slider's target", () => {
    const ordering = convertForm(toForm({ type: 'poll', options: ['Tea', 'Coffee'] }), 'ordering') as TypedForm
    expect(toDefinition(ordering)).toEqual({ type: 'ordering', items: ['Tea', 'Coffee', ''], partial: false })
    expect(toDefinition(convertForm(ordering, 'single_choice') as TypedForm)).toEqual({ type: 'single_choice', options: ['Tea', 'Coffee', ''], right: [] })
    expect(toDefinition(convertForm(letters, 'type_answer') as TypedForm)).toMatchObject({ accepted: ['Jupiter'] })
    const slider = convertForm(toForm({ type: 'numeric', answer: 42 }), 'slider')
    expect(slider).toMatchObject({ type: 'slider', target: '42' })
    expect(convertForm(slider, 'numeric')).toMatchObject({ type: 'numeric', answer: '42' })
  })

  it('starts a type that nothing carries over to from blank, and keeps a form of the same type', () => {
    expect(toDefinition(convertForm(letters, 'matching') as TypedForm)).toEqual(toDefinition(blankForm('matching') as TypedForm))
    expect(convertForm(letters, 'true_false')).toEqual({ type: 'true_false', answer: true })
    expect(convertForm(toForm({ type: 'slide' }), 'letters')).toEqual(blankForm('letters'))
    expect(convertForm(letters, 'letters')).toBe(letters)
  })
})

describe('gap markers', () => {
  it('adds a gap at the end of the text and takes one out, numbering the later ones one less', () => {
    expect(withGap('', 1)).toBe('{{1}}')
    expect(withGap('The sky is {{1}}. ', 2)).toBe('The sky is {{1}}. {{2}}')
    expect(withoutGap('A {{1}} B {{2}} C {{3}}', 2)).toBe('A {{1}} B  C {{2}}')
    expect(withoutGap('{{1}} and {{2}}', 1)).toBe(' and {{1}}')
  })
})
