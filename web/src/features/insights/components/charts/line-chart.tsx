/**
 * A line chart of percentages (the average score per day): a point per item joined by a line,
 * on a 0–100% scale with its gridlines labelled, each point's value written beside it while
 * there are few. The SVG is an image named by a summary; the table beside it lists every point.
 */
import { ChartFigure } from './chart-figure'
import { labelShown, linePath, linePoints } from './chart-scale'

export type LineItem = { key: string; label: string; fullLabel: string; value: number; valueText: string }

type LineChartProps = {
  title: string
  items: LineItem[]
  labelHeader: string
  valueHeader: string
  summary?: string
}

const WIDTH = 480
const HEIGHT = 170
const LEFT = 40
const RIGHT = 24
const TOP = 18
const BOTTOM = 22
const FRAME = { left: LEFT, top: TOP, width: WIDTH - LEFT - RIGHT, height: HEIGHT - TOP - BOTTOM, min: 0, max: 100 }
const GRID = [0, 50, 100]

export function lineSummary(title: string, items: LineItem[]): string {
  return `${title}: ${items.map((item) => `${item.fullLabel} ${item.valueText}`).join(', ')}`
}

export function LineChart({ title, items, labelHeader, valueHeader, summary }: LineChartProps) {
  const points = linePoints(
    items.map((item) => item.value),
    FRAME,
  )
  const gridY = (value: number) => FRAME.top + FRAME.height - (value / 100) * FRAME.height
  return (
    <ChartFigure
      title={title}
      headers={[labelHeader, valueHeader]}
      rows={items.map((item) => ({ key: item.key, label: item.fullLabel, values: [item.valueText] }))}
    >
      <svg className="chart-svg line-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary ?? lineSummary(title, items)}>
        {GRID.map((value) => (
          <g key={value}>
            <line className="chart-grid" x1={LEFT} x2={WIDTH - RIGHT} y1={gridY(value)} y2={gridY(value)} />
            <text className="chart-label" x={LEFT - 6} y={gridY(value) + 4} textAnchor="end">
              {`${value}%`}
            </text>
          </g>
        ))}
        {points.length > 1 ? <path className="chart-line" d={linePath(points)} /> : null}
        {items.map((item, i) => (
          <g key={item.key} className="chart-point">
            <title>{`${item.fullLabel}: ${item.valueText}`}</title>
            <circle cx={points[i].x} cy={points[i].y} r={4} data-value={item.value} />
            {items.length <= 12 ? (
              <text className="chart-value" x={points[i].x} y={points[i].y - 8} textAnchor="middle">
                {item.valueText}
              </text>
            ) : null}
            {labelShown(i, items.length, 6) ? (
              <text className="chart-label" x={points[i].x} y={HEIGHT - 6} textAnchor="middle">
                {item.label}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </ChartFigure>
  )
}
