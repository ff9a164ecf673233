/**
 * The reveal: how many chose each option, as bars with their counts written out, and the right
 * answer marked with a ✓ and the words "Correct answer" (not by colour alone), then the
 * explanation. Plain elements, so it reads as a list to a screen reader.
 */
import type { LiveOption, LiveReveal } from '@/types/live-game'
import '../live.css'

export function RevealChart({ options, reveal, mine }: { options: LiveOption[]; reveal: LiveReveal; mine?: string | null }) {
  const most = Math.max(1, ...options.map((option) => reveal.counts[option.letter] ?? 0))
  return (
    <div className="live-reveal">
      <ul className="live-chart" aria-label="Answers per option">
        {options.map((option) => {
          const count = reveal.counts[option.letter] ?? 0
          const right = option.letter === reveal.answer
          return (
            <li key={option.letter} className={`live-chart-row live-option-${option.letter}${right ? ' is-right' : ''}`}>
              <span className="live-letter" aria-hidden="true">
                {option.letter}
              </span>
              <span className="live-chart-text">
                <span className="visually-hidden">{option.letter}. </span>
                {option.text}
                {right ? <span className="live-right-tag"> ✓ Correct answer</span> : null}
                {mine === option.letter ? <span className="live-mine-tag">Your answer</span> : null}
              </span>
              <span className="live-chart-bar" aria-hidden="true">
                <span className="live-chart-fill" style={{ width: `${(count / most) * 100}%` }} />
              </span>
              <span className="live-chart-count">
                {count}
                <span className="visually-hidden"> {count === 1 ? 'answer' : 'answers'}</span>
              </span>
            </li>
          )
        })}
      </ul>
      {reveal.explanation ? <p className="live-explanation">{reveal.explanation}</p> : null}
    </div>
  )
}
