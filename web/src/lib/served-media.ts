/**
 * Checks of a question's media as the server serves it (issue 30, docs/media-api.md): the play
 * API's questions, a live game's question and the host's quiz carry `media` with a signed link to
 * each file, and `pictures`, the pictures on its options or items. What does not check is no
 * media: the question (or the option) shows without it.
 */
import type { ServedMedia, ServedMediaFile, ServedPicture } from '@/types/api'

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const size = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null)

/** A served file: an id and a link at least; the type, size and expiry as sent when they check. */
function readFile(value: unknown): ServedMediaFile | null {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.url !== 'string' || value.url === '') return null
  return {
    id: value.id,
    type: typeof value.type === 'string' ? value.type : '',
    width: size(value.width),
    height: size(value.height),
    url: value.url,
    expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : 0,
  }
}

/** The media in `value` as a screen shows it, or null when there is none (or it is not media). */
export function readMedia(value: unknown): ServedMedia | null {
  if (!isObject(value)) return null
  if (value.kind === 'image') {
    const phone = readFile(value.phone)
    const projector = readFile(value.projector)
    if (!phone && !projector) return null
    const decorative = value.decorative === true
    return {
      kind: 'image',
      phone: (phone ?? projector) as ServedMediaFile,
      projector: (projector ?? phone) as ServedMediaFile,
      alt: !decorative && typeof value.alt === 'string' ? value.alt : '',
      decorative,
    }
  }
  if (value.kind === 'audio' || value.kind === 'video') {
    const file = readFile(value.file)
    if (!file) return null
    return { kind: value.kind, file, transcript: typeof value.transcript === 'string' ? value.transcript : '' }
  }
  return null
}

/** The `srcset` of a picture's two files by their widths; none when there is only one file (an animation). */
export function pictureSrcSet(media: ServedPicture): string | undefined {
  const { phone, projector } = media
  if (phone.url === projector.url || !phone.width || !projector.width || phone.width === projector.width) return undefined
  return `${phone.url} ${phone.width}w, ${projector.url} ${projector.width}w`
}

/** A picture on an option or an item, or null when `value` is not a picture (a sound or a video is not). */
export function readPicture(value: unknown): ServedPicture | null {
  const media = readMedia(value)
  return media?.kind === 'image' ? media : null
}

/**
 * A question's `pictures` as served, one entry per entry of its pictured list (null where it has
 * none, or where the entry is not a picture); null when it is not a list or no entry has one.
 */
export function readPictures(value: unknown): Array<ServedPicture | null> | null {
  if (!Array.isArray(value)) return null
  const pictures = value.map(readPicture)
  return pictures.some((picture) => picture !== null) ? pictures : null
}
