/** The question grid (5, 8 or 10 columns by screen width) with each question's status. */
import type { Question } from '../api/play-api'
import type { QuestionStatus } from '../machines/play.machine'
import '../play.css'

export const STATUS_LABELS: Record<QuestionStatus, string> = {
  notAnswered: 'Not answered',
  answered: 'Answered',
  marked: 'Marked for review',
}

type NavigatorProps = {
  questions: Question[]
  current: number
  statusOf: (questionId: number) => QuestionStatus
  onGoto: (index: number) => void
}

export function QuestionNavigator({ questions, current, statusOf, onGoto }: NavigatorProps) {
  return (
    <nav className="card navigator" aria-label="Questions">
      <ol className="navigator-grid">
        {questions.map((question, index) => {
          const status = statusOf(question.id)
          return (
            <li key={question.id}>
              <button
                type="button"
                className={`nav-cell status-${status}${index === current ? ' nav-current' : ''}`}
                aria-label={`Question ${index + 1}: ${STATUS_LABELS[status]}`}
                aria-current={index === current ? 'step' : undefined}
                data-status={status}
                onClick={() => onGoto(index)}
              >
                {index + 1}
              </button>
            </li>
          )
        })}
      </ol>
      <ul className="navigator-legend" aria-label="Legend">
        {(Object.keys(STATUS_LABELS) as QuestionStatus[]).map((status) => (
          <li key={status}>
            <span className={`legend-swatch status-${status}`} aria-hidden="true" />
            {STATUS_LABELS[status]}
          </li>
        ))}
      </ul>
    </nav>
  )
}
