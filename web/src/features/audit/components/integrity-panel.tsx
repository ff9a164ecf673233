/**
 * The log's integrity (GET /api/audit/integrity): "Verified up to position N, digest D" with Copy
 * and "Save digest" (a file `quizroom-digest-N.txt` holding `N:D`, to prove later), or an alert
 * naming the break; events not chained yet; how much this check verified; "Check again" (the
 * server's incrementally verified head) and, for auditors, "Recompute the whole log" (`full=true`).
 */
import { useCallback, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { CopyButton } from '@/components/ui/copy-button'
import { Loading } from '@/components/ui/loading'
import { useLoaded } from '@/hooks/use-loaded'
import { saveBlob } from '@/lib/save-file'
import { getIntegrity } from '../api/audit-api'
import type { Integrity } from '../api/audit-types'
import { timeText } from '../utils/audit-texts'
import { digestFileName, savedDigestText } from '../utils/digest'
import { AuditProblem } from './audit-problem'

function saveDigest(position: number, digest: string) {
  saveBlob(new Blob([`${savedDigestText(position, digest)}\n`], { type: 'text/plain' }), digestFileName(position))
}

function Report({ report }: { report: Integrity }) {
  const head = report.head
  const pending = `${report.pending} ${report.pending === 1 ? 'event is' : 'events are'} not chained yet (the chain runs a moment behind the log).`
  return (
    <>
      {report.intact ? null : (
        <Alert tone="error">
          The log is broken{report.broken?.position !== null && report.broken ? ` at position ${report.broken.position}` : ''}:{' '}
          {report.broken?.message || 'an event does not match its chain'}.
        </Alert>
      )}
      {head ? (
        <div className="audit-digest">
          <p>
            {report.intact ? 'Verified' : 'Chained'} up to position <strong>{head.position}</strong>, digest{' '}
            <code className="audit-digest-value" data-testid="audit-digest">
              {head.digest}
            </code>
          </p>
          <div className="section-actions">
            <CopyButton text={head.digest} label="Copy digest" />
            <button type="button" className="btn btn-secondary btn-small" onClick={() => saveDigest(head.position, head.digest)}>
              Save digest
            </button>
          </div>
        </div>
      ) : (
        <p>Nothing is chained yet.</p>
      )}
      <p className="muted">
        {report.verified} {report.verified === 1 ? 'event' : 'events'} verified. {pending} Checked {timeText(report.checkedAt)}.
      </p>
      <p className="muted">
        {report.mode === 'full'
          ? 'This check recomputed the whole log.'
          : `This check verified the ${report.checked} ${report.checked === 1 ? 'event' : 'events'} chained since the last one: each event is verified once, when it is chained. Recomputing the whole log also finds an event changed later.`}
      </p>
    </>
  )
}

export function IntegrityPanel({ auditor }: { auditor: boolean }) {
  const [full, setFull] = useState(false)
  const load = useCallback(() => getIntegrity(full), [full])
  const { state, retry } = useLoaded(load)
  const check = (whole: boolean) => {
    setFull(whole)
    retry()
  }
  return (
    <section className="audit-panel" aria-labelledby="audit-integrity-title">
      <h2 id="audit-integrity-title">Integrity of the log</h2>
      {state.status === 'loading' ? <Loading label="Verifying the log..." /> : null}
      {state.status === 'failed' ? <AuditProblem error={state.error} subject="event" fallback="Failed to verify the log" retry={retry} /> : null}
      {state.status === 'loaded' ? (
        <>
          <Report report={state.data} />
          <div className="section-actions">
            <button type="button" className="btn btn-secondary btn-small" onClick={() => check(false)}>
              Check again
            </button>
            {auditor ? (
              <button type="button" className="btn btn-secondary btn-small" onClick={() => check(true)}>
                Recompute the whole log
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  )
}
