/**
 * The question grid (5, 8 or 10 columns by screen width) with each question's status: in its
 * name for screen readers, and as a colour and a mark (✓ answered, ⚑ marked for review) on screen,
 * so the status never rests on colour alone.
 */
import type { Question } from '../api/play-api'
import type { QuestionStatus } from '../machines/play.machine'
import '../play.css'

export const STATUS_LABELS: Record<QuestionStatus, string> = {
  notAnswered: 'Not answered',
  answered: 'Answered',
  marked: 'Marked for review',
}

/** The mark beside the colour of each status (none for not answered). */
const STATUS_MARKS: Record<QuestionStatus, string> = {
  notAnswered: '',
  answered: '✓',
  marked: '⚑',
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
                {STATUS_MARKS[status] ? (
                  <span className="nav-mark" aria-hidden="true">
                    {STATUS_MARKS[status]}
                  </span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ol>
      <ul className="navigator-legend" aria-label="Legend">
        {(Object.keys(STATUS_LABELS) as QuestionStatus[]).map((status) => (
          <li key={status}>
            <span className={`legend-swatch status-${status}`} aria-hidden="true">
              {STATUS_MARKS[status]}
            </span>
            {STATUS_LABELS[status]}
          </li>
        ))}
      </ul>
    </nav>
  )
}
