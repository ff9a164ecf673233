/**
 * One question's figures: its text, the share of players who got it right (a bar), how many chose
 * each option with the key written "(key)", how many skipped it, the median time to answer, and,
 * when the strong players mostly chose another option, a warning to check the key (in words and
 * with an icon).
 */
import type { QuestionFigures } from '../api/insights-types'
import { optionItems } from '../utils/chart-items'
import { durationText, shareText } from '../utils/insights-format'
import { INSIGHTS_TEXTS } from '../utils/insights-texts'
import { BarChart } from './charts/bar-chart'
import { ShareBar } from './charts/share-bar'

export function SuspectKeyWarning({ question }: { question: QuestionFigures }) {
  const suspect = question.suspectKey
  if (!suspect) return null
  return (
    <div className="insights-suspect" role="note">
      <span className="insights-suspect-icon" aria-hidden="true">
        ⚠
      </span>
      <div>
        <p className="insights-suspect-title">{INSIGHTS_TEXTS.suspectTitle(suspect.strongChoice)}</p>
        <p>{INSIGHTS_TEXTS.suspectDetail(shareText(suspect.strongWrongShare), suspect.strongPlayers, question.key)}</p>
      </div>
    </div>
  )
}

export function QuestionCard({ question, rank }: { question: QuestionFigures; rank: number }) {
  const titleId = `insights-question-${question.questionId || rank}`
  const right = shareText(question.correctShare)
  return (
    <li className={`insights-question${question.suspectKey ? ' has-suspect' : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="insights-question-title">
        <span className="insights-question-number">Question {question.number}</span> {question.text}
      </h3>
      <SuspectKeyWarning question={question} />
      <div className="insights-question-body">
        <dl className="insights-question-facts">
          <div>
            <dt>Answered right</dt>
            <dd>
              <ShareBar share={question.correctShare} text={`${right} right`} />
            </dd>
          </div>
          <div>
            <dt>Seen</dt>
            <dd>{question.seen}</dd>
          </div>
          <div>
            <dt>Skipped</dt>
            <dd>{question.skipped}</dd>
          </div>
          <div>
            <dt>Median time to answer</dt>
            <dd>{durationText(question.medianTimeMs)}</dd>
          </div>
        </dl>
        <BarChart
          title={`How many chose each option, question ${question.number}`}
          items={optionItems(question)}
          labelHeader="Option"
          valueHeader="Chosen by"
        />
      </div>
    </li>
  )
}
