/**
 * A horizontal bar chart (how many chose each option, accuracy by category): one row per item
 * with its label, a bar and its value written out. An item's `note` ("(key)") and `icon` ("✓",
 * "⚠") are written beside its label, so no item is told apart by colour alone. The SVG is an
 * image named by a summary of every value; the table beside it holds the same figures. Labels
 * that are a host's texts (`richLabels`: options) show their formulae in the table (issue 30,
 * RichText); an SVG's text cannot draw them, so a chart with one shows as its table first.
 */
import { hasMath } from '@/components/rich-text/has-math'
import { RichText } from '@/components/rich-text/rich-text'
import { ChartFigure } from './chart-figure'
import { round1, scaled, truncate } from './chart-scale'

export type BarTone = 'plain' | 'key' | 'warn'

export type BarItem = {
  key: string
  /** Written beside the bar, cut to fit. */
  label: string
  /** The whole label, for the table and the bar's tooltip (default: `label`). */
  fullLabel?: string
  /** Always written after the label, never cut: "(key)". */
  note?: string
  /** Written before the label: "✓". */
  icon?: string
  value: number
  valueText: string
  tone?: BarTone
}

type BarChartProps = {
  title: string
  items: BarItem[]
  /** The value of a full bar (default: the largest value). */
  max?: number
  labelHeader: string
  valueHeader: string
  /** The image's name (default: the title and every item's label, note and value). */
  summary?: string
  toggle?: boolean
  /** The labels are a host's texts, which may hold formulae (options). */
  richLabels?: boolean
}

const WIDTH = 480
const ROW = 28
const BAR_X = 200
const BAR_WIDTH = 210
const LABEL_CHARS = 28

const itemText = (item: BarItem) => [item.fullLabel ?? item.label, item.note].filter(Boolean).join(' ')

/** "Title: A. 3 1, B. 4 (key) 2, …". */
export function barSummary(title: string, items: BarItem[]): string {
  return `${title}: ${items.map((item) => `${itemText(item)} ${item.valueText}`).join(', ')}`
}

export function BarChart({ title, items, max, labelHeader, valueHeader, summary, toggle, richLabels = false }: BarChartProps) {
  const top = max ?? Math.max(1, ...items.map((item) => item.value))
  const height = Math.max(1, items.length) * ROW
  const label = (item: BarItem) => (richLabels ? <RichText text={itemText(item)} /> : itemText(item))
  return (
    <ChartFigure
      title={title}
      headers={[labelHeader, valueHeader]}
      rows={items.map((item) => ({ key: item.key, label: label(item), values: [item.valueText] }))}
      toggle={toggle}
      tableFirst={richLabels && items.some((item) => hasMath(itemText(item)))}
    >
      <svg className="chart-svg bar-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summary ?? barSummary(title, items)}>
        {items.map((item, i) => {
          const y = i * ROW
          const room = LABEL_CHARS - (item.note ? item.note.length + 1 : 0) - (item.icon ? 2 : 0)
          const length = round1(scaled(item.value, top, BAR_WIDTH))
          return (
            <g key={item.key} className={`chart-row tone-${item.tone ?? 'plain'}`}>
              <title>{`${itemText(item)}: ${item.valueText}`}</title>
              <text className="chart-label" x={0} y={y + 18}>
                {item.icon ? <tspan className="chart-icon">{`${item.icon} `}</tspan> : null}
                <tspan>{truncate(item.label, room)}</tspan>
                {item.note ? <tspan className="chart-note">{` ${item.note}`}</tspan> : null}
              </text>
              <rect className="chart-track" x={BAR_X} y={y + 5} width={BAR_WIDTH} height={ROW - 10} rx={3} />
              <rect className="chart-bar" x={BAR_X} y={y + 5} width={length} height={ROW - 10} rx={3} data-value={item.value} />
              <text className="chart-value" x={BAR_X + BAR_WIDTH + 8} y={y + 18}>
                {item.valueText}
              </text>
            </g>
          )
        })}
      </svg>
    </ChartFigure>
  )
}
