/**
 * The frame every chart shares: a figure with its heading, the SVG (given by the chart) and the
 * same figures as a table. The table is always there for screen readers (visually hidden while
 * the chart shows); "Show as table" shows it instead of the chart for everyone (`tableFirst`: from
 * the start, where the table shows what the chart cannot).
 */
import { useId, useState, type ReactNode } from 'react'
import '@/components/table/table.css'
import '../../insights.css'

export type ChartRow = { key: string; label: ReactNode; values: ReactNode[] }

type ChartFigureProps = {
  /** The heading and the table's caption. */
  title: string
  /** The column headers of the table: the label's, then one per value. */
  headers: string[]
  rows: ChartRow[]
  /** The chart itself (an SVG with role="img" and its own summary). */
  children: ReactNode
  className?: string
  /** `false` leaves the toggle out (tiny charts, whose table is always hidden). */
  toggle?: boolean
  /** Shown as the table until "Show as chart" is pressed. */
  tableFirst?: boolean
}

const toggleText = (asTable: boolean) => (asTable ? 'Show as chart' : 'Show as table')

export function ChartFigure({ title, headers, rows, children, className, toggle = true, tableFirst = false }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(tableFirst)
  const headingId = useId()
  return (
    <figure className={`chart${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <div className="chart-head">
        <figcaption id={headingId} className="chart-title">
          {title}
        </figcaption>
        {toggle ? (
          <button
            type="button"
            className="btn btn-ghost btn-small chart-toggle"
            aria-label={`${toggleText(asTable)}: ${title}`}
            onClick={() => setAsTable((v) => !v)}
          >
            {toggleText(asTable)}
          </button>
        ) : null}
      </div>
      {asTable ? null : children}
      <div className={asTable ? 'table-scroll' : 'visually-hidden'}>
        <table className="data-table chart-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {headers.map((header, i) => (
                <th key={header} scope="col" className={i === 0 ? undefined : 'align-end'}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, i) => (
                  <td key={i} className="align-end">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
