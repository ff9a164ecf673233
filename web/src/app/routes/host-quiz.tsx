import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { HostQuizForm } from '@/features/host/components/host-quiz-form'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** /host/quiz: create a quiz from a spreadsheet; 2 s after 'Quiz Created!' it goes to My Quizzes. */
export function HostQuizPage() {
  useDocumentTitle('Host Quiz')
  const navigate = useNavigate()
  const onCreated = useCallback(() => {
    void navigate('/host/myquizzes')
  }, [navigate])
  return (
    <div className="page">
      <HostQuizForm onCreated={onCreated} />
    </div>
  )
}
