/**
 * A quiz's audit: its title, code and host, the export of its whole history, and two tabs: its
 * timeline (filters, load more, raw events, attempt sheets) and its standings over time. The tab
 * is kept in the address (`?tab=standings`). A refusal (not the caller's to audit, or no such
 * quiz) replaces the screen.
 */
import { useCallback, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { AUDIT_PATH, auditPersonPath } from '@/lib/audit-links'
import type { QuizRef, TimelinePage } from '../api/audit-types'
import { isFinalRefusal, NONE } from '../utils/audit-texts'
import { AuditProblem } from './audit-problem'
import { AuditTabs } from './audit-tabs'
import { ExportButtons } from './export-buttons'
import { StandingsPanel } from './standings-panel'
import { Timeline } from './timeline'
import '@/components/table/table.css'
import '../audit.css'

type TabKey = 'timeline' | 'standings'

export function QuizAudit({ quizId }: { quizId: number }) {
  const [params, setParams] = useSearchParams()
  const tab: TabKey = params.get('tab') === 'standings' ? 'standings' : 'timeline'
  const [quiz, setQuiz] = useState<QuizRef | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)

  const onLoaded = useCallback((page: TimelinePage) => setQuiz(page.quiz), [])
  const onFailed = useCallback((error: unknown) => {
    if (isFinalRefusal(error)) setRefusal(error)
  }, [])
  const select = (key: TabKey) => setParams(key === 'timeline' ? {} : { tab: key }, { replace: true })

  if (refusal) {
    return (
      <section className="card audit-card" aria-labelledby="audit-refused-title">
        <h1 id="audit-refused-title">Quiz audit</h1>
        <AuditProblem error={refusal} subject="quiz" fallback="Failed to load the quiz" />
        <Link className="btn btn-secondary" to={AUDIT_PATH}>
          Back to Audit
        </Link>
      </section>
    )
  }

  return (
    <section className="card audit-card" aria-labelledby="audit-quiz-title">
      <div className="audit-head">
        <div>
          <p className="audit-crumb">
            <Link to={AUDIT_PATH}>Audit</Link>
          </p>
          <h1 id="audit-quiz-title">{quiz ? `Audit: ${quiz.title || `Quiz ${quizId}`}` : `Audit: quiz ${quizId}`}</h1>
          <dl className="audit-facts">
            <div>
              <dt>Code</dt>
              <dd>
                <code>{quiz?.code ?? NONE}</code>
              </dd>
            </div>
            <div>
              <dt>Host</dt>
              <dd>{quiz?.host ? <Link to={auditPersonPath(quiz.host.id)}>{quiz.host.name}</Link> : NONE}</dd>
            </div>
            <div>
              <dt>Quiz id</dt>
              <dd>{quizId}</dd>
            </div>
          </dl>
        </div>
        <ExportButtons subject={{ quizId }} what="the quiz's history" />
      </div>
      <AuditTabs<TabKey>
        label="Quiz audit"
        selected={tab}
        onSelect={select}
        tabs={[
          { key: 'timeline', label: 'Timeline', panel: () => <Timeline subject={{ quizId }} personFilter onLoaded={onLoaded} onFailed={onFailed} /> },
          { key: 'standings', label: 'Standings', panel: () => <StandingsPanel quizId={quizId} onQuiz={setQuiz} onFailed={onFailed} /> },
        ]}
      />
    </section>
  )
}
