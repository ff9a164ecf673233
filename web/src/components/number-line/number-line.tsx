/**
 * The numbers given to a numeric or slider question (issue 29), on a line from `low` to `high`:
 * the stretch where an answer counts as right shaded, the right answer marked with a ✓ and its
 * value, and each number given as a bar as tall as how many gave it. The drawing is for the eyes
 * only (`aria-hidden`); its caption says the answer and the right stretch in words, and a visually
 * hidden list says each number given, how many gave it and whether it is right. Drawn by the live
 * presenter's reveal and by a hosted quiz's insights (the same figures, `RevealNumbers`).
 */
import { useId } from 'react'
import { formatNumber, withUnit } from '@/components/feedback/answer-words'
import type { RevealNumbers } from '@/types/live-game'
import { givenNumberText, layoutNumberLine, LINE_BOX, numberLineCaption } from './number-line-layout'
import './number-line.css'

const BAR_WIDTH = 10

/** The label of the right answer: centred on its mark, but kept inside the drawing near its ends. */
function targetAnchor(x: number): 'start' | 'middle' | 'end' {
  if (x < LINE_BOX.width * 0.15) return 'start'
  return x > LINE_BOX.width * 0.85 ? 'end' : 'middle'
}

export function NumberLine({ numbers }: { numbers: RevealNumbers }) {
  // A numeric question's unit, said after each number.
  const unit = numbers.unit ?? null
  const captionId = useId()
  const line = layoutNumberLine(numbers)
  const { left, right, axisY, width, height } = LINE_BOX
  return (
    <figure className="number-line" aria-labelledby={captionId}>
      <figcaption id={captionId} className="number-line-caption">
        <span aria-hidden="true">✓ </span>
        {numberLineCaption(numbers, unit)}
      </figcaption>
      <svg className="number-line-drawing" viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" data-testid="number-line">
        <rect className="number-line-band" x={line.band.x - 3} y={30} width={line.band.width + 6} height={axisY - 30} rx={4} />
        <line className="number-line-axis" x1={left} x2={right} y1={axisY} y2={axisY} />
        <line className="number-line-axis" x1={left} x2={left} y1={axisY - 10} y2={axisY + 10} />
        <line className="number-line-axis" x1={right} x2={right} y1={axisY - 10} y2={axisY + 10} />
        {line.values.map((row) => (
          <rect
            key={row.value}
            className={`number-line-value${row.right ? ' is-right' : ''}`}
            x={row.x - BAR_WIDTH / 2}
            y={axisY - row.height}
            width={BAR_WIDTH}
            height={row.height}
            rx={3}
            data-value={row.value}
            data-count={row.count}
          />
        ))}
        <line className="number-line-target" x1={line.target} x2={line.target} y1={30} y2={axisY + 12} />
        <text className="number-line-target-label" x={line.target} y={22} textAnchor={targetAnchor(line.target)}>
          ✓ {withUnit(numbers.target, unit)}
        </text>
        <text className="number-line-end" x={left} y={axisY + 45} textAnchor="middle">
          {formatNumber(Math.min(numbers.low, numbers.high))}
        </text>
        <text className="number-line-end" x={right} y={axisY + 45} textAnchor="middle">
          {formatNumber(Math.max(numbers.low, numbers.high))}
        </text>
      </svg>
      {line.values.length > 0 ? (
        <ul className="visually-hidden" aria-label="Numbers given">
          {line.values.map((row) => (
            <li key={row.value}>{givenNumberText(row, unit)}</li>
          ))}
        </ul>
      ) : (
        <p className="number-line-empty">No numbers were given.</p>
      )}
    </figure>
  )
}
