/**
 * The quiz's figures at a glance, as cards: participants, attempts started and submitted, the
 * completion rate, the average and median score, the average time, and how many the server
 * submitted at the deadline.
 */
import type { InsightsSummary as Summary } from '../api/insights-types'
import { durationText, percentText, shareText } from '../utils/insights-format'

type Card = { label: string; value: string; detail?: string }

export function summaryCards(summary: Summary): Card[] {
  return [
    { label: 'Participants', value: String(summary.participants) },
    { label: 'Attempts', value: `${summary.attemptsSubmitted} submitted`, detail: `${summary.attemptsStarted} started` },
    { label: 'Completion rate', value: shareText(summary.completionRate), detail: 'of the attempts started' },
    { label: 'Average score', value: percentText(summary.averageScore) },
    { label: 'Median score', value: percentText(summary.medianScore) },
    { label: 'Average time', value: durationText(summary.averageTimeMs) },
    { label: 'Submitted by the server', value: String(summary.submittedByServer), detail: 'at the deadline' },
  ]
}

export function InsightsSummary({ summary }: { summary: Summary }) {
  return (
    <section aria-labelledby="insights-summary-title">
      <h2 id="insights-summary-title" className="visually-hidden">
        Summary
      </h2>
      <dl className="insights-stats">
        {summaryCards(summary).map((card) => (
          <div key={card.label} className="insights-stat">
            <dt>{card.label}</dt>
            <dd>
              <span className="insights-stat-value">{card.value}</span>
              {card.detail ? <span className="insights-stat-detail">{card.detail}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
