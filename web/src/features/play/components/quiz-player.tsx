/**
 * The quiz-taking screen (PRODUCT.md screen 8), driven by the play machine. This component
 * wires the machine to the API, the WebSocket hub (outside the machine: messages become
 * `server.*` events), the keyboard (A–D on questions A–D, ← → outside fields, lists and
 * sliders), and the leave warning. For keyboard and
 * screen-reader users (issue 15) it also moves focus (into the review summary and back to the
 * button that opened it, to a question revisited from the summary, to a failed submit's message;
 * the result focuses its own heading) and says each change the player makes, and the result, in
 * a polite status region that stays on screen through every state.
 */
import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { fromPromise } from 'xstate'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { useFocusNext } from '@/hooks/use-focus-next'
import { useLeaveWarning } from '@/hooks/use-leave-warning'
import { extraTimeNote } from '@/lib/accommodation'
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
import { useReadAloud } from '../hooks/use-read-aloud'
import { answerSaverFrom, playMachine, questionStatus, type PlayEvent, type SubmitInput } from '../machines/play.machine'
import { playAnnouncement, resultAnnouncement } from '../utils/play-announcements'
import { LEAVE_WARNING } from '../utils/play-texts'
import { isLetterQuestion } from '../utils/question-types'
import { QuestionNavigator } from './question-navigator'
import { QuestionView } from './question-view'
import { QuizResults, resultFigures } from './quiz-results'
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

/** A field, list or slider that uses the keys itself (a checkbox does not). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  if (tag === 'INPUT') return (target as HTMLInputElement).type !== 'checkbox'
  return tag === 'TEXTAREA' || tag === 'SELECT'
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

/** The ids of the elements focus moves to (see `send` in QuizPlayer). */
const FOCUS = {
  summary: 'summary-title',
  question: 'question-text',
  next: 'quiz-next',
  prev: 'quiz-prev',
  reviewButton: 'quiz-review-submit',
  submitFailed: 'quiz-submit-failed',
  clear: 'quiz-clear',
} as const

export function QuizPlayer({ categoryId, categoryName, userId, onCategories, onLeaderboard }: QuizPlayerProps) {
  const machine = useMemo(() => playMachine.provide({ actors: playActors }), [])
  const [state, , actor] = useMachine(machine, { input: { categoryId, userId } })
  const { context } = state
  const inProgress = state.hasTag('inProgress')
  const taking = state.matches({ inProgress: 'taking' })
  // Read-aloud (issue 15) follows the question on screen while the player is taking the quiz.
  const readAloud = useReadAloud(context.accommodation.readAloud, taking ? (context.questions[context.current] ?? null) : null)
  const [spoken, setSpoken] = useState('')
  /** The id of the element to focus once it is on screen (set by `send`). A failed submit's
   * retry never comes when the submit worked: the result focuses its own heading. */
  const focusNextRef = useFocusNext((id) => id === FOCUS.submitFailed && state.matches('results'))
  /** Which button opened the review summary, for going back to it. */
  const summaryOpener = useRef<string>(FOCUS.reviewButton)

  /**
   * Every event of the screen goes through here: it sends the event, says what changed in the
   * status region, and decides where focus goes when the focused element leaves the screen.
   */
  const send = useCallback(
    (event: PlayEvent) => {
      const before = actor.getSnapshot()
      const activeId = document.activeElement instanceof HTMLElement ? document.activeElement.id : ''
      actor.send(event)
      const after = actor.getSnapshot()
      const message = playAnnouncement(event, before.context, after.context)
      // A trailing no-break space makes the same words count as new for screen readers.
      if (message) setSpoken((previous) => (previous === message ? `${message}\u00a0` : message))
      if (event.type === 'summary.open' && after.matches({ inProgress: 'reviewSummary' })) {
        summaryOpener.current = activeId === FOCUS.next ? FOCUS.next : FOCUS.reviewButton
        focusNextRef.current = FOCUS.summary
      } else if (event.type === 'summary.back' && after.matches({ inProgress: 'taking' })) {
        focusNextRef.current = summaryOpener.current
      } else if (event.type === 'question.goto' && before.matches({ inProgress: 'reviewSummary' })) {
        focusNextRef.current = FOCUS.question
      } else if (event.type === 'question.prev' && activeId === FOCUS.prev && after.context.current === 0) {
        // Previous is disabled on the first question, which would drop focus.
        focusNextRef.current = FOCUS.next
      } else if (event.type === 'quiz.submit') {
        focusNextRef.current = FOCUS.submitFailed
      } else if (event.type === 'answer.clear' && activeId === FOCUS.clear) {
        // Clear answer leaves the screen once nothing is left to clear.
        focusNextRef.current = FOCUS.question
      }
    },
    [actor, focusNextRef],
  )

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
      const { context: now } = actor.getSnapshot()
      const question = now.questions[now.current]
      const letters = question !== undefined && isLetterQuestion(question)
      if (letters && (key === 'A' || key === 'B' || key === 'C' || key === 'D')) {
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
  }, [taking, send, actor])

  const statusOf = useCallback((questionId: number) => questionStatus(context, questionId), [context])

  const result = state.matches('results') ? context.result : null
  const status = result
    ? resultAnnouncement(result.score, resultFigures(result).total, resultFigures(result).points, context.submitReason === 'timeout')
    : spoken
  // The status region is the last child in every state, so it stays the same element throughout.
  const withStatus = (screen: ReactNode) => (
    <>
      {screen}
      <p className="visually-hidden" role="status" aria-atomic="true" data-testid="quiz-status">
        {status}
      </p>
    </>
  )

  if (state.matches('error')) {
    return withStatus(
      <section className="card quiz-message" aria-labelledby="quiz-error-title">
        <h1 id="quiz-error-title">Quiz unavailable</h1>
        <Alert tone="error">{context.error}</Alert>
        <Link to="/play/categories" className="btn btn-primary">
          Go to Categories
        </Link>
      </section>
    )
  }

  if (state.hasTag('loading')) return withStatus(<Loading label="Loading quiz..." />)

  if (result) {
    return withStatus(
      <QuizResults
        result={result}
        questions={context.questions}
        timedOut={context.submitReason === 'timeout'}
        leaderboard={leaderboard}
        onCategories={onCategories}
        onLeaderboard={onLeaderboard}
      />
    )
  }

  const question = context.questions[context.current]
  const title = categoryName || 'Quiz'

  return withStatus(
    <div className="quiz">
      <div className="quiz-bar">
        <h1 className="quiz-title">{title}</h1>
        <div className="quiz-clock">
          <QuizTimer
            remainingMs={context.remainingMs}
            timeLimitMs={context.timeLimitMs}
            untimed={context.accommodation.extraTime === 'unlimited'}
          />
          {extraTimeNote(context.accommodation.extraTime) ? (
            <p className="extra-time-note">{extraTimeNote(context.accommodation.extraTime)}</p>
          ) : null}
        </div>
      </div>

      {state.matches('submitting') ? <Loading label="Submitting quiz..." /> : null}

      {state.matches('submitFailed') ? (
        <section className="card quiz-message" id={FOCUS.submitFailed} tabIndex={-1} aria-label="Submit failed">
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
            saveError={context.saveErrors[question.id]}
            onSelect={(option) => send({ type: 'answer.select', option })}
            onRespond={(response, typing) => send({ type: 'answer.respond', response, typing })}
            onClear={() => send({ type: 'answer.clear' })}
            onToggleMark={() => send({ type: 'review.toggle' })}
            onPrev={() => send({ type: 'question.prev' })}
            onNext={() => send({ type: 'question.next' })}
            onReview={() => send({ type: 'summary.open' })}
            readAloud={readAloud}
          />
          <aside className="quiz-side">
            <QuestionNavigator
              questions={context.questions}
              current={context.current}
              statusOf={statusOf}
              onGoto={(index) => send({ type: 'question.goto', index })}
            />
            <button
              id={FOCUS.reviewButton}
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => send({ type: 'summary.open' })}
            >
              Review &amp; Submit
            </button>
          </aside>
        </div>
      ) : null}
    </div>
  )
}
