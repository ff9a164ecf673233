import { useCallback } from 'react'
import { useNavigate, useParams } from 'react-router'
import { ViewQuiz } from '@/features/host/components/view-quiz'
import { parseCategoryId } from '@/features/host/utils/quiz-format'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** /host/viewQuiz/:categoryId: the quiz's header and question editor (host only). */
export function HostViewQuizPage() {
  useDocumentTitle('View Quiz')
  const { categoryId } = useParams()
  const navigate = useNavigate()
  const onSaved = useCallback(() => {
    void navigate('/host/myQuizzes')
  }, [navigate])
  return (
    <div className="page">
      <ViewQuiz key={categoryId} rawId={categoryId} categoryId={parseCategoryId(categoryId)} onSaved={onSaved} />
    </div>
  )
}
