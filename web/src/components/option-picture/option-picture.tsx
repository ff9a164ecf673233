/**
 * The picture on an option or an item (issue 30), wherever a question's options or items show: the
 * play screen, a live game's phone and projector, feedback, the audit sheet, the generation
 * review. The question's `pictures` are read here (lib/served-media.ts), so their checks come with
 * this module: the first load takes it lazily (lazy-option-picture.tsx). A picture is the phone
 * file with the projector file in its `srcset` (`large`, the projector, draws it larger and starts
 * from that one; `small`, a thumbnail), its size written so nothing moves when it arrives, and its
 * alt text (empty when decorative). Where the option is a button or a field, its text stays its
 * name: the option points at the picture (`id`) for its description. A GIF, which may move, shows
 * its still frame while the page's animations are paused (WCAG 2.2.2; from the start for a user
 * who asked for less motion): an option that is a button may hold no Pause button, so the
 * question has one for its options' pictures, outside them (animations-toggle.tsx).
 */
import { isAnimation, useAnimationsPaused } from '@/components/animation/animation-choice'
import { PausableImage } from '@/components/animation/pausable-image'
import { pictureSrcSet, readPictures } from '@/lib/served-media'
import './option-picture.css'

export type OptionPictureProps = {
  /** The question's `pictures` as served, one per entry of the list shown; what does not check shows nothing. */
  pictures: unknown
  /** The option's or item's place in that list. */
  index: number
  /** The projector: the large file, drawn larger. */
  large?: boolean
  /** A thumbnail (feedback, the audit sheet, the review). */
  small?: boolean
  /** The image's id, for the option's `aria-describedby`. */
  id?: string
}

/** How wide the picture is drawn (`sizes`). */
const SIZES = { large: '50vw', small: '6rem', phone: '(min-width: 40rem) 16rem, 60vw' }

/** The `sizes` of a picture drawn `large`, `small` or at its phone size (a live phone loads it ahead the same way). */
export const optionPictureSizes = (large: boolean, small: boolean) => SIZES[large ? 'large' : small ? 'small' : 'phone']

export function OptionPicture({ pictures, index, large = false, small = false, id }: OptionPictureProps) {
  const paused = useAnimationsPaused()
  const picture = readPictures(pictures)?.[index] ?? null
  if (!picture) return null
  const file = large ? picture.projector : picture.phone
  return (
    <PausableImage
      paused={paused && isAnimation(file)}
      id={id}
      className={`option-picture${large ? ' is-large' : ''}${small ? ' is-small' : ''}`}
      src={file.url}
      srcSet={pictureSrcSet(picture)}
      sizes={optionPictureSizes(large, small)}
      width={file.width ?? undefined}
      height={file.height ?? undefined}
      alt={picture.decorative ? '' : picture.alt}
      decoding="async"
      data-testid="option-picture"
    />
  )
}

export default OptionPicture
