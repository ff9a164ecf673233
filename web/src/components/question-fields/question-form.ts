/**
 * A question's fields while the host edits them in the quiz editor or the generation review (issue 29): one form per
 * type, read from a definition (`toForm`) and turned back into one (`toDefinition`), and changed
 * from one type to another keeping what carries over (`convertForm`). A question A–D keeps
 * option_a..option_d and its letter (PRODUCT.md section 3). Numbers stay as typed until saved;
 * rows carry keys, so React and the focus follow a row that moves or goes. A row of the pictured
 * list (issue 30: options, items, a matching's pairs) carries its picture, so the picture stays
 * with it as rows are added, removed or moved; a question A–D keeps its options' four
 * (picture-form.ts reads and saves them).
 */
import { formatNumber } from '@/components/feedback/answer-words'
import { LETTERS } from '@/lib/constants'
import type { Letter, QuestionDefinition, Tolerance } from '@/types/api'
import { toRegionRows, toRegions, type RegionRow } from './hotspot-form'
import { isUploading, type PictureForm } from './media-form'

export type { RegionRow }

/** A row's text, and its picture when the row is of the pictured list and has one (absent: none). */
export type TextRow = { key: string; text: string; picture?: PictureForm | null }
/** An option of a choice question (a poll's marks are kept for a change back, never saved). */
export type OptionRow = TextRow & { right: boolean }
/** A matching's pair; its picture is its left item's. */
export type PairRow = { key: string; left: string; right: string; picture?: PictureForm | null }
/** A categorize item: its group by the group row's key ('' for none yet). */
export type ItemRow = TextRow & { group: string }
/** A gap keeps both kinds' fields, so switching its kind back loses nothing. */
export type GapRow = {
  key: string
  type: 'choice' | 'typed'
  options: OptionRow[]
  accepted: TextRow[]
  case_sensitive: boolean
  accents_matter: boolean
}

export type LetterForm = {
  type: 'letters'
  option_a: string
  option_b: string
  option_c: string
  option_d: string
  answer: Letter
  /** The options' pictures, A to D (null where none); absent when none has one. */
  pictures?: Array<PictureForm | null>
}

export type QuestionForm =
  | LetterForm
  | { type: 'single_choice'; options: OptionRow[] }
  | { type: 'multi_select'; options: OptionRow[]; all_or_nothing: boolean }
  | { type: 'poll'; options: OptionRow[] }
  | { type: 'true_false'; answer: boolean }
  | { type: 'type_answer'; accepted: TextRow[]; case_sensitive: boolean; accents_matter: boolean }
  | { type: 'numeric'; answer: string; tolerance_kind: Tolerance['kind']; tolerance: string; unit: string }
  | { type: 'slider'; min: string; max: string; step: string; target: string; margin: string; exact: boolean }
  | { type: 'ordering'; items: TextRow[]; partial: boolean }
  | { type: 'matching'; pairs: PairRow[]; distractors: TextRow[] }
  | { type: 'categorize'; groups: TextRow[]; items: ItemRow[] }
  | { type: 'gaps'; text: string; gaps: GapRow[] }
  | { type: 'word_cloud' }
  | { type: 'slide' }
  | { type: 'hotspot'; regions: RegionRow[] }

/** 'letters' (four options A–D with one right) or one of the API's types. */
export type FormType = QuestionForm['type']
export type FormOf<T extends FormType> = Extract<QuestionForm, { type: T }>
export type TypedForm = Exclude<QuestionForm, LetterForm>

export const OPTION_FIELDS = ['option_a', 'option_b', 'option_c', 'option_d'] as const

let lastKey = 0

/** A key no other row of this page has. */
export function rowKey(): string {
  lastKey += 1
  return `r${lastKey}`
}

export const textRow = (text = ''): TextRow => ({ key: rowKey(), text })
export const optionRow = (text = '', right = false): OptionRow => ({ key: rowKey(), text, right })
export const pairRow = (left = '', right = ''): PairRow => ({ key: rowKey(), left, right })
export const gapRow = (): GapRow => ({
  key: rowKey(),
  type: 'typed',
  options: [optionRow(), optionRow()],
  accepted: [textRow()],
  case_sensitive: false,
  accents_matter: false,
})

const rows = (count: number) => Array.from({ length: count }, () => textRow())
const options = (count: number) => Array.from({ length: count }, () => optionRow())
const number = (value: number) => formatNumber(value)

/** The fields of a new question of `type`, empty but for what has an obvious start. */
export function blankForm(type: FormType): QuestionForm {
  switch (type) {
    case 'letters':
      return { type, option_a: '', option_b: '', option_c: '', option_d: '', answer: 'A' }
    case 'single_choice':
    case 'poll':
      return { type, options: options(4) }
    case 'multi_select':
      return { type, options: options(4), all_or_nothing: false }
    case 'true_false':
      return { type, answer: true }
    case 'type_answer':
      return { type, accepted: rows(1), case_sensitive: false, accents_matter: false }
    case 'numeric':
      return { type, answer: '', tolerance_kind: 'absolute', tolerance: '', unit: '' }
    case 'slider':
      return { type, min: '0', max: '100', step: '1', target: '', margin: '', exact: false }
    case 'ordering':
      return { type, items: rows(3), partial: false }
    case 'matching':
      return { type, pairs: [pairRow(), pairRow()], distractors: [] }
    case 'categorize': {
      const groups = rows(2)
      return { type, groups, items: [{ ...textRow(), group: groups[0].key }] }
    }
    case 'gaps':
      return { type, text: '', gaps: [] }
    case 'word_cloud':
    case 'slide':
      return { type }
    case 'hotspot':
      return { type, regions: [] }
  }
}

const withRight = (texts: string[], right: number[]) => texts.map((text, i) => optionRow(text, right.includes(i)))

/** The form of a definition as the server sent it. */
export function toForm(definition: QuestionDefinition): TypedForm {
  switch (definition.type) {
    case 'single_choice':
      return { type: 'single_choice', options: withRight(definition.options, definition.right) }
    case 'multi_select':
      return { type: 'multi_select', options: withRight(definition.options, definition.right), all_or_nothing: Boolean(definition.all_or_nothing) }
    case 'poll':
      return { type: 'poll', options: withRight(definition.options, []) }
    case 'true_false':
      return { type: 'true_false', answer: definition.answer }
    case 'type_answer':
      return {
        type: 'type_answer',
        accepted: definition.accepted.map(textRow),
        case_sensitive: Boolean(definition.case_sensitive),
        accents_matter: Boolean(definition.accents_matter),
      }
    case 'numeric': {
      const { kind, value } = definition.tolerance ?? { kind: 'absolute', value: 0 }
      return {
        type: 'numeric',
        answer: number(definition.answer),
        tolerance_kind: kind,
        tolerance: value === 0 ? '' : number(kind === 'relative' ? value * 100 : value),
        unit: definition.unit ?? '',
      }
    }
    case 'slider':
      return {
        type: 'slider',
        min: number(definition.min),
        max: number(definition.max),
        step: number(definition.step),
        target: number(definition.target),
        margin: number(definition.margin),
        exact: Boolean(definition.exact),
      }
    case 'ordering':
      return { type: 'ordering', items: definition.items.map(textRow), partial: Boolean(definition.partial) }
    case 'matching':
      return {
        type: 'matching',
        pairs: definition.pairs.map((pair) => pairRow(pair.left, pair.right)),
        distractors: (definition.distractors ?? []).map(textRow),
      }
    case 'categorize': {
      const groups = definition.groups.map(textRow)
      return { type: 'categorize', groups, items: definition.items.map((item) => ({ ...textRow(item.text), group: groups[item.group]?.key ?? '' })) }
    }
    case 'gaps':
      return {
        type: 'gaps',
        text: definition.text,
        gaps: definition.gaps.map((gap) =>
          gap.type === 'choice'
            ? { ...gapRow(), type: 'choice', options: gap.options.map((text, i) => optionRow(text, i === gap.right)) }
            : { ...gapRow(), accepted: gap.accepted.map(textRow), case_sensitive: Boolean(gap.case_sensitive), accents_matter: Boolean(gap.accents_matter) },
        ),
      }
    case 'word_cloud':
    case 'slide':
      return { type: definition.type }
    case 'hotspot':
      return { type: 'hotspot', regions: toRegionRows(definition.regions) }
  }
}

/** A number as typed: NaN when blank or not a number (the checks refuse it before saving). */
function typedNumber(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? Number.NaN : Number(trimmed)
}

const texts = (list: TextRow[]) => list.map((row) => row.text.trim())
const rightOf = (list: OptionRow[]) => list.flatMap((row, i) => (row.right ? [i] : []))

/** The definition the server is sent (texts trimmed, numbers read, rows by their places). */
export function toDefinition(form: TypedForm): QuestionDefinition {
  switch (form.type) {
    case 'single_choice':
      return { type: form.type, options: texts(form.options), right: rightOf(form.options) }
    case 'multi_select':
      return { type: form.type, options: texts(form.options), right: rightOf(form.options), all_or_nothing: form.all_or_nothing }
    case 'poll':
      return { type: form.type, options: texts(form.options) }
    case 'true_false':
      return { type: form.type, answer: form.answer }
    case 'type_answer':
      return { type: form.type, accepted: texts(form.accepted), case_sensitive: form.case_sensitive, accents_matter: form.accents_matter }
    case 'numeric': {
      const tolerance = form.tolerance.trim() === '' ? 0 : typedNumber(form.tolerance)
      const value = form.tolerance_kind === 'relative' ? Number((tolerance / 100).toPrecision(12)) : tolerance
      const unit = form.unit.trim()
      return { type: form.type, answer: typedNumber(form.answer), tolerance: { kind: form.tolerance_kind, value }, ...(unit ? { unit } : {}) }
    }
    case 'slider':
      return {
        type: form.type,
        min: typedNumber(form.min),
        max: typedNumber(form.max),
        step: typedNumber(form.step),
        target: typedNumber(form.target),
        margin: typedNumber(form.margin),
        exact: form.exact,
      }
    case 'ordering':
      return { type: form.type, items: texts(form.items), partial: form.partial }
    case 'matching':
      return {
        type: form.type,
        pairs: form.pairs.map((pair) => ({ left: pair.left.trim(), right: pair.right.trim() })),
        distractors: texts(form.distractors),
      }
    case 'categorize':
      return {
        type: form.type,
        groups: texts(form.groups),
        items: form.items.map((item) => ({ text: item.text.trim(), group: form.groups.findIndex((group) => group.key === item.group) })),
      }
    case 'gaps':
      return {
        type: form.type,
        text: form.text.trim(),
        gaps: form.gaps.map((gap) =>
          gap.type === 'choice'
            ? { type: 'choice', options: texts(gap.options), right: gap.options.findIndex((option) => option.right) }
            : { type: 'typed', accepted: texts(gap.accepted), case_sensitive: gap.case_sensitive, accents_matter: gap.accents_matter },
        ),
      }
    case 'word_cloud':
    case 'slide':
      return { type: form.type }
    case 'hotspot':
      // The server takes the picture's shape (`aspect`) from the picture itself.
      return { type: form.type, regions: toRegions(form.regions) }
  }
}

const GAP_MARKER = /\{\{(\d+)\}\}/g

/** The text with gap `n`'s marker added at its end (a gap just added). */
export function withGap(text: string, n: number): string {
  const start = text.trimEnd()
  return `${start}${start === '' ? '' : ' '}{{${n}}}`
}

/** The text without gap `n`'s marker, the gaps after it numbered one less (a gap just removed). */
export function withoutGap(text: string, n: number): string {
  return text.replace(GAP_MARKER, (marker, digits: string) => {
    const m = Number(digits)
    return m === n ? '' : m > n ? `{{${m - 1}}}` : marker
  })
}

/** `row` with `picture`, or as it is when there is none (or it is still uploading: its field goes with the old type). */
const pictured = <R extends { picture?: PictureForm | null }>(row: R, picture: PictureForm | null | undefined): R =>
  picture && !isUploading(picture) ? { ...row, picture } : row

/** The options a form already has, as a choice question's (A–D, the choice types, an ordering's items), with their pictures. */
function optionsOf(form: QuestionForm): OptionRow[] | null {
  switch (form.type) {
    case 'letters':
      return OPTION_FIELDS.map((field, i) => pictured(optionRow(form[field], LETTERS[i] === form.answer), form.pictures?.[i]))
    case 'single_choice':
    case 'multi_select':
    case 'poll':
      return form.options
    case 'ordering':
      return form.items.map(({ key, text, picture }) => pictured<OptionRow>({ key, text, right: false }, picture))
    default:
      return null
  }
}

const atLeast = <R>(list: R[], count: number, make: () => R) => [...list, ...Array.from({ length: Math.max(0, count - list.length) }, make)]

/**
 * The form of `type` from another: options carry over between A–D, the choice types and an
 * ordering's items (with their pictures), right options become a typed answer's accepted answers, a number its
 * slider's target and back; anything else starts blank.
 */
export function convertForm(form: QuestionForm, type: FormType): QuestionForm {
  if (form.type === type) return form
  const carried = optionsOf(form)
  const blank = blankForm(type)
  switch (blank.type) {
    case 'letters': {
      if (!carried) return blank
      const four = atLeast(carried.slice(0, 4), 4, optionRow)
      const right = four.findIndex((option) => option.right)
      const pictures = four.map((option) => pictured<TextRow>({ key: option.key, text: option.text }, option.picture).picture ?? null)
      return {
        type: 'letters',
        option_a: four[0].text,
        option_b: four[1].text,
        option_c: four[2].text,
        option_d: four[3].text,
        answer: LETTERS[Math.max(0, right)],
        ...(pictures.some(Boolean) ? { pictures } : {}),
      }
    }
    case 'single_choice':
    case 'multi_select':
    case 'poll':
      return carried ? { ...blank, options: atLeast(carried.slice(0, 6), 2, optionRow) } : blank
    case 'ordering':
      return carried ? { ...blank, items: atLeast(carried.slice(0, 8).map(({ key, text, picture }) => pictured<TextRow>({ key, text }, picture)), 3, textRow) } : blank
    case 'type_answer': {
      const right = carried?.filter((option) => option.right && option.text.trim() !== '') ?? []
      return right.length > 0 ? { ...blank, accepted: right.map(({ key, text }) => ({ key, text })) } : blank
    }
    case 'numeric':
      return form.type === 'slider' ? { ...blank, answer: form.target } : blank
    case 'slider':
      return form.type === 'numeric' ? { ...blank, target: form.answer } : blank
    default:
      return blank
  }
}
