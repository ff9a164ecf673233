import { Link, useLocation, useParams } from 'react-router'
import { QuizTabs } from '@/components/quiz-tabs/quiz-tabs'
import { QuizResults } from '@/features/host/components/quiz-results'
import { RESULTS_TEXTS } from '@/features/host/utils/host-texts'
import { parseCategoryId } from '@/features/host/utils/quiz-format'
import { useDocumentTitle } from '@/hooks/use-document-title'

/**
 * /host/viewResult/:categoryId: a quiz's results, a tab beside its Insights; the title may come in
 * the navigation state.
 */
export function HostViewResultPage() {
  useDocumentTitle('Quiz Results')
  const params = useParams()
  const location = useLocation()
  const categoryId = parseCategoryId(params.categoryId)
  const state = (location.state ?? null) as { title?: unknown } | null
  const title = typeof state?.title === 'string' ? state.title : undefined

  if (categoryId === null) {
    return (
      <section className="page narrow center">
        <h1>Error</h1>
        <p className="error-text">{RESULTS_TEXTS.invalidId}</p>
        <Link to="/host/myQuizzes" className="btn btn-primary">
          Back to My Quizzes
        </Link>
      </section>
    )
  }
  return (
    <div className="page">
      <QuizTabs quizId={categoryId} title={title} />
      <QuizResults key={categoryId} categoryId={categoryId} titleFromState={title} />
    </div>
  )
}
