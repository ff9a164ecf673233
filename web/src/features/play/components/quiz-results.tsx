/**
 * The result (PRODUCT.md screen 8): score, points (10 per correct answer), the message for
 * the percentage, per-question feedback, and 'Go to Categories' / 'View Leaderboard'. A
 * practice attempt (the server's `practice: true`: a replay, or the player's own hosted quiz)
 * says that its points count on no leaderboard. Each item has its question's picture, as played
 * (a hotspot's regions are drawn on it), unless the server sent one.
 */
import { useEffect, useRef } from 'react'
import { FeedbackList } from '@/components/feedback/feedback-list'
import { POINTS_PER_CORRECT_ANSWER } from '@/lib/constants'
import type { Question, ScoreResult } from '../api/play-api'
import type { LiveLeaderboard } from '../hooks/use-attempt-hub'
import { PRACTICE_NOTE, resultMessage } from '../utils/play-texts'
import '../play.css'

type QuizResultsProps = {
  result: ScoreResult
  /** The questions played. */
  questions?: Question[]
  timedOut: boolean
  leaderboard: LiveLeaderboard | null
  onCategories: () => void
  onLeaderboard: () => void
}

/** The total and the points of a result, also when an older server leaves them out. */
export function resultFigures(result: ScoreResult): { total: number; points: number } {
  const feedback = Array.isArray(result.feedback) ? result.feedback : []
  return {
    total: typeof result.total === 'number' ? result.total : feedback.length,
    points: typeof result.points === 'number' ? result.points : result.score * POINTS_PER_CORRECT_ANSWER,
  }
}

export function QuizResults({ result, questions = [], timedOut, leaderboard, onCategories, onLeaderboard }: QuizResultsProps) {
  const feedback = (Array.isArray(result.feedback) ? result.feedback : []).map((item) => ({ media: questions.find((q) => q.id === item.id)?.media, ...item }))
  const { total, points } = resultFigures(result)
  const message = result.message || resultMessage(result.score, total)
  const percent = total > 0 ? Math.round((result.score / total) * 100) : 0
  const headingRef = useRef<HTMLHeadingElement>(null)

  // After a submit, focus goes to the result's heading (the submit button is gone).
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  return (
    <div className="quiz-results">
      <section className="card results-card" aria-labelledby="results-title">
        <h1 id="results-title" ref={headingRef} tabIndex={-1}>
          Quiz Results
        </h1>
        {timedOut ? <p className="alert alert-info">Time's up! Your answers were submitted automatically.</p> : null}
        {result.practice === true ? (
          <p className="practice-note" role="note">
            {PRACTICE_NOTE}
          </p>
        ) : null}
        <div className="results-figures">
          <div className="figure">
            <span className="figure-label">Score</span>
            <span className="figure-value" data-testid="result-score">
              {result.score} / {total}
            </span>
            <span className="figure-note">{percent}%</span>
          </div>
          <div className="figure">
            <span className="figure-label">Points</span>
            <span className="figure-value" data-testid="result-points">
              {points}
            </span>
          </div>
        </div>
        <p className="results-message">{message}</p>
        <div className="results-actions">
          <button type="button" className="btn btn-secondary" onClick={onCategories}>
            Go to Categories
          </button>
          <button type="button" className="btn btn-primary" onClick={onLeaderboard}>
            View Leaderboard
          </button>
        </div>
      </section>

      {leaderboard && leaderboard.top.length > 0 ? (
        <section className="card live-board" aria-labelledby="live-board-title">
          <h2 id="live-board-title">Live ranking for this quiz</h2>
          <p className="muted">
            {leaderboard.participants} participant{leaderboard.participants === 1 ? '' : 's'}
            {leaderboard.me ? ` · you are #${leaderboard.me.rank} with ${leaderboard.me.points} points` : ''}
          </p>
          <ol className="live-board-list">
            {leaderboard.top.map((entry) => (
              <li key={entry.userId}>
                <span className="rank">{entry.rank}</span>
                <span>
                  {entry.firstName} {entry.lastName}
                </span>
                <span className="live-points">{entry.points}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section className="feedback" aria-labelledby="feedback-title">
        <h2 id="feedback-title">Feedback</h2>
        <FeedbackList items={feedback} chosenLabel="Your answer" />
      </section>
    </div>
  )
}
