/**
 * "Picture, sound or video": a question's media in the quiz editor and the generation review
 * (issue 30). Without media, a file picker with its label (a file may also be dropped on the
 * field; keyboard users use the picker). A file over the server's limits is refused at once in
 * the server's words; any other is uploaded (`POST /api/media`) with its progress shown and a
 * Cancel upload button, the question marked as uploading meanwhile (it cannot be saved). A refused
 * upload shows the server's words as they came. Once uploaded: the preview, the alt text or the
 * transcript, and Remove (media-details.tsx). Focus follows: to the alt text or transcript once
 * the file is in (when it was on the field), back to the picker after Remove or Cancel.
 */
import { useRef, useState, type DragEvent } from 'react'
import { useFocusNext } from '@/hooks/use-focus-next'
import { MEDIA_ACCEPT, uploadMedia, type UploadMedia } from '@/lib/media-upload'
import { MediaDetails } from './media-details'
import { fromUpload, isUploading, type MediaForm } from './media-form'
import { UploadStatus } from './upload-status'
import { useUpload } from './use-upload'

type MediaFieldProps = {
  media: MediaForm | null
  onChange: (media: MediaForm | null) => void
  /** The start of every id (the question's key). */
  id: string
  disabled: boolean
  /** Whether a save's message names the field (`media.alt`, `media.transcript`, `media.file`, …). */
  invalid: (field: string) => boolean
  /** The id of the question's error messages. */
  errorId: string
  /** Replaced in tests; the XMLHttpRequest upload otherwise. */
  upload?: UploadMedia
}

export const UPLOAD_UNREADABLE = 'The server did not say what it stored. Please upload the file again.'

export function MediaField({ media, onChange, id, disabled, invalid, errorId, upload = uploadMedia }: MediaFieldProps) {
  const { progress, error, setError, start, cancel } = useUpload(upload)
  const [dragging, setDragging] = useState(false)
  const fieldRef = useRef<HTMLDivElement | null>(null)
  const focusNextRef = useFocusNext()
  const inputId = `${id}-media`
  const hintId = `${id}-media-hint`
  const uploadErrorId = `${id}-media-error`
  const uploading = isUploading(media)

  const choose = (file: File | undefined) => {
    if (!file || disabled || uploading) return
    const started = start(file, (uploaded) => {
      if (!uploaded) {
        onChange(null)
        return
      }
      const next = fromUpload(uploaded)
      if (!next) {
        setError(UPLOAD_UNREADABLE)
        onChange(null)
        return
      }
      // Focus moves on to what is left to write, unless the host went on elsewhere meanwhile.
      const active = document.activeElement
      if (!active || active === document.body || fieldRef.current?.contains(active)) {
        focusNextRef.current = `${id}-media-${next.kind === 'image' ? 'alt' : 'transcript'}`
      }
      onChange(next)
    })
    if (started) onChange({ kind: 'uploading', name: file.name })
  }

  if (media && !isUploading(media)) {
    return (
      <MediaDetails
        media={media}
        onChange={(next) => {
          if (next === null) focusNextRef.current = inputId
          onChange(next)
        }}
        id={id}
        disabled={disabled}
        invalid={invalid}
        errorId={errorId}
      />
    )
  }

  const canDrop = !disabled && !uploading
  const onDragOver = (event: DragEvent) => {
    if (!canDrop) return
    event.preventDefault()
    setDragging(true)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (canDrop) choose(event.dataTransfer.files[0])
  }
  const described = [hintId, error ? uploadErrorId : null, invalid('media.file') ? errorId : null].filter(Boolean).join(' ')
  return (
    <div
      ref={fieldRef}
      className={`field media-field media-drop${dragging ? ' is-dragging' : ''}`}
      data-testid="media-field"
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label className="field-label" htmlFor={inputId}>
        Picture, sound or video
      </label>
      <input
        id={inputId}
        className="media-input"
        type="file"
        accept={MEDIA_ACCEPT}
        disabled={disabled || uploading}
        aria-invalid={error || invalid('media.file') ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          choose(event.target.files?.[0])
          // The same file may be chosen again (after a refusal, or once removed).
          event.target.value = ''
        }}
      />
      <p id={hintId} className="field-hint">
        Optional. A JPEG, PNG, GIF or WebP picture up to 10 MB, or MP3, Ogg or M4A sound or MP4 or WebM video up to 50 MB. You can
        also drop the file here.
      </p>
      {uploading ? (
        <UploadStatus
          id={`${id}-media-progress`}
          name={media.name}
          progress={progress}
          onCancel={() => {
            focusNextRef.current = inputId
            cancel()
          }}
        />
      ) : null}
      {error ? (
        <p id={uploadErrorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
