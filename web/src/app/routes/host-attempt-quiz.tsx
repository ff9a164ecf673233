import { useNavigate, useSearchParams } from 'react-router'
import { JoinQuiz } from '@/features/host/components/join-quiz'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useSession } from '@/lib/auth'

/** /host/attemptQuiz?code=…: the sharable join link. */
export function HostAttemptQuizPage() {
  useDocumentTitle('Join Quiz')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { user } = useSession()
  return (
    <JoinQuiz
      initialCode={params.get('code') ?? ''}
      email={user?.email || null}
      onJoin={(quiz) => navigate('/play/quiz', { state: { category_id: quiz.id, category_name: quiz.title } })}
    />
  )
}
