/**
 * A sparkline: a small line of percentages (a category's scores, oldest first) to sit in a table
 * cell, its last point marked. An image named by every value in words ("Scores of 3 attempts,
 * oldest first: 40%, 90%, 80%"), which is its text alternative: the row around it gives the
 * first, best and latest scores too.
 */
import { linePath, linePoints } from './chart-scale'
import '../../insights.css'

const WIDTH = 96
const HEIGHT = 28
const PAD = 3
const FRAME = { left: PAD, top: PAD, width: WIDTH - PAD * 2, height: HEIGHT - PAD * 2, min: 0, max: 100 }

export function sparklineSummary(values: number[], valueText: (value: number) => string): string {
  const noun = values.length === 1 ? 'attempt' : 'attempts'
  return `Scores of ${values.length} ${noun}, oldest first: ${values.map(valueText).join(', ')}`
}

export function Sparkline({ values, valueText }: { values: number[]; valueText: (value: number) => string }) {
  const points = linePoints(values, FRAME)
  const last = points[points.length - 1]
  return (
    <svg className="sparkline" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={sparklineSummary(values, valueText)}>
      <line className="chart-grid" x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} />
      {points.length > 1 ? <path className="chart-line" d={linePath(points)} /> : null}
      {last ? <circle className="sparkline-last" cx={last.x} cy={last.y} r={2.5} /> : null}
    </svg>
  )
}
