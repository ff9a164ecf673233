/**
 * A file on its way (issue 30): "Uploading map.jpg…" labelling its progress bar, the share sent,
 * and Cancel upload; the question's media field and the picture on an option or an item show it.
 */
import type { UploadProgress } from '@/lib/media-upload'
import { percent } from './use-upload'

type UploadStatusProps = {
  /** The progress bar's id. */
  id: string
  name: string
  progress: UploadProgress | null
  onCancel: () => void
  /** The Cancel button's name when "Cancel upload" would not say which (several on a page). */
  cancelLabel?: string
}

export function UploadStatus({ id, name, progress, onCancel, cancelLabel }: UploadStatusProps) {
  const sent = progress ? percent(progress) : 0
  return (
    <div className="media-upload">
      <label htmlFor={id}>Uploading {name}…</label>
      <progress id={id} max={100} value={sent} />
      <span className="media-upload-percent" aria-hidden="true">
        {sent}%
      </span>
      <button type="button" className="btn btn-secondary btn-small" aria-label={cancelLabel} onClick={onCancel}>
        Cancel upload
      </button>
    </div>
  )
}
