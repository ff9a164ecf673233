/**
 * "Export JSON lines" and "Export CSV" of a history: the file streams in with a progress bar
 * (events received of the number the server announced), then downloads.
 */
import { useId } from 'react'
import type { TimelineSubject } from '../api/audit-api'
import type { ExportFormat } from '../api/audit-types'
import { useExport, type ExportState } from '../hooks/use-export'
import { auditErrorText, type AuditSubject } from '../utils/audit-texts'

const FORMAT_NAMES: Record<ExportFormat, string> = { jsonl: 'JSON lines', csv: 'CSV' }

/** "12 of 40 events", or "12 events" when the total is unknown. */
export function progressText(events: number, total: number | null): string {
  const unit = (total ?? events) === 1 ? 'event' : 'events'
  return total === null ? `${events} ${unit}` : `${events} of ${total} ${unit}`
}

function ExportStatus({ state, labelId, subject }: { state: ExportState; labelId: string; subject: AuditSubject }) {
  if (state.status === 'running') {
    const { events, total } = state.progress
    return (
      <div className="audit-export-progress">
        <span id={labelId}>Exporting {FORMAT_NAMES[state.format]}: {progressText(events, total)}</span>
        <progress aria-labelledby={labelId} max={total ?? undefined} value={total === null ? undefined : Math.min(events, total)} />
      </div>
    )
  }
  if (state.status === 'done') {
    return (
      <p className="audit-export-done" role="status">
        Exported {progressText(state.events, null)} to {state.fileName}.
      </p>
    )
  }
  if (state.status === 'failed') {
    return (
      <p className="field-error" role="alert">
        {auditErrorText(state.error, subject, 'Failed to export the history')}
      </p>
    )
  }
  return null
}

export function ExportButtons({ subject, what }: { subject: TimelineSubject; what: string }) {
  const { state, start } = useExport(subject)
  const labelId = useId()
  const busy = state.status === 'running'
  return (
    <section className="audit-export" aria-label={`Export ${what}`}>
      <div className="section-actions">
        {(['jsonl', 'csv'] as const).map((format) => (
          <button key={format} type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => start(format)}>
            Export {FORMAT_NAMES[format]}
          </button>
        ))}
      </div>
      <ExportStatus state={state} labelId={labelId} subject={'quizId' in subject ? 'quiz' : 'person'} />
    </section>
  )
}
