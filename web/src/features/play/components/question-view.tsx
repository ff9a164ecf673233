/** One question with options A to D; the chosen option is pressed, and pressing it again clears it. */
import { LETTERS, type Letter, type Question } from '../api/play-api'
import type { ReadAloud } from '../hooks/use-read-aloud'
import { ReadAloudControls } from './read-aloud-controls'
import '../play.css'

type QuestionViewProps = {
  question: Question
  index: number
  count: number
  answer: Letter | undefined
  marked: boolean
  onSelect: (option: Letter) => void
  onToggleMark: () => void
  onPrev: () => void
  onNext: () => void
  onReview: () => void
  /** For a player granted read-aloud (issue 15); null or absent: none. */
  readAloud?: ReadAloud | null
}

export function optionText(question: Pick<Question, 'optionA' | 'optionB' | 'optionC' | 'optionD'>, letter: Letter): string {
  return question[`option${letter}`]
}

export function QuestionView({
  question,
  index,
  count,
  answer,
  marked,
  onSelect,
  onToggleMark,
  onPrev,
  onNext,
  onReview,
  readAloud,
}: QuestionViewProps) {
  const last = index === count - 1
  return (
    <section className="card question-card" aria-labelledby="question-text">
      <div className="question-top">
        <p className="question-count">
          Question {index + 1} of {count}
        </p>
        {marked ? <span className="status-pill status-marked">Marked for review</span> : null}
        {readAloud ? <ReadAloudControls readAloud={readAloud} /> : null}
      </div>
      <h2 id="question-text" className="question-text" tabIndex={-1}>
        {question.text}
      </h2>
      <div className="options" role="group" aria-labelledby="question-text">
        {LETTERS.map((letter) => {
          const chosen = answer === letter
          return (
            <button
              key={letter}
              type="button"
              className={`option${chosen ? ' option-chosen' : ''}`}
              aria-pressed={chosen}
              onClick={() => onSelect(letter)}
            >
              <span className="option-letter" aria-hidden="true">
                {letter}
              </span>
              <span className="option-text">
                <span className="visually-hidden">{letter}. </span>
                {optionText(question, letter)}
              </span>
            </button>
          )
        })}
      </div>
      <p className="keyboard-hint muted">Keys A–D choose an option; ← and → move between questions.</p>
      <div className="question-actions">
        <button type="button" className={`btn btn-secondary mark-button${marked ? ' is-marked' : ''}`} aria-pressed={marked} onClick={onToggleMark}>
          {marked ? 'Unmark review' : 'Mark for review'}
        </button>
        <div className="question-nav">
          <button id="quiz-prev" type="button" className="btn btn-secondary" onClick={onPrev} disabled={index === 0}>
            Previous
          </button>
          {/* One button that turns into Finish on the last question, so focus stays on it. */}
          <button id="quiz-next" type="button" className="btn btn-primary" onClick={last ? onReview : onNext}>
            {last ? 'Finish' : 'Next'}
          </button>
        </div>
      </div>
    </section>
  )
}
