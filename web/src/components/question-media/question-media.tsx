/**
 * A question's picture, sound or video (issue 30), wherever a question is shown: the play screen,
 * a live game's phone and projector, the generation review. A picture is the phone file with the
 * projector file in its `srcset` (`large`, the projector, prefers that one), its size written so
 * nothing moves when it arrives, and its alt text (empty when decorative). A sound or a video has
 * the browser's controls and its transcript under it; nothing ever plays by itself (WCAG 1.4.2).
 * On a live game's phones (`silent`) the room hears the presenter's: the player is shown only when
 * asked for. A file that does not load says so, with Retry; the alt text or transcript stays.
 * A GIF, which may move, has Pause animation next to it (WCAG 2.2.2), and shows its still frame
 * while paused, from the start for a user who asked for less motion (components/animation).
 *
 * The play screen, on the first load, loads it lazily (the default export) when a question has
 * media; its checks (lib/served-media.ts) come with it.
 */
import { useCallback, useState } from 'react'
import { isAnimation, useAnimationsPaused } from '@/components/animation/animation-choice'
import { AnimationToggle } from '@/components/animation/animation-toggle'
import { PausableImage } from '@/components/animation/pausable-image'
import { pictureSrcSet, readMedia } from '@/lib/served-media'
import type { ServedMedia } from '@/types/api'
import './question-media.css'

type QuestionMediaProps = {
  /** As served; what does not check as media shows nothing. */
  media: ServedMedia | null | undefined
  /** The projector: the large file first. */
  large?: boolean
  /** A live game's phone: a sound or a video shows its player only when the player asks for it. */
  silent?: boolean
}

type Image = Extract<ServedMedia, { kind: 'image' }>
type Sound = Exclude<ServedMedia, Image>

/** The word for each kind, as the notices and buttons say it. */
export const MEDIA_NOUNS: Record<ServedMedia['kind'], string> = { image: 'picture', audio: 'sound', video: 'video' }

/** How wide the picture is drawn (`sizes`): the question's column on a page, the whole screen on a projector. */
export const pictureSizes = (large: boolean) => (large ? '100vw' : '(min-width: 64rem) 48rem, 100vw')

/** A file that did not load: says so, with Retry (which asks for it again). */
export function LoadFailed({ noun, className = '', onRetry }: { noun: string; className?: string; onRetry: () => void }) {
  return (
    <div className={`question-media-failed${className ? ` ${className}` : ''}`} role="status">
      <p>The {noun} could not be loaded.</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}

/** The `srcset` of a picture's two files (lib/served-media.ts), as the hotspot's picture uses it too. */
export { pictureSrcSet }

function Picture({ media, large, onError }: { media: Image; large: boolean; onError: () => void }) {
  const file = large ? media.projector : media.phone
  const paused = useAnimationsPaused() && isAnimation(file)
  return (
    <PausableImage
      paused={paused}
      className="question-media-image"
      src={file.url}
      srcSet={pictureSrcSet(media)}
      sizes={pictureSizes(large)}
      width={file.width ?? undefined}
      height={file.height ?? undefined}
      alt={media.decorative ? '' : media.alt}
      loading="eager"
      decoding="async"
      onError={onError}
    />
  )
}

function Player({ media, focus, onError }: { media: Sound; focus: boolean; onError: () => void }) {
  // Focus goes to the element as it is shown, when `focus` says so.
  const ref = useCallback(
    (element: HTMLMediaElement | null) => {
      if (focus) element?.focus()
    },
    [focus],
  )
  // Captions are given as the transcript below (the server keeps a transcript, WCAG 1.2.1 and
  // 1.2.2 by a text alternative), never as a track.
  if (media.kind === 'audio') {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <audio ref={ref} className="question-media-audio" controls preload="metadata" src={media.file.url} onError={onError} />
    )
  }
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video ref={ref} className="question-media-video" controls playsInline preload="metadata" src={media.file.url} onError={onError} />
  )
}

function Transcript({ text }: { text: string }) {
  if (text.trim() === '') return null
  return (
    <details className="question-media-transcript">
      <summary>Transcript</summary>
      <p>{text}</p>
    </details>
  )
}

type MediaViewProps = { media: ServedMedia; large: boolean; silent: boolean }

function MediaView({ media, large, silent }: MediaViewProps) {
  // Each retry mounts the element afresh, so the browser asks for the file again.
  const [attempt, setAttempt] = useState(0)
  const [failed, setFailed] = useState(false)
  // A silent phone shows the player once asked; focus then goes to it.
  const [asked, setAsked] = useState(false)
  const noun = MEDIA_NOUNS[media.kind]
  const onError = () => setFailed(true)
  const showPlayer = media.kind !== 'image' && (!silent || asked)
  return (
    <div className={`question-media question-media-${media.kind}${large ? ' is-large' : ''}`} data-testid="question-media">
      {failed ? (
        <LoadFailed
          noun={noun}
          onRetry={() => {
            setFailed(false)
            setAttempt((n) => n + 1)
          }}
        />
      ) : media.kind === 'image' ? (
        <>
          <Picture key={attempt} media={media} large={large} onError={onError} />
          {isAnimation(large ? media.projector : media.phone) ? <AnimationToggle className="question-media-pause" /> : null}
        </>
      ) : showPlayer ? (
        // Focus goes to the player shown on request, or again after Retry (its button is gone).
        <Player key={attempt} media={media} focus={asked || attempt > 0} onError={onError} />
      ) : (
        <button type="button" className="btn btn-secondary question-media-play" onClick={() => setAsked(true)}>
          {media.kind === 'audio' ? 'Play sound on this phone' : 'Play video on this phone'}
        </button>
      )}
      {failed && media.kind === 'image' && !media.decorative && media.alt.trim() !== '' ? (
        <p className="question-media-alt">The picture shows: {media.alt}</p>
      ) : null}
      {media.kind === 'image' ? null : <Transcript text={media.transcript} />}
    </div>
  )
}

export function QuestionMedia({ media: value, large = false, silent = false }: QuestionMediaProps) {
  const media = readMedia(value)
  if (!media) return null
  // Another question's media starts afresh (not failed, not asked for).
  const file = media.kind === 'image' ? (large ? media.projector : media.phone) : media.file
  return <MediaView key={file.url} media={media} large={large} silent={silent} />
}

export default QuestionMedia
