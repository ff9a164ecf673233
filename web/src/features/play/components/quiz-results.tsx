/**
 * The result (PRODUCT.md screen 8): score, points (10 per correct answer), the message for
 * the percentage, per-question feedback, and 'Go to Categories' / 'View Leaderboard'.
 */
import { POINTS_PER_CORRECT_ANSWER } from '../../../lib/constants'
import { LETTERS, type ScoreResult } from '../api/play-api'
import type { LiveLeaderboard } from '../hooks/use-attempt-socket'
import { optionText } from './question-view'
import { resultMessage } from '../utils/play-texts'

type QuizResultsProps = {
  result: ScoreResult
  timedOut: boolean
  leaderboard: LiveLeaderboard | null
  onCategories: () => void
  onLeaderboard: () => void
}

export function QuizResults({ result, timedOut, leaderboard, onCategories, onLeaderboard }: QuizResultsProps) {
  const feedback = Array.isArray(result.feedback) ? result.feedback : []
  const total = typeof result.total === 'number' ? result.total : feedback.length
  const points = typeof result.points === 'number' ? result.points : result.score * POINTS_PER_CORRECT_ANSWER
  const message = result.message || resultMessage(result.score, total)
  const percent = total > 0 ? Math.round((result.score / total) * 100) : 0

  return (
    <div className="quiz-results">
      <section className="card results-card" aria-labelledby="results-title">
        <h1 id="results-title">Quiz Results</h1>
        {timedOut ? <p className="alert alert-info">Time's up! Your answers were submitted automatically.</p> : null}
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
        <ol className="feedback-list">
          {feedback.map((item, index) => (
            <li key={item.id} className={`card feedback-item ${item.isCorrect ? 'is-correct' : 'is-wrong'}`}>
              <p className="feedback-head">
                <span className="feedback-number">Question {index + 1}</span>
                <span className={`status-pill ${item.isCorrect ? 'status-correct' : item.userAnswer ? 'status-wrong' : 'status-notAnswered'}`}>
                  {item.isCorrect ? 'Correct' : item.userAnswer ? 'Incorrect' : 'Not answered'}
                </span>
              </p>
              <p className="feedback-question">{item.questionText}</p>
              <ul className="feedback-options">
                {LETTERS.map((letter) => {
                  const correct = item.correctAnswer === letter
                  const mine = item.userAnswer === letter
                  return (
                    <li
                      key={letter}
                      className={`feedback-option${correct ? ' option-correct' : ''}${mine && !correct ? ' option-wrong' : ''}`}
                    >
                      <span className="option-letter">{letter}</span>
                      <span className="option-text">{optionText(item, letter)}</span>
                      {correct ? <span className="option-tag">Correct answer</span> : null}
                      {mine ? <span className="option-tag">Your answer</span> : null}
                    </li>
                  )
                })}
              </ul>
              {item.explanation ? <p className="feedback-explanation">{item.explanation}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
