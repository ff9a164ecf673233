/**
 * A column chart (the score histogram, attempts per day): one column per item, its count written
 * above it and a short label below (only some labels when there are many). The SVG is an image
 * named by a summary; the table beside it lists every item with its whole label.
 */
import { ChartFigure } from './chart-figure'
import { labelShown, niceMax, round1, scaled } from './chart-scale'

export type ColumnItem = {
  key: string
  /** Under the column: short ("60", "26 Nov"). */
  label: string
  /** In the table and the summary: "60–69%", "26 Nov 2026". */
  fullLabel: string
  value: number
  valueText: string
}

type ColumnChartProps = {
  title: string
  items: ColumnItem[]
  labelHeader: string
  valueHeader: string
  /** The image's name (default: the title and every item). */
  summary?: string
}

const WIDTH = 480
const HEIGHT = 170
const TOP = 18
const BOTTOM = 22
const LEFT = 4
const PLOT = HEIGHT - TOP - BOTTOM
/** The most axis labels written under the columns. */
const LABEL_ROOM = 12

export function columnSummary(title: string, items: ColumnItem[]): string {
  return `${title}: ${items.map((item) => `${item.fullLabel} ${item.valueText}`).join(', ')}`
}

export function ColumnChart({ title, items, labelHeader, valueHeader, summary }: ColumnChartProps) {
  const top = niceMax(Math.max(0, ...items.map((item) => item.value)))
  const slot = (WIDTH - LEFT * 2) / Math.max(1, items.length)
  const barWidth = round1(Math.max(2, Math.min(48, slot * 0.7)))
  const baseline = TOP + PLOT
  return (
    <ChartFigure
      title={title}
      headers={[labelHeader, valueHeader]}
      rows={items.map((item) => ({ key: item.key, label: item.fullLabel, values: [item.valueText] }))}
    >
      <svg className="chart-svg column-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary ?? columnSummary(title, items)}>
        <line className="chart-axis" x1={LEFT} x2={WIDTH - LEFT} y1={baseline} y2={baseline} />
        {items.map((item, i) => {
          const height = round1(scaled(item.value, top, PLOT))
          const center = round1(LEFT + slot * i + slot / 2)
          return (
            <g key={item.key} className="chart-column">
              <title>{`${item.fullLabel}: ${item.valueText}`}</title>
              <rect
                className="chart-bar"
                x={round1(center - barWidth / 2)}
                y={round1(baseline - height)}
                width={barWidth}
                height={height}
                rx={2}
                data-value={item.value}
              />
              {item.value > 0 && items.length <= 24 ? (
                <text className="chart-value" x={center} y={round1(baseline - height - 4)} textAnchor="middle">
                  {item.valueText}
                </text>
              ) : null}
              {labelShown(i, items.length, LABEL_ROOM) ? (
                <text className="chart-label" x={center} y={HEIGHT - 6} textAnchor="middle">
                  {item.label}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
    </ChartFigure>
  )
}
