/**
 * Checks of a question's media as the server serves it (issue 30, docs/media-api.md): the play
 * API's questions, a live game's question and the host's quiz carry `media` with a signed link to
 * each file. What does not check is no media: the question shows without it.
 */
import type { ServedMedia, ServedMediaFile } from '@/types/api'

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
