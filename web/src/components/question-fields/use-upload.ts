/**
 * One file uploaded at a time for a question (issue 30), as the question's media field and the
 * picture on an option or an item (picture-field.tsx) both do: a file over the server's limits is
 * refused at once in the server's words; any other is sent (`POST /api/media`) with its progress
 * kept, and can be cancelled. A refused upload keeps the server's words as they came (`error`); a
 * cancelled one keeps none. Leaving the page (or removing the question or the row) cancels it, and
 * an answer that comes after is ignored.
 */
import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/lib/api-client'
import { fileTooLarge, UPLOAD_FAILED, type UploadMedia, type UploadProgress } from '@/lib/media-upload'
import type { UploadedMedia } from '@/types/api'

export type Upload = {
  /** The bytes sent so far while a file is on its way; null otherwise. */
  progress: UploadProgress | null
  /** Why the last file was refused (before it was sent, or by the server); null when it was not. */
  error: string | null
  setError: (error: string | null) => void
  /**
   * Sends `file`, unless it is refused at once (false). `done` hears what the server stored, or
   * null when the upload failed or was cancelled.
   */
  start: (file: File, done: (uploaded: UploadedMedia | null) => void) => boolean
  cancel: () => void
}

/** The share of the file sent, 0 to 100. */
export const percent = ({ loaded, total }: UploadProgress) => (total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0)

export function useUpload(upload: UploadMedia): Upload {
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  // The upload running now; null once it is over, or when the field is gone (its answer is then ignored).
  const runningRef = useRef<AbortController | null>(null)

  useEffect(
    () => () => {
      const controller = runningRef.current
      runningRef.current = null
      controller?.abort()
    },
    [],
  )

  const start = (file: File, done: (uploaded: UploadedMedia | null) => void) => {
    const tooLarge = fileTooLarge(file)
    if (tooLarge) {
      setError(tooLarge)
      return false
    }
    const controller = new AbortController()
    runningRef.current = controller
    setError(null)
    setProgress({ loaded: 0, total: file.size })
    const over = () => {
      runningRef.current = null
      setProgress(null)
    }
    upload(file, (next) => runningRef.current === controller && setProgress(next), controller.signal).then(
      (uploaded) => {
        if (runningRef.current !== controller) return
        over()
        done(uploaded)
      },
      (failure: unknown) => {
        if (runningRef.current !== controller) return
        over()
        setError(controller.signal.aborted ? null : errorMessage(failure, UPLOAD_FAILED))
        done(null)
      },
    )
    return true
  }

  return { progress, error, setError, start, cancel: () => runningRef.current?.abort() }
}
