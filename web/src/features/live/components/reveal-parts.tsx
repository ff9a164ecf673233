/**
 * An ordering, matching, categorize or gaps reveal on the presenter (issue 29): for each part
 * (an ordering's place, a matching's left item, a categorize question's item, a text's gap), the
 * share of the players who answered that got it right, as a bar with its percentage written out.
 * Drawn with the option bars' styles (`live-chart`); an ordering's places are numbered. The share
 * is the rule of `@/lib/part-shares`, which a hosted quiz's insights use too.
 */
import { useId } from 'react'
import { RichText } from '@/components/rich-text/rich-text'
import { partsTitle, shareOfAnswers } from '@/lib/part-shares'
import type { LiveTypedReveal, RevealPart } from '@/types/live-game'
import '../live.css'
import '../live-presenter.css'

export function RevealParts({ type, parts, answered }: { type: LiveTypedReveal['type']; parts: RevealPart[]; answered: number }) {
  const titleId = useId()
  const ordered = type === 'ordering'
  const List = ordered ? 'ol' : 'ul'
  return (
    <div className={`live-parts${ordered ? ' is-ordered' : ''}`}>
      <p id={titleId} className="live-parts-title">
        {partsTitle(type)}
      </p>
      <List className="live-chart" aria-labelledby={titleId}>
        {parts.map((part, i) => {
          const share = shareOfAnswers(part.right, answered)
          return (
            <li key={i} className="live-chart-row">
              {ordered ? (
                <span className="live-letter" aria-hidden="true">
                  {i + 1}
                </span>
              ) : null}
              <span className="live-chart-text">
                <RichText text={part.label} />
              </span>
              <span className="live-chart-bar" aria-hidden="true">
                <span className="live-chart-fill" style={{ width: `${share}%` }} />
              </span>
              <span className="live-chart-count">
                {share}%<span className="visually-hidden"> right</span>
              </span>
            </li>
          )
        })}
      </List>
    </div>
  )
}
