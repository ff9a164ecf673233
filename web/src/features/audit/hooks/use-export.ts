/**
 * One export of a history at a time: its progress while it streams in, then the file handed to
 * the browser as a download; leaving the page stops it.
 */
import { useEffect, useRef, useState } from 'react'
import { saveBlob } from '@/lib/save-file'
import type { TimelineSubject } from '../api/audit-api'
import { exportHistory, type ExportProgress } from '../api/audit-export'
import type { ExportFormat } from '../api/audit-types'

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; format: ExportFormat; progress: ExportProgress }
  | { status: 'done'; format: ExportFormat; events: number; fileName: string }
  | { status: 'failed'; format: ExportFormat; error: unknown }

export function useExport(subject: TimelineSubject) {
  const [state, setState] = useState<ExportState>({ status: 'idle' })
  const running = useRef<AbortController | null>(null)

  useEffect(() => () => running.current?.abort(), [])

  const start = (format: ExportFormat) => {
    if (running.current) return
    const controller = new AbortController()
    running.current = controller
    setState({ status: 'running', format, progress: { events: 0, total: null } })
    exportHistory(subject, format, (progress) => setState({ status: 'running', format, progress }), controller.signal)
      .then(
        (file) => {
          saveBlob(file.blob, file.fileName)
          setState({ status: 'done', format, events: file.events, fileName: file.fileName })
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ status: 'failed', format, error })
        },
      )
      .finally(() => {
        if (running.current === controller) running.current = null
      })
  }

  return { state, start }
}
