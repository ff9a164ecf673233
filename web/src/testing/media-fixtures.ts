/**
 * Media of questions as the server serves and uploads them (issue 30, docs/media-api.md), for the
 * tests of the media view, the editor's field and the screens that show them.
 */
import type { ServedMedia, UploadedMedia } from '@/types/api'

export const PHONE_ID = 'a'.repeat(64)
export const PROJECTOR_ID = 'b'.repeat(64)
export const SOUND_ID = 'c'.repeat(64)
export const VIDEO_ID = 'd'.repeat(64)
export const GIF_ID = '9'.repeat(64)

/** A sound or a video. */
type Sound = Exclude<ServedMedia, { kind: 'image' }>

const link = (id: string) => `/api/media/${id}?expires=1796754804&signature=5cd6`

export const servedImage: Extract<ServedMedia, { kind: 'image' }> = {
  kind: 'image',
  phone: { id: PHONE_ID, type: 'image/jpeg', width: 768, height: 1024, url: link(PHONE_ID), expiresAt: 1_796_754_804_000 },
  projector: { id: PROJECTOR_ID, type: 'image/jpeg', width: 1200, height: 1600, url: link(PROJECTOR_ID), expiresAt: 1_796_754_804_000 },
  alt: 'A map of Europe with France shaded',
  decorative: false,
}

/** Another picture, marked decorative (a picture on an option, issue 30). */
export const decorativeImage: Extract<ServedMedia, { kind: 'image' }> = {
  kind: 'image',
  phone: { id: 'e'.repeat(64), type: 'image/png', width: 640, height: 480, url: link('e'.repeat(64)), expiresAt: 1_796_754_804_000 },
  projector: { id: 'f'.repeat(64), type: 'image/png', width: 1280, height: 960, url: link('f'.repeat(64)), expiresAt: 1_796_754_804_000 },
  alt: '',
  decorative: true,
}

/** A GIF, which may move: one file for both sizes (the server keeps an animation as uploaded). */
export const servedGif: Extract<ServedMedia, { kind: 'image' }> = {
  kind: 'image',
  phone: { id: GIF_ID, type: 'image/gif', width: 480, height: 360, url: link(GIF_ID), expiresAt: 1_796_754_804_000 },
  projector: { id: GIF_ID, type: 'image/gif', width: 480, height: 360, url: link(GIF_ID), expiresAt: 1_796_754_804_000 },
  alt: 'A pendulum swinging',
  decorative: false,
}

export const servedSound: Sound = {
  kind: 'audio',
  file: { id: SOUND_ID, type: 'audio/mpeg', url: link(SOUND_ID), expiresAt: 1_796_754_804_000 },
  transcript: 'A blackbird sings, then a car passes.',
}

export const servedVideo: Sound = {
  kind: 'video',
  file: { id: VIDEO_ID, type: 'video/mp4', url: link(VIDEO_ID), expiresAt: 1_796_754_804_000 },
  transcript: 'A ball rolls down a slope and stops.',
}

/** POST /api/media's answer for a picture. */
export const uploadedImage: UploadedMedia = {
  kind: 'image',
  width: 1200,
  height: 1600,
  animated: false,
  files: [
    { size: 'phone', id: PHONE_ID, type: 'image/jpeg', width: 768, height: 1024, bytes: 27_165, url: link(PHONE_ID), expiresAt: 1_796_754_804_000 },
    { size: 'projector', id: PROJECTOR_ID, type: 'image/jpeg', width: 1200, height: 1600, bytes: 54_821, url: link(PROJECTOR_ID), expiresAt: 1_796_754_804_000 },
  ],
}

/** POST /api/media's answer for a sound. */
export const uploadedSound: UploadedMedia = {
  kind: 'audio',
  width: null,
  height: null,
  animated: false,
  files: [{ size: 'original', id: SOUND_ID, type: 'audio/mpeg', width: null, height: null, bytes: 120_000, url: link(SOUND_ID), expiresAt: 1_796_754_804_000 }],
}

/** A file of `bytes` (only its size is faked: nothing that large is made). */
export function fakeFile(name: string, type: string, bytes = 1024): File {
  const file = new File(['x'], name, { type })
  Object.defineProperty(file, 'size', { value: bytes })
  return file
}
