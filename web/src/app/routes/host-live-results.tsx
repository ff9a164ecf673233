import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { GameResults } from '@/features/live/components/game-results'
import { QuizGames } from '@/features/live/components/quiz-games'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { quizIdFrom } from '@/lib/live-links'

export const NO_QUIZ_FOR_GAMES = 'Choose a quiz in My Quizzes to see its live games.'

/**
 * /host/live/games?quizId=N: the host's live games of a quiz (from its card in My Quizzes, which
 * passes the quiz's name as `{ title }` in router state).
 */
export function HostLiveGamesPage() {
  useDocumentTitle('Live games')
  const [params] = useSearchParams()
  const quizId = quizIdFrom(params.get('quizId'))
  const state = useLocation().state as { title?: unknown } | null
  const title = typeof state?.title === 'string' ? state.title : undefined
  return (
    <div className="page">
      {quizId === null ? (
        <section className="card quiz-message" aria-labelledby="live-games-choose-title">
          <h1 id="live-games-choose-title">Live games</h1>
          <Alert tone="info">{NO_QUIZ_FOR_GAMES}</Alert>
          <Link className="btn btn-primary" to="/host/myQuizzes">
            My Quizzes
          </Link>
        </section>
      ) : (
        <QuizGames key={quizId} quizId={quizId} title={title} />
      )}
    </div>
  )
}

/** /host/live/:gameId/results: a live game's full results and their CSV (the host only). */
export function HostLiveResultsPage() {
  useDocumentTitle('Live game results')
  const { gameId = '' } = useParams()
  return (
    <div className="page">
      <GameResults key={gameId} gameId={gameId} />
    </div>
  )
}
