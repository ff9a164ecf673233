/**
 * A question on the projector: its number and text, the four options (or, for a question of
 * another type, what is served of it: `ServedQuestionView`), the countdown and the answer count,
 * and "Counting answers…" once the time is up while the server is still writing answers received
 * in time (the reveal follows).
 */
import type { LiveQuestion } from '@/types/live-game'
import type { QuestionClock } from '../utils/game-clock'
import { COUNTING_ANSWERS } from '../utils/live-texts'
import { Countdown } from './countdown'
import { ServedQuestionView } from './served-question'
import '../live.css'
import '../live-presenter.css'

type PresenterQuestionProps = {
  question: LiveQuestion
  count: number
  clock: QuestionClock
  answered: number
  players: number
  /** The server is still counting the answers received in time. */
  counting: boolean
}

export function PresenterQuestion({ question, count, clock, answered, players, counting }: PresenterQuestionProps) {
  return (
    <div className="live-question">
      <div className="live-question-top">
        <p className="live-question-count">
          Question {question.index + 1} of {count}
        </p>
        <Countdown clock={clock} paused={question.paused} />
        <div className="live-answers">
          <p className="live-answered" data-testid="live-answered">
            <span className="live-answered-value">{answered}</span> of {players} answered
          </p>
          {/* Always there (empty until needed), so screen readers announce the text when it comes. */}
          <p className="live-counting" role="status">
            {counting ? COUNTING_ANSWERS : null}
          </p>
        </div>
      </div>
      <h2 className="live-question-text">{question.text}</h2>
      {question.served ? (
        <ServedQuestionView served={question.served} />
      ) : (
        <ul className="live-options" aria-label="Options">
          {question.options.map((option) => (
            <li key={option.letter} className={`live-option live-option-${option.letter}`}>
              <span className="live-letter" aria-hidden="true">
                {option.letter}
              </span>
              <span>
                <span className="visually-hidden">{option.letter}. </span>
                {option.text}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
