/**
 * The audit home (/audit): the log's integrity and the proof of a saved digest, search, and the
 * way to one's own history and, for auditors (GET /api/audit/me), the global leaderboard over time.
 */
import { Link } from 'react-router'
import { useLoaded } from '@/hooks/use-loaded'
import { AUDIT_LEADERBOARD_PATH, auditPersonPath } from '@/lib/audit-links'
import { useSession } from '@/lib/auth'
import { getAuditRole } from '../api/audit-api'
import { AuditSearch } from './audit-search'
import { IntegrityPanel } from './integrity-panel'
import { ProveDigestForm } from './prove-digest-form'
import '../audit.css'

export function AuditHome() {
  const { user } = useSession()
  const { state } = useLoaded(getAuditRole)
  const auditor = state.status === 'loaded' && state.data.auditor
  const userId = (state.status === 'loaded' && state.data.userId) || user?.id || ''
  return (
    <section className="card audit-card" aria-labelledby="audit-home-title">
      <div className="audit-head">
        <div>
          <h1 id="audit-home-title">Audit</h1>
          <p className="muted">
            {auditor
              ? 'You are an auditor: you may read the history of every quiz, attempt and person.'
              : 'Read the history of your own quizzes and your own history, as the log recorded them.'}
          </p>
        </div>
        <nav className="section-actions" aria-label="Audit">
          {userId ? (
            <Link className="btn btn-secondary" to={auditPersonPath(userId)}>
              My history
            </Link>
          ) : null}
          {auditor ? (
            <Link className="btn btn-secondary" to={AUDIT_LEADERBOARD_PATH}>
              Global leaderboard over time
            </Link>
          ) : null}
        </nav>
      </div>
      <AuditSearch auditor={auditor} />
      <div className="audit-columns">
        <IntegrityPanel auditor={auditor} />
        <ProveDigestForm />
      </div>
    </section>
  )
}
