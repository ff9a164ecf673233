/**
 * The auditor's screens (issue 13, docs/audit-api.md), signed-in only and loaded on first visit
 * (one chunk for all of them): the audit home, a quiz's audit, an attempt's sheet, a person's
 * history, and the global leaderboard over time.
 */
import { useParams } from 'react-router'
import { AttemptSheet } from '@/features/audit/components/attempt-sheet'
import { AuditHome } from '@/features/audit/components/audit-home'
import { GlobalLeaderboard } from '@/features/audit/components/global-leaderboard'
import { PersonHistory } from '@/features/audit/components/person-history'
import { QuizAudit } from '@/features/audit/components/quiz-audit'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { quizIdFrom } from '@/lib/live-links'
import { NotFoundPage } from './not-found'

/** /audit */
export function AuditHomePage() {
  useDocumentTitle('Audit')
  return (
    <div className="page">
      <AuditHome />
    </div>
  )
}

/** /audit/quizzes/:quizId (`?tab=standings` opens the standings). */
export function AuditQuizPage() {
  useDocumentTitle('Quiz audit')
  const quizId = quizIdFrom(useParams().quizId ?? null)
  if (quizId === null) return <NotFoundPage />
  return (
    <div className="page">
      <QuizAudit key={quizId} quizId={quizId} />
    </div>
  )
}

/** /audit/attempts/:attemptId */
export function AuditAttemptPage() {
  useDocumentTitle('Attempt sheet')
  const { attemptId = '' } = useParams()
  return (
    <div className="page">
      <AttemptSheet key={attemptId} attemptId={attemptId} />
    </div>
  )
}

/** /audit/people/:userId */
export function AuditPersonPage() {
  useDocumentTitle('History')
  const { userId = '' } = useParams()
  return (
    <div className="page">
      <PersonHistory key={userId} userId={userId} />
    </div>
  )
}

/** /audit/leaderboard (auditors only; the server refuses anyone else). */
export function AuditLeaderboardPage() {
  useDocumentTitle('Global leaderboard over time')
  return (
    <div className="page">
      <GlobalLeaderboard />
    </div>
  )
}
