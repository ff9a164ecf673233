import { MyQuizzes } from '../../features/host/components/my-quizzes'
import { useDocumentTitle } from '../../hooks/use-document-title'
import { useSession } from '../../lib/auth'

/** /host/myQuizzes (also /host/myquizzes: routes match case-insensitively). */
export function HostMyQuizzesPage() {
  useDocumentTitle('My Quizzes')
  const { user, token } = useSession()
  return (
    <div className="page">
      <MyQuizzes signedIn={Boolean(user && token)} />
    </div>
  )
}
