/**
 * "Picture": the picture on one option or item of a question (issue 30), in its row of the quiz
 * editor and the generation review, as compact as the row allows. Without a picture, a file
 * picker of pictures only: a sound or a video is refused at once (and so is one the server finds
 * is not a picture), a file over the server's limits too, in its words; any other is uploaded with
 * its progress and Cancel upload (use-upload.ts), the question marked as uploading meanwhile.
 * Once uploaded: a small preview, its Alt text with "Decorative image" (ticked, the alt text is
 * cleared and disabled), and Remove picture. Every name says which option or item it is for.
 * Focus follows: to the alt text once the file is in (when it was on the field), back to the
 * picker after Remove or Cancel. A field a save's message names for this picture (`media.alt`,
 * `media.file`, …) is marked invalid and described by the question's errors.
 */
import { useRef } from 'react'
import { useFocusNext } from '@/hooks/use-focus-next'
import { PICTURE_ACCEPT, uploadMedia, type UploadMedia } from '@/lib/media-upload'
import type { ServedPicture } from '@/types/api'
import { CheckField } from './field-parts'
import { UPLOAD_UNREADABLE } from './media-field'
import { fromUpload, isUploading, type PictureForm } from './media-form'
import { UploadStatus } from './upload-status'
import { useUpload } from './use-upload'

type PictureFieldProps = {
  picture: PictureForm | null
  /**
   * The picture as uploaded or edited (null: removed). An upload's answer comes later: the change
   * must go to the option or item as it is by then (by its key: `setPicture`), not as it was.
   */
  onChange: (picture: PictureForm | null) => void
  /** The start of its ids (the row's id). */
  id: string
  /** What it is on, as the names say it: 'option 2', 'option A', 'item 3'. */
  of: string
  disabled: boolean
  /** Whether a save's message names this picture's field (`media.alt`, `media.file`, …). */
  invalid: (field: string) => boolean
  /** The id of the question's error messages. */
  errorId: string
  /** Replaced in tests; the XMLHttpRequest upload otherwise. */
  upload?: UploadMedia
}

export const PICTURE_ONLY = 'Only a picture can go on an option or an item: choose a JPEG, PNG, GIF or WebP image.'

/** `aria-describedby` of a field: its own, and the question's errors when they name it. */
const describedBy = (ids: Array<string | null>) => ids.filter(Boolean).join(' ') || undefined

type DetailsProps = Omit<PictureFieldProps, 'picture' | 'upload'> & { picture: ServedPicture; onRemove: () => void }

function PictureDetails({ picture, onChange, onRemove, id, of, disabled, invalid, errorId }: DetailsProps) {
  const fileInvalid = invalid('media.phone') || invalid('media.projector') || invalid('media.file')
  const { phone } = picture
  return (
    <div
      className={`picture-field picture-details${fileInvalid ? ' is-invalid' : ''}`}
      role="group"
      aria-label={`Picture for ${of}`}
      aria-describedby={fileInvalid ? errorId : undefined}
    >
      {/* The alt text beside it says what it shows; the preview adds nothing to read. */}
      <img className="picture-preview" src={phone.url} alt="" width={phone.width ?? undefined} height={phone.height ?? undefined} decoding="async" />
      <div className="field picture-alt">
        <label className="field-label" htmlFor={`${id}-picture-alt`}>
          Alt text <span className="visually-hidden">of the picture for {of}</span>
        </label>
        <input
          id={`${id}-picture-alt`}
          className="field-input"
          value={picture.alt}
          disabled={disabled || picture.decorative}
          aria-invalid={invalid('media.alt') || undefined}
          aria-describedby={describedBy([`${id}-picture-alt-hint`, invalid('media.alt') ? errorId : null])}
          onChange={(event) => onChange({ ...picture, alt: event.target.value })}
        />
        <p id={`${id}-picture-alt-hint`} className="field-hint">
          What it shows, for those who cannot see it.
        </p>
      </div>
      <CheckField
        id={`${id}-picture-decorative`}
        label={
          <>
            Decorative image <span className="visually-hidden">for {of}</span>
          </>
        }
        checked={picture.decorative}
        disabled={disabled}
        onChange={(decorative) => onChange({ ...picture, decorative, alt: decorative ? '' : picture.alt })}
      />
      <button type="button" className="btn btn-ghost btn-small" aria-label={`Remove picture for ${of}`} disabled={disabled} onClick={onRemove}>
        Remove picture
      </button>
    </div>
  )
}

export function PictureField({ picture, onChange, id, of, disabled, invalid, errorId, upload = uploadMedia }: PictureFieldProps) {
  const { progress, error, setError, start, cancel } = useUpload(upload)
  const fieldRef = useRef<HTMLDivElement | null>(null)
  const focusNextRef = useFocusNext()
  const inputId = `${id}-picture`
  const errorOfUpload = `${id}-picture-error`
  const uploading = isUploading(picture)

  const choose = (file: File | undefined) => {
    if (!file || disabled || uploading) return
    // A file the browser types as something else is no picture; one it cannot type, the server tells.
    if (file.type !== '' && !file.type.startsWith('image/')) {
      setError(PICTURE_ONLY)
      return
    }
    const started = start(file, (uploaded) => {
      const next = uploaded ? fromUpload(uploaded) : null
      if (uploaded && next?.kind !== 'image') setError(next ? PICTURE_ONLY : UPLOAD_UNREADABLE)
      if (next?.kind !== 'image') {
        onChange(null)
        return
      }
      // Focus moves on to the alt text, unless the host went on elsewhere meanwhile.
      const active = document.activeElement
      if (!active || active === document.body || fieldRef.current?.contains(active)) focusNextRef.current = `${id}-picture-alt`
      onChange(next)
    })
    if (started) onChange({ kind: 'uploading', name: file.name })
  }

  if (picture && !isUploading(picture)) {
    return (
      <PictureDetails
        picture={picture}
        onChange={onChange}
        onRemove={() => {
          focusNextRef.current = inputId
          onChange(null)
        }}
        id={id}
        of={of}
        disabled={disabled}
        invalid={invalid}
        errorId={errorId}
      />
    )
  }

  const fileInvalid = invalid('media.file')
  return (
    <div ref={fieldRef} className="field picture-field">
      <label className="field-label" htmlFor={inputId}>
        Picture <span className="visually-hidden">for {of}</span>
      </label>
      <input
        id={inputId}
        className="media-input"
        type="file"
        accept={PICTURE_ACCEPT}
        disabled={disabled || uploading}
        aria-invalid={error || fileInvalid ? true : undefined}
        aria-describedby={describedBy([`${id}-picture-hint`, error ? errorOfUpload : null, fileInvalid ? errorId : null])}
        onChange={(event) => {
          choose(event.target.files?.[0])
          // The same file may be chosen again (after a refusal, or once removed).
          event.target.value = ''
        }}
      />
      <p id={`${id}-picture-hint`} className="field-hint">
        Optional. A JPEG, PNG, GIF or WebP picture up to 10 MB.
      </p>
      {uploading ? (
        <UploadStatus
          id={`${id}-picture-progress`}
          name={picture.name}
          progress={progress}
          cancelLabel={`Cancel the upload of the picture for ${of}`}
          onCancel={() => {
            focusNextRef.current = inputId
            cancel()
          }}
        />
      ) : null}
      {error ? (
        <p id={errorOfUpload} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
