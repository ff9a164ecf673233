/** A question on the projector: its number and text, the four options, the countdown and the answer count. */
import type { LiveQuestion } from '@/types/live-game'
import type { QuestionClock } from '../utils/game-clock'
import { Countdown } from './countdown'
import '../live.css'
import '../live-presenter.css'

type PresenterQuestionProps = {
  question: LiveQuestion
  count: number
  clock: QuestionClock
  answered: number
  players: number
}

export function PresenterQuestion({ question, count, clock, answered, players }: PresenterQuestionProps) {
  return (
    <div className="live-question">
      <div className="live-question-top">
        <p className="live-question-count">
          Question {question.index + 1} of {count}
        </p>
        <Countdown clock={clock} paused={question.paused} />
        <p className="live-answered" data-testid="live-answered">
          <span className="live-answered-value">{answered}</span> of {players} answered
        </p>
      </div>
      <h2 className="live-question-text">{question.text}</h2>
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
    </div>
  )
}
