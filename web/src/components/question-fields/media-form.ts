/**
 * A question's picture, sound or video while the host edits it (issue 30), in the quiz editor and
 * the generation review: the media as served (its files with their links, for the preview, and
 * the alt text or transcript as typed), or a file still uploading, which keeps the question from
 * being saved. Made from an upload's answer (`fromUpload`) or a loaded question (`toMediaForm`);
 * saved by the files' ids alone (`toQuestionMedia`): the server takes the rest from the files.
 */
import { readMedia } from '@/lib/served-media'
import type { QuestionMedia, ServedMedia, ServedMediaFile, ServedPicture, UploadedFile, UploadedMedia } from '@/types/api'

/** A file on its way: its name, while the upload runs. */
export type UploadingMedia = { kind: 'uploading'; name: string }

export type MediaForm = ServedMedia | UploadingMedia

/** A picture on an option or an item while edited (picture-form.ts): a picture, or a file uploading. */
export type PictureForm = ServedPicture | UploadingMedia

export const isUploading = (media: MediaForm | null | undefined): media is UploadingMedia => media?.kind === 'uploading'

/** The media of a question as loaded (the host's quiz), or null when it has none. */
export const toMediaForm = (value: unknown): ServedMedia | null => readMedia(value)

const served = ({ id, type, width, height, url, expiresAt }: UploadedFile): ServedMediaFile => ({ id, type, width, height, url, expiresAt })

/** The media of a file just uploaded, its alt text or transcript still to write; null if the answer lacks its files. */
export function fromUpload(uploaded: UploadedMedia): ServedMedia | null {
  const file = (size: UploadedFile['size']) => uploaded.files.find((f) => f.size === size)
  if (uploaded.kind === 'image') {
    const phone = file('phone') ?? file('projector')
    const projector = file('projector') ?? phone
    if (!phone || !projector) return null
    return { kind: 'image', phone: served(phone), projector: served(projector), alt: '', decorative: false }
  }
  const original = file('original') ?? uploaded.files[0]
  return original ? { kind: uploaded.kind, file: served(original), transcript: '' } : null
}

/** What the save sends: the files by id, the texts trimmed (a decorative picture without alt text). */
export function toQuestionMedia(media: ServedMedia): QuestionMedia {
  if (media.kind === 'image') {
    return {
      kind: 'image',
      phone: { id: media.phone.id },
      projector: { id: media.projector.id },
      alt: media.decorative ? '' : media.alt.trim(),
      decorative: media.decorative,
    }
  }
  return { kind: media.kind, file: { id: media.file.id }, transcript: media.transcript.trim() }
}

/** `{ media }` for a question's save body when it has media, else nothing (absent: none). */
export function mediaField(media: MediaForm | null | undefined): { media?: QuestionMedia } {
  return media && !isUploading(media) ? { media: toQuestionMedia(media) } : {}
}
