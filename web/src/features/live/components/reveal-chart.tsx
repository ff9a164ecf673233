/**
 * The reveal: how many chose each option, as bars with their counts written out, and the right
 * answer marked with a ✓ and the words "Correct answer" (not by colour alone), then the
 * explanation. Plain elements, so it reads as a list to a screen reader. `AnswerChart` draws the
 * bars of any rows: the options A–D here, the options of other types in `TypedReveal`.
 */
import type { ReactNode } from 'react'
import { RichText } from '@/components/rich-text/rich-text'
import type { LiveLetterReveal, LiveOption } from '@/types/live-game'
import { answersWord } from '../utils/live-texts'
import '../live.css'

/**
 * One bar: its letter (shown as a badge), its text, its count, and its colour (`live-option-A`…);
 * a picture the option shows, beside its text.
 */
export type ChartRow = { letter: string; text: string; count: number; right: boolean; mine?: boolean; tone: string; picture?: ReactNode }

export function AnswerChart({ rows, label = 'Answers per option' }: { rows: ChartRow[]; label?: string }) {
  const most = Math.max(1, ...rows.map((row) => row.count))
  return (
    <ul className="live-chart" aria-label={label}>
      {rows.map((row) => (
        <li key={row.letter} className={`live-chart-row ${row.tone}${row.right ? ' is-right' : ''}`}>
          <span className="live-letter" aria-hidden="true">
            {row.letter}
          </span>
          <span className="live-chart-text">
            <span className="visually-hidden">{row.letter}. </span>
            <RichText text={row.text} />
            {row.right ? <span className="live-right-tag"> ✓ Correct answer</span> : null}
            {row.mine ? <span className="live-mine-tag">Your answer</span> : null}
          </span>
          {row.picture ?? null}
          <span className="live-chart-bar" aria-hidden="true">
            <span className="live-chart-fill" style={{ width: `${(row.count / most) * 100}%` }} />
          </span>
          <span className="live-chart-count">
            {row.count}
            <span className="visually-hidden"> {answersWord(row.count)}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}

export function RevealChart({ options, reveal, mine }: { options: LiveOption[]; reveal: LiveLetterReveal; mine?: string | null }) {
  const rows = options.map((option) => ({
    letter: option.letter,
    text: option.text,
    count: reveal.counts[option.letter] ?? 0,
    right: option.letter === reveal.answer,
    mine: mine === option.letter,
    tone: `live-option-${option.letter}`,
  }))
  return (
    <div className="live-reveal">
      <AnswerChart rows={rows} />
      {reveal.explanation ? (
        <p className="live-explanation">
          <RichText text={reveal.explanation} />
        </p>
      ) : null}
    </div>
  )
}
