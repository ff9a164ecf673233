/**
 * The host's quizzes (PRODUCT.md screen 10, section 8): a grid of cards from
 * GET /api/hostQuiz/myQuizzes, newest first, with links to create a quiz and to the
 * audience lists. `message` is a failure met on the way here (creating a generated quiz).
 */
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { getMyQuizzes, type MyQuiz } from '../api/host-api'
import { MY_QUIZZES_TEXTS } from '../utils/host-texts'
import { HostSectionHead } from './host-section-head'
import { QuizCard } from './quiz-card'

type LoadState = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'loaded'; quizzes: MyQuiz[] }

export function MyQuizzes({ signedIn, message }: { signedIn: boolean; message: string | null }) {
  const [state, setState] = useState<LoadState>(
    signedIn ? { status: 'loading' } : { status: 'failed', error: MY_QUIZZES_TEXTS.noUser },
  )
  const [now] = useState(() => Date.now())

  useEffect(() => {
    if (!signedIn) return
    let cancelled = false
    getMyQuizzes()
      .then((result) => {
        if (cancelled) return
        if (result.success) setState({ status: 'loaded', quizzes: Array.isArray(result.data) ? result.data : [] })
        else setState({ status: 'failed', error: result.error || MY_QUIZZES_TEXTS.failed })
      })
      .catch((error: unknown) => {
        console.error('Failed to fetch quizzes', error)
        if (!cancelled) setState({ status: 'failed', error: MY_QUIZZES_TEXTS.exception })
      })
    return () => {
      cancelled = true
    }
  }, [signedIn])

  return (
    <section className="my-quizzes" aria-labelledby="my-quizzes-title">
      <HostSectionHead
        title="My Quizzes"
        titleId="my-quizzes-title"
        link={{ to: '/host/audience', label: 'Audience Lists' }}
      />
      {message ? <Alert tone="error">{message}</Alert> : null}
      {state.status === 'loading' ? <Loading label="Loading quizzes..." /> : null}
      {state.status === 'failed' ? <Alert tone="error">{state.error}</Alert> : null}
      {state.status === 'loaded' && state.quizzes.length === 0 ? (
        <div className="empty-state">
          <p>{MY_QUIZZES_TEXTS.empty}</p>
          <Link className="btn btn-primary" to="/host/quiz">
            Host your first quiz
          </Link>
        </div>
      ) : null}
      {state.status === 'loaded' && state.quizzes.length > 0 ? (
        <ul className="quiz-grid" aria-label="Quizzes">
          {state.quizzes.map((quiz) => (
            <QuizCard key={quiz.id} quiz={quiz} now={now} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}
