/**
 * A failed audit call in words (audit-texts: fixed texts for refused, missing and too many
 * reads), with "Try again" unless trying again cannot help.
 */
import { Alert } from '@/components/ui/alert'
import { auditErrorText, isFinalRefusal, type AuditSubject } from '../utils/audit-texts'

type Props = { error: unknown; subject: AuditSubject; fallback: string; retry?: () => void }

export function AuditProblem({ error, subject, fallback, retry }: Props) {
  return (
    <div className="audit-problem">
      <Alert tone="error">{auditErrorText(error, subject, fallback)}</Alert>
      {retry && !isFinalRefusal(error) ? (
        <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
