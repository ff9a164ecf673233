/**
 * The questions, hardest first (as the server orders them), each with its figures; above them,
 * how many may have a wrong key.
 */
import type { QuestionFigures } from '../api/insights-types'
import { INSIGHTS_TEXTS } from '../utils/insights-texts'
import { QuestionCard } from './question-card'

export function QuestionList({ questions }: { questions: QuestionFigures[] }) {
  if (questions.length === 0) return null
  const suspects = questions.filter((q) => q.suspectKey).length
  return (
    <section className="insights-section" aria-labelledby="insights-questions-title">
      <h2 id="insights-questions-title">Questions</h2>
      <p className="muted">{INSIGHTS_TEXTS.hardestFirst}</p>
      {suspects > 0 ? (
        <p className="insights-suspect-count">
          <span aria-hidden="true">⚠ </span>
          {INSIGHTS_TEXTS.suspectCount(suspects)}
        </p>
      ) : null}
      <ol className="insights-questions" aria-label="Questions, hardest first">
        {questions.map((question, i) => (
          <QuestionCard key={question.questionId || i} question={question} rank={i + 1} />
        ))}
      </ol>
    </section>
  )
}
