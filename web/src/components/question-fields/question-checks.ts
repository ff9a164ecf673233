/**
 * The checks of a question before it is saved (issue 29), in the quiz editor and in the
 * generation review: the server's own (crates/api question_form and the domain's question check)
 * where they are cheap, in its words: "Question 2: right: mark at least one option right" names
 * the question by its place and the field (`namedFields` reads the field back, to mark it). A
 * question's picture needs alt text unless it is decorative, a sound or a video a transcript
 * (issue 30, crates/domain media.rs): "Question 2: media.alt: …"; so does each picture on its
 * options or items: "Question 2: picture 3: media.alt: …" (the third of its pictured list, counted
 * from 1). A hotspot's regions are checked as crates/domain question/hotspot.rs checks them, and
 * it needs a picture.
 */
import type { HotspotRegion, QuestionDefinition } from '@/types/api'
import { isUploading, type MediaForm } from './media-form'
import { formPictures } from './picture-form'
import { OPTION_FIELDS, toDefinition, type QuestionForm } from './question-form'

/** What the checks read of a question: its text, explanation, the fields of its type and its media. */
export type CheckedQuestion = { text: string; explanation: string; form: QuestionForm; media?: MediaForm | null }

/** The server's bounds (crates/domain question.rs, crates/api question_form.rs). */
const MOST_TEXT = 1000
const MOST_OPTION = 300
const MOST_EXPLANATION = 2000
const MOST_OPTIONS = 6
const MOST_ACCEPTED = 10
const MOST_ACCEPTED_CHARS = 200
const ORDERING_ITEMS = [3, 8] as const
const MATCHING_PAIRS = [2, 8] as const
const MOST_DISTRACTORS = 4
const CATEGORIZE_GROUPS = [2, 4] as const
const MOST_CATEGORIZE_ITEMS = 20
const MOST_GAPS = 10
const MOST_ALT = 300
const MOST_TRANSCRIPT = 20_000
const HOTSPOT_REGIONS = [2, 10] as const
const POLYGON_CORNERS = [3, 50] as const

/** Why a hotspot question without a picture is refused (crates/domain quiz.rs). */
export const HOTSPOT_NEEDS_PICTURE = 'a hotspot question needs a picture to point at'

/** What is wrong with a definition: the field as the API names it, and why. */
export type Problem = { field: string; message: string }

const problem = (field: string, message: string): Problem => ({ field, message })

const chars = (text: string) => [...text].length

/** Between `least` and `most` texts, none empty, none given twice (case and spaces aside). */
function textsProblem(field: string, what: string, texts: string[], least: number, most: number): Problem | null {
  if (texts.length < least || texts.length > most) return problem(field, `${what} needs ${least} to ${most}, got ${texts.length}`)
  if (texts.some((text) => text.trim() === '')) return problem(field, `${what} may not be empty`)
  const seen = new Set<string>()
  for (const text of texts) {
    const key = text.trim().toLowerCase()
    if (seen.has(key)) return problem(field, `“${text.trim()}” is given twice`)
    seen.add(key)
  }
  return null
}

function rightProblem(right: number[], count: number): Problem | null {
  if (right.length === 0 || right.some((index) => index < 0)) return problem('right', 'mark at least one option right')
  const off = right.find((index) => index >= count)
  return off === undefined ? null : problem('right', `option ${off + 1} does not exist: there are ${count}`)
}

function acceptedProblem(accepted: string[]): Problem | null {
  if (accepted.every((text) => text.trim() === '')) return problem('accepted', 'give at least one accepted answer')
  if (accepted.length > MOST_ACCEPTED) return problem('accepted', `at most ${MOST_ACCEPTED} accepted answers, got ${accepted.length}`)
  if (accepted.some((text) => text.trim() === '')) return problem('accepted', 'an accepted answer may not be empty')
  const long = accepted.find((text) => chars(text) > MOST_ACCEPTED_CHARS)
  return long === undefined ? null : problem('accepted', `“${[...long].slice(0, 20).join('')}…” is longer than ${MOST_ACCEPTED_CHARS} characters`)
}

function numberProblem(field: string, what: string, value: number): Problem | null {
  return Number.isFinite(value) ? null : problem(field, `${what} needs a number`)
}

function sliderProblem(d: Extract<QuestionDefinition, { type: 'slider' }>): Problem | null {
  const fields = ['min', 'max', 'step', 'target', 'margin'] as const
  for (const field of fields) {
    const wrong = numberProblem(field, 'a slider', d[field])
    if (wrong) return wrong
  }
  if (d.min >= d.max) return problem('max', "a slider's largest value must be above its smallest")
  if (d.step <= 0 || d.step > d.max - d.min) return problem('step', `a slider's step must be above 0 and at most ${d.max - d.min}`)
  if (d.target < d.min || d.target > d.max) return problem('target', `the target ${d.target} is off the slider's range ${d.min} to ${d.max}`)
  if (d.margin <= 0) return problem('margin', "a slider's margin must be above 0")
  return null
}

function gapsProblem(d: Extract<QuestionDefinition, { type: 'gaps' }>): Problem | null {
  if (d.gaps.length === 0 || d.gaps.length > MOST_GAPS) return problem('gaps', `a text with gaps needs 1 to ${MOST_GAPS} gaps, got ${d.gaps.length}`)
  for (let n = 1; n <= d.gaps.length; n += 1) {
    if (d.text.split(`{{${n}}}`).length !== 2) return problem('text', `the text must mark gap ${n} once, as {{${n}}}`)
  }
  const extra = d.gaps.length + 1
  if (d.text.includes(`{{${extra}}}`)) return problem('text', `the text marks gap ${extra}, but there are ${d.gaps.length} gaps`)
  for (const [i, gap] of d.gaps.entries()) {
    const wrong =
      gap.type === 'choice'
        ? (textsProblem('gaps', 'a dropdown', gap.options, 2, MOST_OPTIONS) ?? rightProblem([gap.right], gap.options.length))
        : acceptedProblem(gap.accepted)
    if (wrong) return problem('gaps', `gap ${i + 1}: ${wrong.message}`)
  }
  return null
}

const onPicture = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1

/** What is wrong with a region's shape, in the server's words (a corner typed wrong, in the editor's). */
function shapeProblem({ name, shape }: HotspotRegion): Problem | null {
  const off = problem('regions', `“${name}” lies off the picture: its place is in units of the picture, from 0 to 1`)
  switch (shape.kind) {
    case 'circle':
      if (!onPicture(shape.x) || !onPicture(shape.y)) return off
      if (!Number.isFinite(shape.r) || shape.r <= 0 || shape.r > 1)
        return problem('regions', `“${name}”: a circle's radius is above 0 and at most 1 (the picture's width)`)
      return null
    case 'rect':
      if (!onPicture(shape.x) || !onPicture(shape.y) || !Number.isFinite(shape.w) || !Number.isFinite(shape.h) || shape.w <= 0 || shape.h <= 0)
        return problem('regions', `“${name}”: a rectangle needs a place on the picture and a width and height above 0`)
      return shape.x + shape.w > 1 + 1e-9 || shape.y + shape.h > 1 + 1e-9 ? off : null
    case 'polygon': {
      const [least, most] = POLYGON_CORNERS
      if (shape.points.some(([x, y]) => Number.isNaN(x) || Number.isNaN(y)))
        return problem('regions', `“${name}”: write each corner as two numbers, across then down, like “10 20, 30 40, 20 60”`)
      if (shape.points.length < least || shape.points.length > most)
        return problem('regions', `“${name}”: a polygon has ${least} to ${most} corners, got ${shape.points.length}`)
      return shape.points.every(([x, y]) => onPicture(x) && onPicture(y)) ? null : off
    }
  }
}

function hotspotProblem(d: Extract<QuestionDefinition, { type: 'hotspot' }>): Problem | null {
  const names = textsProblem('regions', 'a hotspot question', d.regions.map((region) => region.name), ...HOTSPOT_REGIONS)
  if (names) return names
  if (!d.regions.some((region) => region.right)) return problem('regions', 'mark at least one region right')
  if (d.regions.every((region) => region.right))
    return problem('regions', 'leave at least one region wrong: a player who chooses by name would always be right')
  for (const region of d.regions) {
    const wrong = shapeProblem(region)
    if (wrong) return wrong
  }
  return null
}

/** The first thing that keeps a definition from being asked or scored, as the server finds it. */
export function definitionProblem(d: QuestionDefinition): Problem | null {
  switch (d.type) {
    case 'single_choice':
      return textsProblem('options', 'a single-choice question', d.options, 2, MOST_OPTIONS) ?? rightProblem(d.right, d.options.length)
    case 'multi_select':
      return textsProblem('options', 'a multi-select question', d.options, 2, MOST_OPTIONS) ?? rightProblem(d.right, d.options.length)
    case 'poll':
      return textsProblem('options', 'a poll', d.options, 2, MOST_OPTIONS)
    case 'type_answer':
      return acceptedProblem(d.accepted)
    case 'numeric':
      return (
        numberProblem('answer', 'a numeric answer', d.answer) ??
        (d.tolerance && (!Number.isFinite(d.tolerance.value) || d.tolerance.value < 0) ? problem('tolerance', 'a tolerance is a number of 0 or more') : null)
      )
    case 'slider':
      return sliderProblem(d)
    case 'ordering':
      return textsProblem('items', 'an ordering', d.items, ...ORDERING_ITEMS)
    case 'matching': {
      const [least, most] = MATCHING_PAIRS
      if (d.pairs.length < least || d.pairs.length > most) return problem('pairs', `a matching question needs ${least} to ${most} pairs, got ${d.pairs.length}`)
      const distractors = d.distractors ?? []
      return (
        textsProblem('pairs', 'the left items', d.pairs.map((pair) => pair.left), least, most) ??
        (distractors.length > MOST_DISTRACTORS ? problem('distractors', `at most ${MOST_DISTRACTORS} distractors, got ${distractors.length}`) : null) ??
        textsProblem('pairs', 'the right items', [...d.pairs.map((pair) => pair.right), ...distractors], least, most + MOST_DISTRACTORS)
      )
    }
    case 'categorize': {
      const unplaced = d.items.find((item) => item.group < 0 || item.group >= d.groups.length)
      return (
        textsProblem('groups', 'a categorize question', d.groups, ...CATEGORIZE_GROUPS) ??
        textsProblem('items', "a categorize question's items", d.items.map((item) => item.text), 1, MOST_CATEGORIZE_ITEMS) ??
        (unplaced ? problem('items', `“${unplaced.text}” has no group`) : null)
      )
    }
    case 'gaps':
      return gapsProblem(d)
    case 'hotspot':
      return hotspotProblem(d)
    case 'true_false':
    case 'word_cloud':
    case 'slide':
      return null
  }
}

/** Every text a definition holds (options, items, accepted answers, …), as the server bounds them. */
function definitionTexts(d: QuestionDefinition): string[] {
  return Object.entries(d).flatMap(([key, value]) => {
    if (key === 'type' || key === 'kind') return []
    if (typeof value === 'string') return [value]
    if (Array.isArray(value)) return value.flatMap((item) => (typeof item === 'string' ? [item] : definitionTexts(item)))
    return value && typeof value === 'object' ? definitionTexts(value) : []
  })
}

/** What keeps media from being saved: the field under `media.` and why, in the server's words, or null. */
function mediaWrong(media: MediaForm): Problem | null {
  if (isUploading(media)) return problem('file', 'wait for the upload to finish, or cancel it')
  if (media.kind === 'image') {
    const alt = media.alt.trim()
    if (media.decorative && alt !== '') return problem('alt', 'a decorative image has no alt text: clear it, or do not mark the image decorative')
    if (!media.decorative && alt === '') return problem('alt', 'describe the image for those who cannot see it, or mark it decorative')
    if (chars(alt) > MOST_ALT) return problem('alt', `at most ${MOST_ALT} characters; put longer descriptions in the question`)
    return null
  }
  const transcript = media.transcript.trim()
  if (transcript === '') return problem('transcript', `give a transcript of the ${media.kind === 'audio' ? 'sound' : 'video'} for those who cannot hear it`)
  if (chars(transcript) > MOST_TRANSCRIPT) return problem('transcript', `at most ${MOST_TRANSCRIPT} characters`)
  return null
}

/** What keeps question `n`'s media from being saved, in the server's words, or null (none is fine). */
export function mediaProblem(n: number, media: MediaForm | null | undefined): string | null {
  const wrong = media ? mediaWrong(media) : null
  return wrong ? `Question ${n}: media.${wrong.field}: ${wrong.message}` : null
}

/**
 * What keeps the pictures on question `n`'s options or items from being saved (one per entry of
 * its pictured list, in order; null where none), in the server's words, or null.
 */
export function picturesProblem(n: number, pictures: ReadonlyArray<MediaForm | null> | null | undefined): string | null {
  for (const [i, picture] of (pictures ?? []).entries()) {
    const wrong = picture ? mediaWrong(picture) : null
    if (wrong) return `Question ${n}: picture ${i + 1}: media.${wrong.field}: ${wrong.message}`
  }
  return null
}

/** What keeps question `n` (from 1) from being saved, in the server's words, or null. */
export function questionProblem(n: number, question: CheckedQuestion): string | null {
  return fieldsProblem(n, question) ?? mediaProblem(n, question.media) ?? pictureProblem(n, question) ?? picturesProblem(n, formPictures(question.form))
}

/** A hotspot needs a picture to point at (checked after its fields and media, as the server does). */
function pictureProblem(n: number, question: CheckedQuestion): string | null {
  return question.form.type === 'hotspot' && question.media?.kind !== 'image' ? `Question ${n}: ${HOTSPOT_NEEDS_PICTURE}` : null
}

/** What keeps question `n`'s text and the fields of its type from being saved, or null. */
function fieldsProblem(n: number, question: CheckedQuestion): string | null {
  const text = question.text.trim()
  if (chars(text) > MOST_TEXT || chars(question.explanation) > MOST_EXPLANATION) return `Question ${n} is too long`
  const { form } = question
  if (form.type === 'letters') {
    const options = OPTION_FIELDS.map((field) => form[field].trim())
    if (text === '' || options.some((option) => option === '')) return `Question ${n} is missing one or more required fields`
    if (options.some((option) => chars(option) > MOST_OPTION)) return `Question ${n} is too long`
    if (new Set(options.map((option) => option.toLowerCase())).size !== options.length) return `Question ${n} has two options that are the same`
    return null
  }
  if (text === '') return `Question ${n} is missing one or more required fields`
  const definition = toDefinition(form)
  if (definitionTexts(definition).some((value) => chars(value) > MOST_TEXT)) return `Question ${n} is too long`
  const wrong = definitionProblem(definition)
  return wrong ? `Question ${n}: ${wrong.field}: ${wrong.message}` : null
}

const FIELD = /^Question \d+: ((?:picture \d+: )?[a-z_.]+): /

/**
 * The fields the messages name ("Question 2: right: …" names `right`, "Question 2: media.alt: …"
 * `media.alt`, "Question 2: picture 3: media.alt: …" `picture 3: media.alt`).
 */
export function namedFields(messages: string[]): Set<string> {
  return new Set(messages.flatMap((message) => FIELD.exec(message)?.[1] ?? []))
}
