import { useLocation } from 'react-router'
import { MyQuizzes } from '@/features/host/components/my-quizzes'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useSession } from '@/lib/auth'

/**
 * /host/myQuizzes (also /host/myquizzes: routes match case-insensitively). A page that sends
 * the host here after a failure passes its text as `{ message }` in router state.
 */
export function HostMyQuizzesPage() {
  useDocumentTitle('My Quizzes')
  const { user, token } = useSession()
  const state = useLocation().state as { message?: unknown } | null
  const message = typeof state?.message === 'string' ? state.message : null
  return (
    <div className="page">
      <MyQuizzes signedIn={Boolean(user && token)} message={message} />
    </div>
  )
}
