/**
 * The quiz-taking screen (PRODUCT.md screen 8), driven by the play machine. This component
 * wires the machine to the API, the WebSocket hub (outside the machine: messages become
 * `server.*` events), the keyboard (A–D, ← →), and the leave warning.
 */
import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useMemo } from 'react'
import { Link } from 'react-router'
import { fromPromise } from 'xstate'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { useLeaveWarning } from '@/hooks/use-leave-warning'
import {
  getQuestions,
  saveAnswer,
  startAttempt,
  submitScore,
  type Attempt,
  type Letter,
  type QuestionsResponse,
  type ScoreResult,
} from '../api/play-api'
import { useAttemptHub, type AttemptHubEvent } from '../hooks/use-attempt-hub'
import { answerSaverFrom, playMachine, questionStatus, type SubmitInput } from '../machines/play.machine'
import { LEAVE_WARNING } from '../utils/play-texts'
import { QuestionNavigator } from './question-navigator'
import { QuestionView } from './question-view'
import { QuizResults } from './quiz-results'
import { QuizTimer } from './quiz-timer'
import { ReviewSummary } from './review-summary'
import '../play.css'

type QuizPlayerProps = {
  categoryId: number | null
  categoryName?: string
  userId: string
  onCategories: () => void
  onLeaderboard: () => void
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT'
}

const playActors = {
  fetchQuestions: fromPromise<QuestionsResponse, { categoryId: number }>(({ input }) => getQuestions(input.categoryId)),
  startAttempt: fromPromise<Attempt, { categoryId: number }>(({ input }) => startAttempt(input.categoryId)),
  submitQuiz: fromPromise<ScoreResult, SubmitInput>(({ input }) => submitScore(input)),
  answerSaver: answerSaverFrom(({ attemptId, ...answer }) =>
    saveAnswer(attemptId, answer).catch((error: unknown) => {
      console.error('Failed to save the answer', error)
      throw error
    }),
  ),
}

export function QuizPlayer({ categoryId, categoryName, userId, onCategories, onLeaderboard }: QuizPlayerProps) {
  const machine = useMemo(() => playMachine.provide({ actors: playActors }), [])
  const [state, send] = useMachine(machine, { input: { categoryId, userId } })
  const { context } = state
  const inProgress = state.hasTag('inProgress')
  const taking = state.matches({ inProgress: 'taking' })

  useLeaveWarning(inProgress, LEAVE_WARNING)

  const forward = useCallback((event: AttemptHubEvent) => send(event), [send])
  const { leaderboard } = useAttemptHub({
    attemptId: context.attemptId,
    categoryId: context.categoryId,
    onEvent: forward,
  })

  useEffect(() => {
    if (!taking) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (isTypingTarget(event.target)) return
      const key = event.key.toUpperCase()
      if (key === 'A' || key === 'B' || key === 'C' || key === 'D') {
        event.preventDefault()
        send({ type: 'answer.select', option: key as Letter })
      } else if (event.key === 'ArrowRight') {
        event.preventDefault()
        send({ type: 'question.next' })
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault()
        send({ type: 'question.prev' })
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [taking, send])

  const statusOf = useCallback((questionId: number) => questionStatus(context, questionId), [context])

  if (state.matches('error')) {
    return (
      <section className="card quiz-message" aria-labelledby="quiz-error-title">
        <h1 id="quiz-error-title">Quiz unavailable</h1>
        <Alert tone="error">{context.error}</Alert>
        <Link to="/play/categories" className="btn btn-primary">
          Go to Categories
        </Link>
      </section>
    )
  }

  if (state.hasTag('loading')) return <Loading label="Loading quiz..." />

  if (state.matches('results') && context.result) {
    return (
      <QuizResults
        result={context.result}
        timedOut={context.submitReason === 'timeout'}
        leaderboard={leaderboard}
        onCategories={onCategories}
        onLeaderboard={onLeaderboard}
      />
    )
  }

  const question = context.questions[context.current]
  const title = categoryName || 'Quiz'

  return (
    <div className="quiz">
      <div className="quiz-bar">
        <h1 className="quiz-title">{title}</h1>
        <QuizTimer remainingMs={context.remainingMs} timeLimitMs={context.timeLimitMs} />
      </div>

      {state.matches('submitting') ? <Loading label="Submitting quiz..." /> : null}

      {state.matches('submitFailed') ? (
        <section className="card quiz-message">
          <Alert tone="error">{context.error}</Alert>
          <div className="summary-actions">
            {context.remainingMs > 0 ? (
              <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'summary.back' })}>
                Back to Quiz
              </button>
            ) : null}
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'quiz.submit' })}>
              Try Again
            </button>
          </div>
        </section>
      ) : null}

      {context.saveFailed && inProgress ? (
        <Alert tone="info">Some answers could not be saved yet; they are still sent when you submit.</Alert>
      ) : null}

      {state.matches({ inProgress: 'reviewSummary' }) ? (
        <ReviewSummary
          questions={context.questions}
          answers={context.answers}
          statusOf={statusOf}
          onGoto={(index) => send({ type: 'question.goto', index })}
          onBack={() => send({ type: 'summary.back' })}
          onSubmit={() => send({ type: 'quiz.submit' })}
        />
      ) : null}

      {taking && question ? (
        <div className="quiz-layout">
          <QuestionView
            question={question}
            index={context.current}
            count={context.questions.length}
            answer={context.answers[question.id]}
            marked={Boolean(context.marked[question.id])}
            onSelect={(option) => send({ type: 'answer.select', option })}
            onToggleMark={() => send({ type: 'review.toggle' })}
            onPrev={() => send({ type: 'question.prev' })}
            onNext={() => send({ type: 'question.next' })}
            onReview={() => send({ type: 'summary.open' })}
          />
          <aside className="quiz-side">
            <QuestionNavigator
              questions={context.questions}
              current={context.current}
              statusOf={statusOf}
              onGoto={(index) => send({ type: 'question.goto', index })}
            />
            <button type="button" className="btn btn-primary btn-block" onClick={() => send({ type: 'summary.open' })}>
              Review &amp; Submit
            </button>
          </aside>
        </div>
      ) : null}
    </div>
  )
}
