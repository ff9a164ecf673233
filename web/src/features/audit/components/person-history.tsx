/**
 * A person's history: their name and e-mail, their timeline (sign-up, verification, resets,
 * sessions ended, attempts, quizzes hosted, the wallet's ledger, audit reads) and its export.
 * Anyone may read their own; an auditor anyone's.
 */
import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import { AUDIT_PATH } from '@/lib/audit-links'
import { useSession } from '@/lib/auth'
import type { PersonDetails, TimelinePage } from '../api/audit-types'
import { isFinalRefusal } from '../utils/audit-texts'
import { AuditProblem } from './audit-problem'
import { ExportButtons } from './export-buttons'
import { Timeline } from './timeline'
import '@/components/table/table.css'
import '../audit.css'

export function PersonHistory({ userId }: { userId: string }) {
  const { user } = useSession()
  const own = user?.id === userId
  const [person, setPerson] = useState<PersonDetails | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const onLoaded = useCallback((page: TimelinePage) => setPerson(page.person), [])
  const onFailed = useCallback((error: unknown) => {
    if (isFinalRefusal(error)) setRefusal(error)
  }, [])

  const title = own ? 'My history' : person ? `History: ${person.name}` : 'History'
  return (
    <section className="card audit-card" aria-labelledby="audit-person-title">
      <div className="audit-head">
        <div>
          <p className="audit-crumb">
            <Link to={AUDIT_PATH}>Audit</Link>
          </p>
          <h1 id="audit-person-title">{title}</h1>
          {person ? (
            <dl className="audit-facts">
              <div>
                <dt>Name</dt>
                <dd>{person.name}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{person.email}</dd>
              </div>
            </dl>
          ) : null}
        </div>
        {refusal ? null : <ExportButtons subject={{ userId }} what={own ? 'my history' : 'the history'} />}
      </div>
      {refusal ? (
        <AuditProblem error={refusal} subject="person" fallback="Failed to load the history" />
      ) : (
        <Timeline subject={{ userId }} onLoaded={onLoaded} onFailed={onFailed} />
      )}
    </section>
  )
}
