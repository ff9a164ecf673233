/**
 * How the scores spread (a histogram in tens of percent) and how the quiz went day by day
 * (attempts per day as columns, the average score per day as a line), each with its table.
 */
import type { DayFigures, ScoreBucket } from '../api/insights-types'
import { attemptsPerDayItems, histogramItems, scorePerDayItems } from '../utils/chart-items'
import { ColumnChart } from './charts/column-chart'
import { LineChart } from './charts/line-chart'

export function ScoreCharts({ histogram, days }: { histogram: ScoreBucket[]; days: DayFigures[] }) {
  return (
    <section className="insights-section" aria-labelledby="insights-scores-title">
      <h2 id="insights-scores-title">Scores and days</h2>
      <div className="insights-charts">
        {histogram.length > 0 ? (
          <ColumnChart
            title="Score distribution (attempts per score, in %)"
            items={histogramItems(histogram)}
            labelHeader="Score"
            valueHeader="Attempts"
          />
        ) : null}
        {days.length > 0 ? (
          <>
            <ColumnChart title="Attempts per day" items={attemptsPerDayItems(days)} labelHeader="Day" valueHeader="Attempts" />
            <LineChart title="Average score per day" items={scorePerDayItems(days)} labelHeader="Day" valueHeader="Average score" />
          </>
        ) : null}
      </div>
    </section>
  )
}
