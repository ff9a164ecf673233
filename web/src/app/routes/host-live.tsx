import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { LiveSettingsForm } from '@/features/live/components/live-settings-form'
import { Presenter } from '@/features/live/components/presenter'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { presenterPath, quizIdFrom } from '@/lib/live-links'

export const INVALID_QUIZ_ID = 'Choose a quiz to run live from My Quizzes or the categories.'

/** /host/live?quizId=N: the settings of a new live game; "Open the lobby" goes to its presenter view. */
export function HostLivePage() {
  useDocumentTitle('Host a live game')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const quizId = quizIdFrom(params.get('quizId'))
  return (
    <div className="page narrow">
      {quizId === null ? (
        <section className="card quiz-message" aria-labelledby="live-choose-title">
          <h1 id="live-choose-title">Host a live game</h1>
          <Alert tone="info">{INVALID_QUIZ_ID}</Alert>
          <div className="section-actions">
            <Link className="btn btn-primary" to="/host/myQuizzes">
              My Quizzes
            </Link>
            <Link className="btn btn-secondary" to="/play/categories">
              Categories
            </Link>
          </div>
        </section>
      ) : (
        <LiveSettingsForm quizId={quizId} onOpened={(gameId) => navigate(presenterPath(gameId))} />
      )}
    </div>
  )
}

/** /host/live/:gameId: the presenter view for the projector (the host only). */
export function HostLiveGamePage() {
  useDocumentTitle('Live game')
  const { gameId = '' } = useParams()
  return (
    <div className="page live-page">
      <Presenter key={gameId} gameId={gameId} />
    </div>
  )
}
