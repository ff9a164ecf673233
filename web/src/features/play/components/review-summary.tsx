/**
 * The review summary before submitting: counts, and every question to revisit with its status
 * and the answer in a few words (a slide, with nothing to answer, is in no count).
 */
import { RichText } from '@/components/rich-text/rich-text'
import type { Question } from '../api/play-api'
import type { QuestionStatus } from '../machines/play.machine'
import type { Answer } from '../utils/question-types'
import { answerWords } from '../utils/response-words'
import { STATUS_LABELS } from './question-navigator'
import '../play.css'

type ReviewSummaryProps = {
  questions: Question[]
  answers: Record<number, Answer>
  statusOf: (questionId: number) => QuestionStatus
  onGoto: (index: number) => void
  onBack: () => void
  onSubmit: () => void
}

export function ReviewSummary({ questions, answers, statusOf, onGoto, onBack, onSubmit }: ReviewSummaryProps) {
  const counts = { answered: 0, marked: 0, notAnswered: 0, slide: 0 }
  for (const q of questions) counts[statusOf(q.id)] += 1
  return (
    <section className="card review-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" tabIndex={-1}>
        Review Summary
      </h2>
      <p className="summary-counts">
        <span className="status-pill status-answered">{counts.answered} answered</span>
        <span className="status-pill status-marked">{counts.marked} marked for review</span>
        <span className="status-pill status-notAnswered">{counts.notAnswered} not answered</span>
      </p>
      {counts.marked > 0 ? (
        <p className="muted">Questions marked for review are submitted as incomplete.</p>
      ) : null}
      <ol className="summary-list">
        {questions.map((question, index) => {
          const status = statusOf(question.id)
          const answer = answers[question.id]
          const words = answer !== undefined && status !== 'notAnswered' && status !== 'slide' ? answerWords(question, answer) : ''
          return (
            <li key={question.id}>
              <button type="button" className="summary-item" onClick={() => onGoto(index)}>
                <span className="summary-number">{index + 1}</span>
                <span className="summary-text">
                  <RichText text={question.text} />
                </span>
                <span className={`status-pill status-${status}`}>
                  {STATUS_LABELS[status]}
                  {words ? (
                    <>
                      {' ('}
                      <RichText text={words} />)
                    </>
                  ) : null}
                </span>
              </button>
            </li>
          )
        })}
      </ol>
      <div className="summary-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back to Quiz
        </button>
        <button type="button" className="btn btn-primary" onClick={onSubmit}>
          Submit Quiz
        </button>
      </div>
    </section>
  )
}
