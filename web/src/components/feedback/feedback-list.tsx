/**
 * The per-question feedback of one submission, written once for the player's results
 * (PRODUCT.md screen 8) and the host's Feedback Summary (screen 15): each question's number,
 * 'Correct', 'Incorrect' or 'Not answered', its text, the four options with the correct one
 * and the chosen one marked (in words and with ✓ / ✗, not by colour alone), and the explanation. Only the label of the chosen option depends
 * on who reads it ('Your answer' for the player, 'Their answer' for the host). A question of
 * another type (issue 29) is shown by TypedFeedback. The host's texts show their formulae
 * (RichText, issue 30), and an option's picture shows small beside it (loaded lazily).
 */
import { LazyOptionPicture } from '@/components/option-picture/lazy-option-picture'
import { RichText } from '@/components/rich-text/rich-text'
import { LETTERS } from '@/lib/constants'
import type { FeedbackItem, Letter, LetterFeedbackItem } from '@/types/api'
import { FEEDBACK_STATUS } from './answer-words'
import { TypedFeedback } from './typed-feedback'
import './feedback-list.css'

const optionText = (item: LetterFeedbackItem, letter: Letter) => item[`option${letter}`]

type FeedbackListProps = {
  items: FeedbackItem[]
  /** The tag of the option the player chose: 'Your answer' or 'Their answer'. */
  chosenLabel: string
}

export function FeedbackList({ items, chosenLabel }: FeedbackListProps) {
  return (
    <ol className="feedback-list">
      {items.map((item, index) => {
        if ('type' in item) return <TypedFeedback key={item.id ?? index} item={item} index={index} chosenLabel={chosenLabel} />
        const status = item.isCorrect ? 'correct' : item.userAnswer ? 'incorrect' : 'notAnswered'
        const pill = status === 'correct' ? 'status-correct' : status === 'incorrect' ? 'status-wrong' : 'status-notAnswered'
        return (
          <li key={item.id ?? index} className={`card feedback-item ${item.isCorrect ? 'is-correct' : 'is-wrong'}`}>
            <p className="feedback-head">
              <span className="feedback-number">Question {index + 1}</span>
              <span className={`status-pill ${pill}`}>{FEEDBACK_STATUS[status]}</span>
            </p>
            <p className="feedback-question">
              <RichText text={item.questionText} />
            </p>
            <ul className="feedback-options">
              {LETTERS.map((letter, i) => {
                const correct = item.correctAnswer === letter
                const chosen = item.userAnswer === letter
                return (
                  <li
                    key={letter}
                    className={`feedback-option${correct ? ' option-correct' : ''}${chosen && !correct ? ' option-wrong' : ''}`}
                  >
                    <span className="option-letter">{letter}</span>
                    {correct || chosen ? (
                      <span className={`option-mark ${correct ? 'mark-right' : 'mark-wrong'}`} aria-hidden="true">
                        {correct ? '✓' : '✗'}
                      </span>
                    ) : null}
                    <span className="option-text">
                      <RichText text={optionText(item, letter)} />
                    </span>
                    <LazyOptionPicture pictures={item.pictures} index={i} small />
                    {correct ? <span className="option-tag">Correct answer</span> : null}
                    {chosen ? <span className="option-tag">{chosenLabel}</span> : null}
                  </li>
                )
              })}
            </ul>
            {item.explanation ? (
              <p className="feedback-explanation">
                <RichText text={item.explanation} />
              </p>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}
