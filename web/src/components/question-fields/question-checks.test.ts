import { describe, expect, it } from 'vitest'
import { servedImage, servedSound, servedVideo } from '@/testing/media-fixtures'
import type { QuestionDefinition } from '@/types/api'
import { withPictures } from './picture-form'
import { definitionProblem, mediaProblem, namedFields, picturesProblem, questionProblem, type CheckedQuestion } from './question-checks'
import { blankForm, toForm, type QuestionForm } from './question-form'

const question = (form: QuestionForm, text = 'Q?'): CheckedQuestion => ({ text, explanation: '', form })
const defined = (definition: QuestionDefinition, text = 'Q?') => question(toForm(definition), text)
const problem = (definition: QuestionDefinition) => {
  const found = definitionProblem(definition)
  return found && `${found.field}: ${found.message}`
}

describe('checks before saving, in the server’s words', () => {
  it('checks a question A–D as the server does', () => {
    const letters = { type: 'letters', option_a: 'a', option_b: 'b', option_c: 'c', option_d: 'd', answer: 'A' } as const
    expect(questionProblem(1, question(letters))).toBeNull()
    expect(questionProblem(2, question(letters, ' '))).toBe('Question 2 is missing one or more required fields')
    expect(questionProblem(2, question({ ...letters, option_c: '  ' }))).toBe('Question 2 is missing one or more required fields')
    expect(questionProblem(3, question({ ...letters, option_b: 'A ' }))).toBe('Question 3 has two options that are the same')
    expect(questionProblem(4, question({ ...letters, option_d: 'x'.repeat(301) }))).toBe('Question 4 is too long')
  })

  it('names the question and the field of a definition that cannot be scored', () => {
    expect(questionProblem(2, question(blankForm('single_choice')))).toBe('Question 2: options: a single-choice question may not be empty')
    expect(questionProblem(2, defined({ type: 'single_choice', options: ['a', 'b'], right: [] }))).toBe('Question 2: right: mark at least one option right')
    expect(questionProblem(1, defined({ type: 'slide' }, ''))).toBe('Question 1 is missing one or more required fields')
    expect(questionProblem(1, defined({ type: 'type_answer', accepted: ['x'.repeat(1001)] }))).toBe('Question 1 is too long')
    expect(questionProblem(5, defined({ type: 'poll', options: ['Tea', 'Coffee'] }))).toBeNull()
  })

  it('counts, empties and repeats of lists', () => {
    expect(problem({ type: 'poll', options: ['Tea'] })).toBe('options: a poll needs 2 to 6, got 1')
    expect(problem({ type: 'multi_select', options: ['Tea', ' tea'], right: [0] })).toBe('options: “tea” is given twice')
    expect(problem({ type: 'ordering', items: ['a', 'b'] })).toBe('items: an ordering needs 3 to 8, got 2')
    expect(problem({ type: 'type_answer', accepted: [''] })).toBe('accepted: give at least one accepted answer')
    expect(problem({ type: 'type_answer', accepted: ['a', ''] })).toBe('accepted: an accepted answer may not be empty')
    expect(problem({ type: 'type_answer', accepted: ['y'.repeat(201)] })).toBe(`accepted: “${'y'.repeat(20)}…” is longer than 200 characters`)
    expect(problem({ type: 'type_answer', accepted: Array.from({ length: 11 }, (_, i) => `a${i}`) })).toBe('accepted: at most 10 accepted answers, got 11')
  })

  it('numbers and a slider’s range', () => {
    expect(problem({ type: 'numeric', answer: Number.NaN })).toBe('answer: a numeric answer needs a number')
    expect(problem({ type: 'numeric', answer: 1, tolerance: { kind: 'absolute', value: -1 } })).toBe('tolerance: a tolerance is a number of 0 or more')
    const slider = { type: 'slider', min: 0, max: 100, step: 1, target: 50, margin: 5 } as const
    expect(problem(slider)).toBeNull()
    expect(problem({ ...slider, target: Number.NaN })).toBe('target: a slider needs a number')
    expect(problem({ ...slider, max: 0 })).toBe("max: a slider's largest value must be above its smallest")
    expect(problem({ ...slider, step: 200 })).toBe("step: a slider's step must be above 0 and at most 100")
    expect(problem({ ...slider, target: 101 })).toBe("target: the target 101 is off the slider's range 0 to 100")
    expect(problem({ ...slider, margin: 0 })).toBe("margin: a slider's margin must be above 0")
  })

  it('pairs, groups and gaps', () => {
    const pairs = [
      { left: 'France', right: 'Paris' },
      { left: 'Italy', right: 'Rome' },
    ]
    expect(problem({ type: 'matching', pairs: pairs.slice(0, 1) })).toBe('pairs: a matching question needs 2 to 8 pairs, got 1')
    expect(problem({ type: 'matching', pairs, distractors: ['a', 'b', 'c', 'd', 'e'] })).toBe('distractors: at most 4 distractors, got 5')
    expect(problem({ type: 'matching', pairs, distractors: ['paris'] })).toBe('pairs: “paris” is given twice')
    expect(problem({ type: 'categorize', groups: ['Fruit'], items: [] })).toBe('groups: a categorize question needs 2 to 4, got 1')
    expect(problem({ type: 'categorize', groups: ['Fruit', 'Veg'], items: [{ text: 'Leek', group: -1 }] })).toBe('items: “Leek” has no group')
    const gap = { type: 'typed' as const, accepted: ['green'] }
    expect(problem({ type: 'gaps', text: 'no gaps', gaps: [] })).toBe('gaps: a text with gaps needs 1 to 10 gaps, got 0')
    expect(problem({ type: 'gaps', text: 'Grass is {{2}}', gaps: [gap] })).toBe('text: the text must mark gap 1 once, as {{1}}')
    expect(problem({ type: 'gaps', text: '{{1}} {{2}}', gaps: [gap] })).toBe('text: the text marks gap 2, but there are 1 gaps')
    expect(problem({ type: 'gaps', text: '{{1}}', gaps: [{ type: 'choice', options: ['a', 'b'], right: -1 }] })).toBe(
      'gaps: gap 1: mark at least one option right',
    )
    expect(problem({ type: 'gaps', text: '{{1}}', gaps: [{ type: 'typed', accepted: [''] }] })).toBe('gaps: gap 1: give at least one accepted answer')
  })
})

describe('checks of the pictures on options and items, in the server’s words (issue 30)', () => {
  it('names the picture by its place in the pictured list, from 1, and the field', () => {
    expect(picturesProblem(2, [servedImage, null, { ...servedImage, alt: ' ' }])).toBe(
      'Question 2: picture 3: media.alt: describe the image for those who cannot see it, or mark it decorative',
    )
    expect(picturesProblem(2, [null, { ...servedImage, alt: 'x', decorative: true }])).toBe(
      'Question 2: picture 2: media.alt: a decorative image has no alt text: clear it, or do not mark the image decorative',
    )
    expect(picturesProblem(1, [{ kind: 'uploading', name: 'leaf.png' }])).toBe('Question 1: picture 1: media.file: wait for the upload to finish, or cancel it')
    expect(picturesProblem(1, [servedImage, null, { ...servedImage, alt: '', decorative: true }])).toBeNull()
    expect(picturesProblem(1, undefined)).toBeNull()
  })

  it('checks them with the question, after its fields and its media', () => {
    const letters = { type: 'letters', option_a: 'a', option_b: 'b', option_c: 'c', option_d: 'd', answer: 'A' } as const
    expect(questionProblem(4, question(withPictures(letters, [null, { ...servedImage, alt: '' }])))).toBe(
      'Question 4: picture 2: media.alt: describe the image for those who cannot see it, or mark it decorative',
    )
    const ordering = withPictures(toForm({ type: 'ordering', items: ['a', 'b', ''] }), [{ ...servedImage, alt: '' }])
    expect(questionProblem(1, question(ordering))).toBe('Question 1: items: an ordering may not be empty')
    expect(questionProblem(1, { ...question(withPictures(letters, [{ ...servedImage, alt: '' }])), media: { ...servedSound, transcript: '' } })).toBe(
      'Question 1: media.transcript: give a transcript of the sound for those who cannot hear it',
    )
  })

  it('reads back the picture a message names, to mark its field', () => {
    expect(namedFields(['Question 2: picture 3: media.alt: describe the image for those who cannot see it, or mark it decorative'])).toEqual(
      new Set(['picture 3: media.alt']),
    )
    expect(namedFields(['Question 2: pictures: give one entry per option, got 3'])).toEqual(new Set(['pictures']))
  })
})

describe('checks of a question’s media, in the server’s words (issue 30)', () => {
  it('needs alt text for a picture unless it is decorative, and none when it is', () => {
    expect(mediaProblem(1, null)).toBeNull()
    expect(mediaProblem(1, servedImage)).toBeNull()
    expect(mediaProblem(1, { ...servedImage, alt: '', decorative: true })).toBeNull()
    expect(mediaProblem(2, { ...servedImage, alt: '  ' })).toBe(
      'Question 2: media.alt: describe the image for those who cannot see it, or mark it decorative',
    )
    expect(mediaProblem(2, { ...servedImage, decorative: true })).toBe(
      'Question 2: media.alt: a decorative image has no alt text: clear it, or do not mark the image decorative',
    )
    expect(mediaProblem(3, { ...servedImage, alt: 'é'.repeat(301) })).toBe(
      'Question 3: media.alt: at most 300 characters; put longer descriptions in the question',
    )
    expect(mediaProblem(3, { ...servedImage, alt: 'é'.repeat(300) })).toBeNull()
  })

  it('needs a transcript for a sound or a video, and no upload still running', () => {
    expect(mediaProblem(1, servedSound)).toBeNull()
    expect(mediaProblem(4, { ...servedSound, transcript: ' ' })).toBe('Question 4: media.transcript: give a transcript of the sound for those who cannot hear it')
    expect(mediaProblem(4, { ...servedVideo, transcript: '' })).toBe('Question 4: media.transcript: give a transcript of the video for those who cannot hear it')
    expect(mediaProblem(4, { ...servedVideo, transcript: 'x'.repeat(20_001) })).toBe('Question 4: media.transcript: at most 20000 characters')
    expect(mediaProblem(5, { kind: 'uploading', name: 'bird.mp3' })).toBe('Question 5: media.file: wait for the upload to finish, or cancel it')
  })

  it('come after the question’s own checks', () => {
    const letters = { type: 'letters', option_a: 'a', option_b: 'b', option_c: 'c', option_d: 'd', answer: 'A' } as const
    const silent = { ...servedSound, transcript: '' }
    expect(questionProblem(1, { ...question(letters), media: silent })).toBe('Question 1: media.transcript: give a transcript of the sound for those who cannot hear it')
    expect(questionProblem(1, { ...question(letters, ''), media: silent })).toBe('Question 1 is missing one or more required fields')
    expect(questionProblem(2, { ...defined({ type: 'poll', options: ['Tea', 'Coffee'] }), media: { ...servedImage, alt: '' } })).toBe(
      'Question 2: media.alt: describe the image for those who cannot see it, or mark it decorative',
    )
  })
})

describe('the fields a message names', () => {
  it('are read from the message', () => {
    expect([...namedFields(['Question 2: right: mark at least one option right', 'Question 3: gaps: gap 1: x', 'Question 4 is too long'])]).toEqual(['right', 'gaps'])
    expect([...namedFields(['Question 2: media.alt: describe the image…', 'Question 3: media.file: no such file; upload it again'])]).toEqual([
      'media.alt',
      'media.file',
    ])
  })
})

describe('a hotspot’s checks, in the server’s words', () => {
  const circle = (x: number, r = 0.1) => ({ kind: 'circle' as const, x, y: 0.5, r })
  const hotspot = (regions: Extract<QuestionDefinition, { type: 'hotspot' }>['regions']): QuestionDefinition => ({ type: 'hotspot', regions })
  const ok = hotspot([
    { name: 'Paris', right: true, shape: circle(0.2) },
    { name: 'Lyon', shape: circle(0.7) },
  ])

  it('takes 2 to 10 named regions, at least one right and one wrong', () => {
    expect(problem(ok)).toBeNull()
    expect(problem(hotspot([]))).toBe('regions: a hotspot question needs 2 to 10, got 0')
    expect(problem(hotspot([{ name: 'Paris', right: true, shape: circle(0.2) }]))).toBe('regions: a hotspot question needs 2 to 10, got 1')
    expect(problem(hotspot([{ name: 'Paris', right: true, shape: circle(0.2) }, { name: ' ', shape: circle(0.7) }]))).toBe(
      'regions: a hotspot question may not be empty',
    )
    expect(problem(hotspot([{ name: 'Paris', right: true, shape: circle(0.2) }, { name: 'paris ', shape: circle(0.7) }]))).toBe('regions: “paris” is given twice')
    expect(problem(hotspot([{ name: 'Paris', shape: circle(0.2) }, { name: 'Lyon', shape: circle(0.7) }]))).toBe('regions: mark at least one region right')
    expect(problem(hotspot([{ name: 'Paris', right: true, shape: circle(0.2) }, { name: 'Lyon', right: true, shape: circle(0.7) }]))).toBe(
      'regions: leave at least one region wrong: a player who chooses by name would always be right',
    )
  })

  it('keeps every shape on the picture', () => {
    const withB = (shape: Extract<QuestionDefinition, { type: 'hotspot' }>['regions'][number]['shape']) =>
      problem(hotspot([{ name: 'A', right: true, shape }, { name: 'B', shape: circle(0.7) }]))
    expect(withB(circle(1.2))).toBe('regions: “A” lies off the picture: its place is in units of the picture, from 0 to 1')
    expect(withB(circle(0.2, 0))).toBe("regions: “A”: a circle's radius is above 0 and at most 1 (the picture's width)")
    expect(withB(circle(Number.NaN))).toBe('regions: “A” lies off the picture: its place is in units of the picture, from 0 to 1')
    expect(withB({ kind: 'rect', x: 0.8, y: 0, w: 0.3, h: 0.1 })).toBe('regions: “A” lies off the picture: its place is in units of the picture, from 0 to 1')
    expect(withB({ kind: 'rect', x: 0.1, y: 0, w: 0, h: 0.1 })).toBe('regions: “A”: a rectangle needs a place on the picture and a width and height above 0')
    expect(withB({ kind: 'rect', x: 0, y: 0, w: 1, h: 1 })).toBeNull()
    expect(withB({ kind: 'polygon', points: [[0, 0], [1, 1]] })).toBe('regions: “A”: a polygon has 3 to 50 corners, got 2')
    expect(withB({ kind: 'polygon', points: [[0, 0], [1, 1], [0, 1.5]] })).toBe('regions: “A” lies off the picture: its place is in units of the picture, from 0 to 1')
    expect(withB({ kind: 'polygon', points: [[0, 0], [Number.NaN, Number.NaN], [0, 1]] })).toBe(
      'regions: “A”: write each corner as two numbers, across then down, like “10 20, 30 40, 20 60”',
    )
  })

  it('needs a picture to point at, once its regions and media are fine', () => {
    const form = toForm(ok)
    expect(questionProblem(3, { ...question(form), media: servedImage })).toBeNull()
    expect(questionProblem(3, question(form))).toBe('Question 3: a hotspot question needs a picture to point at')
    expect(questionProblem(3, { ...question(form), media: servedSound })).toBe('Question 3: a hotspot question needs a picture to point at')
    expect(questionProblem(3, { ...question(form), media: { kind: 'uploading', name: 'map.png' } })).toBe(
      'Question 3: media.file: wait for the upload to finish, or cancel it',
    )
    expect(questionProblem(3, question(toForm(hotspot([]))))).toBe('Question 3: regions: a hotspot question needs 2 to 10, got 0')
    expect(namedFields(['Question 3: regions: mark at least one region right'])).toEqual(new Set(['regions']))
  })
})
