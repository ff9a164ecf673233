/**
 * An attempt's sheet as it was scored (GET /api/audit/attempts/{id}): the quiz (linking to its
 * audit), the player, the version served, when it started, its deadline and submission, who
 * submitted it (the player, or the server at the deadline), the accommodations it started with
 * (in words, as the host's results say them; none, no line), a late note, the result, a granted
 * retake, and every question with the options, key and answer.
 */
import { useCallback, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { useLoaded } from '@/hooks/use-loaded'
import { accommodationText } from '@/lib/accommodation'
import { AUDIT_PATH, auditPersonPath, auditQuizPath } from '@/lib/audit-links'
import { getAttemptSheet } from '../api/audit-api'
import type { AttemptSheet as Sheet } from '../api/audit-types'
import { NONE, REASON_TEXTS, timeText } from '../utils/audit-texts'
import { AuditProblem } from './audit-problem'
import { SheetQuestions } from './sheet-questions'
import '@/components/table/table.css'
import '../audit.css'

function resultText(sheet: Sheet): string {
  if (sheet.score === null) return NONE
  return `${sheet.score}/${sheet.total ?? NONE} right, ${sheet.points ?? 0} points`
}

function Facts({ sheet }: { sheet: Sheet }) {
  const accommodation = accommodationText(sheet.accommodation)
  const facts: Array<[string, ReactNode]> = [
    ['Player', sheet.player.id ? <Link to={auditPersonPath(sheet.player.id)}>{sheet.player.name}</Link> : sheet.player.name || NONE],
    ['Quiz version', sheet.quizVersion || NONE],
    ['Started', timeText(sheet.startedAt)],
    ['Deadline', timeText(sheet.deadline)],
    // Next to the deadline, which already includes the extra time; no line when there were none.
    ...(accommodation ? [['Accommodations', accommodation] satisfies [string, ReactNode]] : []),
    ['Submitted', sheet.submittedAt ? timeText(sheet.submittedAt) : 'Not submitted yet'],
    ['How', sheet.reason ? REASON_TEXTS[sheet.reason] : NONE],
    ['Result', resultText(sheet)],
  ]
  if (sheet.retakeGrantedAt || sheet.retakeGrantedBy) {
    facts.push(['Retake granted', `by ${sheet.retakeGrantedBy?.name ?? NONE} at ${timeText(sheet.retakeGrantedAt)}`])
  }
  return (
    <dl className="audit-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function AttemptSheet({ attemptId }: { attemptId: string }) {
  const load = useCallback(() => getAttemptSheet(attemptId), [attemptId])
  const { state, retry } = useLoaded(load)

  if (state.status === 'loading') return <Loading label="Loading the attempt..." />
  if (state.status === 'failed') {
    return (
      <section className="card audit-card" aria-labelledby="audit-sheet-title">
        <h1 id="audit-sheet-title">Attempt sheet</h1>
        <AuditProblem error={state.error} subject="attempt" fallback="Failed to load the attempt" retry={retry} />
        <Link className="btn btn-secondary" to={AUDIT_PATH}>
          Back to Audit
        </Link>
      </section>
    )
  }
  const sheet = state.data
  return (
    <section className="card audit-card" aria-labelledby="audit-sheet-title">
      <p className="audit-crumb">
        <Link to={AUDIT_PATH}>Audit</Link> / <Link to={auditQuizPath(sheet.quizId)}>{sheet.quizTitle || `Quiz ${sheet.quizId}`}</Link>
      </p>
      <h1 id="audit-sheet-title">Attempt sheet: {sheet.player.name || 'a player'}</h1>
      <p className="muted">
        Attempt {sheet.attemptId} on <Link to={auditQuizPath(sheet.quizId)}>{sheet.quizTitle || `quiz ${sheet.quizId}`}</Link>
      </p>
      <Facts sheet={sheet} />
      {sheet.late ? (
        <p className="audit-note" role="note">
          Submitted after the deadline: only the answers saved in time counted.
        </p>
      ) : null}
      {sheet.retakeGrantedAt ? (
        <p className="audit-note" role="note">
          The host granted a retake of this attempt: it no longer counts.
        </p>
      ) : null}
      <SheetQuestions questions={sheet.questions} />
    </section>
  )
}
