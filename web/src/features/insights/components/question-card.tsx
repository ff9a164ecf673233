/**
 * One question's figures: its text, the share of players who got it right (a bar), how many chose
 * each option with the key written "(key)", how many skipped it, the median time to answer, and,
 * when the strong players mostly chose another option, a warning to check the key (in words and
 * with an icon). A question of another type (a multiple select, a typed answer, a poll…) also shows
 * its type, the answers given most (the fully right ones written "(right)") and how right the
 * answers were on average; an ordering, matching, categorize or gaps question its share right per
 * part, the parts most often wrong marked; a numeric or slider question the numbers given on a
 * line. A question A–D shows what it always did. Its text, options, answers and parts show their
 * formulae (issue 30, RichText).
 */
import { RichText } from '@/components/rich-text/rich-text'
import { isScoredType, QUESTION_TYPE_NAMES } from '@/lib/question-types'
import type { GivenAnswer, QuestionFigures } from '../api/insights-types'
import { optionItems } from '../utils/chart-items'
import { durationText, shareText } from '../utils/insights-format'
import { INSIGHTS_TEXTS } from '../utils/insights-texts'
import { BarChart } from './charts/bar-chart'
import { ShareBar } from './charts/share-bar'
import { QuestionNumbers } from './question-numbers'
import { QuestionParts } from './question-parts'

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

/** A question A–D has its key letter; an older server's questions, without a type, are all A–D. */
function isLetterQuestion(question: QuestionFigures): boolean {
  return question.key !== null || question.type === null
}

function GivenMost({ answers, id }: { answers: GivenAnswer[]; id: string }) {
  const titleId = `insights-given-${id}`
  return (
    <div className="insights-given">
      <h4 id={titleId} className="insights-given-title">
        {INSIGHTS_TEXTS.givenMost}
      </h4>
      <ol className="insights-given-list" aria-labelledby={titleId}>
        {answers.map((given, i) => (
          <li key={i} className={given.right ? 'is-right' : undefined}>
            <span className="insights-given-answer">
              <RichText text={given.answer} />
            </span>
            {' — '}
            <span className="insights-given-count">{given.count}</span>
            {given.right ? (
              <span className="insights-given-right">
                {' '}
                <span aria-hidden="true">✓ </span>
                {INSIGHTS_TEXTS.rightNote}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  )
}

function TypedQuestionCard({ question, rank }: { question: QuestionFigures; rank: number }) {
  const titleId = `insights-question-${question.questionId || rank}`
  const type = question.type
  const scored = type === null || isScoredType(type)
  const right = shareText(question.correctShare)
  const hasParts = (question.parts?.length ?? 0) > 0
  const figures = question.options.length > 0 || question.topAnswers.length > 0 || hasParts || question.numbers
  return (
    <li className="insights-question" aria-labelledby={titleId}>
      <h3 id={titleId} className="insights-question-title">
        <span className="insights-question-number">Question {question.number}</span> <RichText text={question.text} />
      </h3>
      <div className="insights-question-body">
        <div className="insights-question-side">
          <dl className="insights-question-facts">
            {type ? (
              <div>
                <dt>Type</dt>
                <dd>{QUESTION_TYPE_NAMES[type]}</dd>
              </div>
            ) : null}
            {scored ? (
              <div>
                <dt>Answered right</dt>
                <dd>
                  <ShareBar share={question.correctShare} text={`${right} right`} />
                </dd>
              </div>
            ) : null}
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
          {question.meanF !== null ? <p className="insights-question-mean">{INSIGHTS_TEXTS.meanRight(shareText(question.meanF))}</p> : null}
        </div>
        {figures ? (
          <div className="insights-question-figures">
            {question.options.length > 0 ? (
              <BarChart
                title={`How many chose each option, question ${question.number}`}
                items={optionItems(question)}
                labelHeader="Option"
                valueHeader="Chosen by"
                richLabels
              />
            ) : null}
            {question.numbers ? <QuestionNumbers numbers={question.numbers} /> : null}
            {hasParts ? <QuestionParts question={question} /> : null}
            {question.topAnswers.length > 0 ? <GivenMost answers={question.topAnswers} id={String(question.questionId || rank)} /> : null}
          </div>
        ) : null}
      </div>
    </li>
  )
}

export function QuestionCard({ question, rank }: { question: QuestionFigures; rank: number }) {
  if (!isLetterQuestion(question)) return <TypedQuestionCard question={question} rank={rank} />
  const titleId = `insights-question-${question.questionId || rank}`
  const right = shareText(question.correctShare)
  return (
    <li className={`insights-question${question.suspectKey ? ' has-suspect' : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="insights-question-title">
        <span className="insights-question-number">Question {question.number}</span> <RichText text={question.text} />
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
          richLabels
        />
      </div>
    </li>
  )
}
