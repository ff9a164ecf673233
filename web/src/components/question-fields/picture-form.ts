/**
 * The pictures on a question's options or items while the host edits it (issue 30), in the quiz
 * editor and the generation review. One list of a type takes pictures, its pictured list: the
 * options A–D, a single choice's, a multiple select's or a poll's options, an ordering's or a
 * categorize's items, a matching's left items (its pairs). Each of its rows carries its own
 * picture (question-form.ts), so a picture stays with its row as rows are added, removed or moved;
 * a question A–D keeps its four in `pictures`. A loaded question's pictures, in the definition's
 * order, are put on its rows (`withPictures`); a save sends one entry per row, in order, each a
 * picture by its files' ids or null (`picturesField`), and nothing when none has one.
 */
import { LETTERS } from '@/lib/constants'
import { readPictures } from '@/lib/served-media'
import type { QuestionPicture, QuestionPictures, ServedPicture, ServedPictures } from '@/types/api'
import { isUploading, toQuestionMedia, type PictureForm } from './media-form'
import type { QuestionForm } from './question-form'

/** The pictures of a form's pictured list, one per row in order (null where none); [] for a type without one. */
export function formPictures(form: QuestionForm): Array<PictureForm | null> {
  switch (form.type) {
    case 'letters':
      return [0, 1, 2, 3].map((i) => form.pictures?.[i] ?? null)
    case 'single_choice':
    case 'multi_select':
    case 'poll':
      return form.options.map((row) => row.picture ?? null)
    case 'ordering':
    case 'categorize':
      return form.items.map((row) => row.picture ?? null)
    case 'matching':
      return form.pairs.map((row) => row.picture ?? null)
    default:
      return []
  }
}

/** `row` with `picture`, without one when it is null. */
function withPicture<R extends { picture?: PictureForm | null }>(row: R, picture: PictureForm | null | undefined): R {
  if (picture) return { ...row, picture }
  if (!row.picture) return row
  const { picture: _gone, ...rest } = row
  return rest as R
}

/**
 * The form with `pictures` on its pictured list's rows, the first on the first row (a loaded
 * question's, in the definition's order); a row past the list's end has none.
 */
export function withPictures<F extends QuestionForm>(form: F, pictures: ReadonlyArray<PictureForm | null> | null | undefined): F {
  const at = (i: number) => pictures?.[i] ?? null
  const next: QuestionForm = form
  switch (next.type) {
    case 'letters': {
      const four = [0, 1, 2, 3].map(at)
      const { pictures: _old, ...rest } = next
      return (four.some(Boolean) ? { ...rest, pictures: four } : rest) as F
    }
    case 'single_choice':
    case 'multi_select':
    case 'poll':
      return { ...next, options: next.options.map((row, i) => withPicture(row, at(i))) } as F
    case 'ordering':
      return { ...next, items: next.items.map((row, i) => withPicture(row, at(i))) } as F
    case 'categorize':
      return { ...next, items: next.items.map((row, i) => withPicture(row, at(i))) } as F
    case 'matching':
      return { ...next, pairs: next.pairs.map((row, i) => withPicture(row, at(i))) } as F
    default:
      return form
  }
}

/**
 * The form with `picture` on the row of the pictured list whose key is `at` (a letter A–D for the
 * options A–D); as it was when there is no such row (removed meanwhile).
 */
export function setPicture<F extends QuestionForm>(form: F, at: string, picture: PictureForm | null): F {
  const next: QuestionForm = form
  const onRow = <R extends { key: string; picture?: PictureForm | null }>(rows: R[]) => rows.map((row) => (row.key === at ? withPicture(row, picture) : row))
  switch (next.type) {
    case 'letters': {
      const index = (LETTERS as readonly string[]).indexOf(at)
      if (index < 0) return form
      return withPictures(next, formPictures(next).map((old, i) => (i === index ? picture : old))) as F
    }
    case 'single_choice':
    case 'multi_select':
    case 'poll':
      return { ...next, options: onRow(next.options) } as F
    case 'ordering':
      return { ...next, items: onRow(next.items) } as F
    case 'categorize':
      return { ...next, items: onRow(next.items) } as F
    case 'matching':
      return { ...next, pairs: onRow(next.pairs) } as F
    default:
      return form
  }
}

/** The form of a loaded question with its served `pictures` (the host's quiz), each checked. */
export const withServedPictures = <F extends QuestionForm>(form: F, pictures: unknown): F => withPictures(form, readPictures(pictures))

/** A picture as saved: its files by id, its alt text trimmed (none when decorative). */
export const toQuestionPicture = (picture: ServedPicture): QuestionPicture => toQuestionMedia(picture) as QuestionPicture

/** The pictures as kept once uploaded (the generation review's questions); undefined when none has one. */
export function servedPictures(pictures: ReadonlyArray<PictureForm | null>): ServedPictures | undefined {
  const kept = pictures.map((picture) => (picture && !isUploading(picture) ? picture : null))
  return kept.some(Boolean) ? kept : undefined
}

/** `{ pictures }` for a question's save body when a row has a picture, one entry per row; else nothing. */
export function picturesField(pictures: ReadonlyArray<PictureForm | null> | null | undefined): { pictures?: QuestionPictures } {
  const kept = servedPictures(pictures ?? [])
  return kept ? { pictures: kept.map((picture) => (picture ? toQuestionPicture(picture) : null)) } : {}
}
