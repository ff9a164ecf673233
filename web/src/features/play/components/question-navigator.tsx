/**
 * The question grid (5, 8 or 10 columns by screen width) with each question's status: in its
 * name for screen readers, and as a colour and a mark (✓ answered, ⚑ marked for review, — a
 * slide with nothing to answer) on screen, so the status never rests on colour alone. The
 * legend names the slide status only in a quiz that has slides.
 */
import type { Question } from '../api/play-api'
import type { QuestionStatus } from '../machines/play.machine'
import { isAnswerable } from '../utils/question-types'
import '../play.css'

export const STATUS_LABELS: Record<QuestionStatus, string> = {
  notAnswered: 'Not answered',
  answered: 'Answered',
  marked: 'Marked for review',
  slide: 'Nothing to answer',
}

/** The mark beside the colour of each status (none for not answered). */
const STATUS_MARKS: Record<QuestionStatus, string> = {
  notAnswered: '',
  answered: '✓',
  marked: '⚑',
  slide: '—',
}

type NavigatorProps = {
  questions: Question[]
  current: number
  statusOf: (questionId: number) => QuestionStatus
  onGoto: (index: number) => void
}

export function QuestionNavigator({ questions, current, statusOf, onGoto }: NavigatorProps) {
  const legend = (Object.keys(STATUS_LABELS) as QuestionStatus[]).filter(
    (status) => status !== 'slide' || questions.some((question) => !isAnswerable(question)),
  )
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
        {legend.map((status) => (
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
