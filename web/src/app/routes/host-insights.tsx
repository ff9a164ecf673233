import { Link, useLocation, useParams } from 'react-router'
import { QuizTabs } from '@/components/quiz-tabs/quiz-tabs'
import { FeedbackModal } from '@/features/host/components/feedback-modal'
import { QuizInsights } from '@/features/insights/components/quiz-insights'
import { INSIGHTS_TEXTS } from '@/features/insights/utils/insights-texts'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** A positive whole number from the address, or null. */
function quizIdFrom(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * /host/insights/:categoryId: a hosted quiz's insights for its host, a tab beside its Results. A
 * player's submission opens in the results screen's Feedback Summary (the host feature's), which
 * this page lends to the insights feature.
 */
export function HostInsightsPage() {
  useDocumentTitle('Quiz Insights')
  const params = useParams()
  const state = useLocation().state as { title?: unknown } | null
  const title = typeof state?.title === 'string' ? state.title : undefined
  const quizId = quizIdFrom(params.categoryId)

  if (quizId === null) {
    return (
      <section className="page narrow center">
        <h1>Insights unavailable</h1>
        <p className="error-text">{INSIGHTS_TEXTS.noQuiz}</p>
        <Link to="/host/myQuizzes" className="btn btn-primary">
          Go to My Quizzes
        </Link>
      </section>
    )
  }
  return (
    <div className="page">
      <QuizTabs quizId={quizId} title={title} />
      <QuizInsights key={quizId} quizId={quizId} titleFromState={title} Submission={FeedbackModal} />
    </div>
  )
}
