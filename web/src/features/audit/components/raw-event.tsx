/**
 * The "Raw event" disclosure of a timeline entry: the first opening fetches the event as stored
 * (GET /api/audit/events/{position}; secrets read "[redacted]") and shows its JSON.
 */
import { useId, useState } from 'react'
import { getRawEvent } from '../api/audit-api'
import type { RawEvent as Raw } from '../api/audit-types'
import { auditErrorText } from '../utils/audit-texts'

type State = { status: 'idle' | 'loading' } | { status: 'loaded'; event: Raw } | { status: 'failed'; error: unknown }

export function RawEvent({ position }: { position: number }) {
  const [open, setOpen] = useState(false)
  const [state, setState] = useState<State>({ status: 'idle' })
  const panelId = useId()

  const toggle = () => {
    const opening = !open
    setOpen(opening)
    if (opening && (state.status === 'idle' || state.status === 'failed')) {
      setState({ status: 'loading' })
      getRawEvent(position).then(
        (event) => setState({ status: 'loaded', event }),
        (error: unknown) => setState({ status: 'failed', error }),
      )
    }
  }

  return (
    <div className="audit-raw">
      <button type="button" className="btn btn-link btn-small" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
        Raw event <span className="visually-hidden">#{position}</span>
      </button>
      <div id={panelId} className="audit-raw-panel" hidden={!open}>
        {state.status === 'loading' ? <p className="muted">Loading the event...</p> : null}
        {state.status === 'failed' ? (
          <p className="field-error" role="alert">
            {auditErrorText(state.error, 'event', 'Failed to load the event')}
          </p>
        ) : null}
        {state.status === 'loaded' ? (
          // A scrollable region: focusable so keyboard users can scroll it, and a named region
          // (a plain <pre> may not carry a name, issue 15).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <pre className="audit-raw-json" tabIndex={0} role="region" aria-label={`Event #${position} as stored`}>
            {JSON.stringify(state.event, null, 2)}
          </pre>
        ) : null}
      </div>
    </div>
  )
}
