/**
 * 'Feedback Summary' of one participant's submission (PRODUCT.md screen 15, section 4
 * "Feedback modal"): opens loading, then shows the items or the empty text. A 404 (no
 * submission) and any failure show the empty text. Closes on a click outside, the close
 * button, or Escape.
 */
import { useEffect, useRef, useState } from 'react'
import { Loading } from '../../../components/ui/loading'
import { getFeedback, LETTERS, type FeedbackItem } from '../api/host-api'
import { RESULTS_TEXTS } from '../utils/host-texts'

type FeedbackModalProps = {
  userId: string
  categoryId: number
  playerName: string
  onClose: () => void
  load?: (userId: string, categoryId: number) => Promise<FeedbackItem[]>
}

const optionOf = (item: FeedbackItem, letter: string) => item[`option${letter}` as 'optionA' | 'optionB' | 'optionC' | 'optionD']

export function FeedbackModal({ userId, categoryId, playerName, onClose, load = getFeedback }: FeedbackModalProps) {
  const [items, setItems] = useState<FeedbackItem[] | null>(null)
  const closeRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    let cancelled = false
    load(userId, categoryId)
      .then((list) => {
        if (!cancelled) setItems(list)
      })
      .catch((error: unknown) => {
        console.error('Failed to load feedback', error)
        if (!cancelled) setItems([])
      })
    return () => {
      cancelled = true
    }
  }, [userId, categoryId, load])

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    closeRef.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      previous?.focus?.()
    }
  }, [onClose])

  const correct = items ? items.filter((item) => item.isCorrect).length : 0

  return (
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="modal card" role="dialog" aria-modal="true" aria-labelledby="feedback-title">
        <div className="modal-head">
          <h2 id="feedback-title">Feedback Summary</h2>
          <button ref={closeRef} type="button" className="btn btn-ghost btn-small modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <p className="muted">
          {playerName}
          {items && items.length > 0 ? ` · ${correct} of ${items.length} correct` : ''}
        </p>
        <div className="modal-body">
          {items === null ? <Loading label={RESULTS_TEXTS.feedbackLoading} /> : null}
          {items !== null && items.length === 0 ? <p className="empty-state">{RESULTS_TEXTS.feedbackEmpty}</p> : null}
          {items !== null && items.length > 0 ? (
            <ol className="feedback-list">
              {items.map((item, index) => (
                <li key={item.id ?? index} className={`card feedback-item ${item.isCorrect ? 'is-correct' : 'is-wrong'}`}>
                  <div className="feedback-head">
                    <span className="feedback-number">Question {index + 1}</span>
                    <span className={`status-pill ${item.isCorrect ? 'status-correct' : item.userAnswer ? 'status-wrong' : 'status-notAnswered'}`}>
                      {item.isCorrect ? 'Correct' : item.userAnswer ? 'Wrong' : 'Not answered'}
                    </span>
                  </div>
                  <p className="feedback-question">{item.questionText}</p>
                  <ul className="feedback-options">
                    {LETTERS.map((letter) => {
                      const isCorrect = item.correctAnswer === letter
                      const isChosen = item.userAnswer === letter
                      const tone = isCorrect ? 'option-correct' : isChosen ? 'option-wrong' : ''
                      return (
                        <li key={letter} className={`feedback-option ${tone}`}>
                          <span className="option-letter">{letter}</span>
                          <span>{optionOf(item, letter)}</span>
                          {isCorrect ? <span className="option-tag">Correct answer</span> : null}
                          {isChosen ? <span className="option-tag">Their answer</span> : null}
                        </li>
                      )
                    })}
                  </ul>
                  {item.explanation ? <p className="feedback-explanation">{item.explanation}</p> : null}
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      </div>
    </div>
  )
}
