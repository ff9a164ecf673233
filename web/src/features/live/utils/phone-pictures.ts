/**
 * The pictures a live question shows on a player's phone (issue 30), as its `<img>` elements ask
 * for them: the question's picture (`media`, when it is one: under the text, or a hotspot's to
 * point at) and every picture on its options or items (`pictures`). Each comes with the `src`,
 * `srcset` and `sizes` of the element that draws it (QuestionMedia, HotspotPicture,
 * OptionPicture), so an image loaded ahead with them picks, and caches, the very file the screen
 * shows. A sound or a video is the presenter's to play: a phone loads nothing for it.
 */
import { optionPictureSizes } from '@/components/option-picture/option-picture'
import { pictureSizes } from '@/components/question-media/question-media'
import { pictureSrcSet, readMedia, readPictures } from '@/lib/served-media'
import type { ServedPicture } from '@/types/api'
import type { LiveQuestion } from '@/types/live-game'

/** One picture as its `<img>` asks for it (`srcSet` absent when it has one file only). */
export type PictureRequest = { src: string; srcSet?: string; sizes: string }

/** The rows of a matching's left items and a categorize's items show their pictures small. */
const SMALL_PICTURES = new Set(['matching', 'categorize'])

const request = (picture: ServedPicture, sizes: string): PictureRequest => {
  const srcSet = pictureSrcSet(picture)
  return { src: picture.phone.url, ...(srcSet ? { srcSet } : {}), sizes }
}

/** What the phone loads to show `question`: none for a question without pictures. */
export function phonePictures(question: LiveQuestion): PictureRequest[] {
  const media = readMedia(question.media)
  const small = SMALL_PICTURES.has(question.served?.type ?? '')
  return [
    ...(media?.kind === 'image' ? [request(media, pictureSizes(false))] : []),
    ...(readPictures(question.pictures) ?? []).flatMap((picture) => (picture ? [request(picture, optionPictureSizes(false, small))] : [])),
  ]
}
