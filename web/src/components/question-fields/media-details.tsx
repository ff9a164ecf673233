/**
 * A question's uploaded picture, sound or video in the quiz editor and the generation review
 * (issue 30): a preview (the phone picture, or the browser's player, which never plays by itself),
 * the picture's Alt text with "Decorative image" (ticked, the alt text is cleared and disabled), or
 * the sound's or video's Transcript, and Remove. A field a save's message names (`media.alt`,
 * `media.transcript`, `media.phone`, `media.file`) is marked invalid and described by the
 * question's errors.
 */
import type { ServedMedia } from '@/types/api'
import { CheckField } from './field-parts'

type MediaDetailsProps = {
  media: ServedMedia
  onChange: (media: ServedMedia | null) => void
  /** The start of every id (the question's key). */
  id: string
  disabled: boolean
  invalid: (field: string) => boolean
  errorId: string
}

const NOUNS: Record<ServedMedia['kind'], string> = { image: 'picture', audio: 'sound', video: 'video' }

/** `aria-describedby` of a field: its hint, and the question's errors when they name it. */
const describedBy = (hintId: string, invalid: boolean, errorId: string) => (invalid ? `${hintId} ${errorId}` : hintId)

function Preview({ media }: { media: ServedMedia }) {
  if (media.kind === 'image') {
    const { phone, projector } = media
    const size = projector.width && projector.height ? ` (${projector.width} × ${projector.height} pixels)` : ''
    return (
      <figure className="media-preview">
        {/* The alt text below says what it shows; the preview adds nothing to read. */}
        <img className="media-preview-image" src={phone.url} alt="" width={phone.width ?? undefined} height={phone.height ?? undefined} decoding="async" />
        <figcaption className="field-hint">Picture{size}</figcaption>
      </figure>
    )
  }
  // The transcript below is the text alternative (captions are not kept).
  return media.kind === 'audio' ? (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <audio className="media-preview-player" controls preload="metadata" src={media.file.url} aria-label="Preview of the sound" />
  ) : (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video className="media-preview-player" controls playsInline preload="metadata" src={media.file.url} aria-label="Preview of the video" />
  )
}

export function MediaDetails({ media, onChange, id, disabled, invalid, errorId }: MediaDetailsProps) {
  const fileInvalid = invalid('media.phone') || invalid('media.projector') || invalid('media.file')
  const noun = NOUNS[media.kind]
  return (
    <fieldset
      className={`media-field media-details${fileInvalid ? ' is-invalid' : ''}`}
      data-testid="media-field"
      aria-describedby={fileInvalid ? errorId : undefined}
    >
      <legend className="field-label">Picture, sound or video</legend>
      <Preview media={media} />
      {media.kind === 'image' ? (
        <>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-media-alt`}>
              Alt text
            </label>
            <textarea
              id={`${id}-media-alt`}
              className="field-input"
              rows={2}
              value={media.alt}
              disabled={disabled || media.decorative}
              aria-invalid={invalid('media.alt') || undefined}
              aria-describedby={describedBy(`${id}-media-alt-hint`, invalid('media.alt'), errorId)}
              onChange={(event) => onChange({ ...media, alt: event.target.value })}
            />
            <p id={`${id}-media-alt-hint`} className="field-hint">
              What the picture shows, for those who cannot see it (at most 300 characters).
            </p>
          </div>
          <CheckField
            id={`${id}-media-decorative`}
            label="Decorative image"
            checked={media.decorative}
            disabled={disabled}
            onChange={(decorative) => onChange({ ...media, decorative, alt: decorative ? '' : media.alt })}
          />
        </>
      ) : (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-media-transcript`}>
            Transcript
          </label>
          <textarea
            id={`${id}-media-transcript`}
            className="field-input"
            rows={4}
            value={media.transcript}
            disabled={disabled}
            aria-invalid={invalid('media.transcript') || undefined}
            aria-describedby={describedBy(`${id}-media-transcript-hint`, invalid('media.transcript'), errorId)}
            onChange={(event) => onChange({ ...media, transcript: event.target.value })}
          />
          <p id={`${id}-media-transcript-hint`} className="field-hint">
            {media.kind === 'audio'
              ? 'Everything the sound says, for those who cannot hear it.'
              : 'Everything the video says, and what it shows that matters, for those who cannot hear or see it.'}
          </p>
        </div>
      )}
      <div className="row-actions">
        <button type="button" className="btn btn-secondary btn-small" aria-label={`Remove the ${noun}`} disabled={disabled} onClick={() => onChange(null)}>
          Remove
        </button>
      </div>
    </fieldset>
  )
}
