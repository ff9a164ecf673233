/**
 * An ordering's, matching's, categorize question's or text's share right per part (issue 29):
 * each place, pair, item or gap in the definition's order, with the share of the answers that got
 * it right as a bar and its percentage in words; the parts most often wrong are marked "most often
 * wrong" (in words and with ⚠, besides the bar's colour). An ordering's places are numbered; a
 * part's formulae are drawn (issue 30, RichText).
 */
import { useId } from 'react'
import { RichText } from '@/components/rich-text/rich-text'
import { partsTitle } from '@/lib/part-shares'
import type { QuestionFigures } from '../api/insights-types'
import { INSIGHTS_TEXTS } from '../utils/insights-texts'
import { partRows } from '../utils/part-rows'
import { ShareBar } from './charts/share-bar'

export function QuestionParts({ question }: { question: QuestionFigures }) {
  const titleId = useId()
  const rows = partRows(question)
  if (rows.length === 0) return null
  const ordered = question.type === 'ordering'
  const List = ordered ? 'ol' : 'ul'
  return (
    <div className="insights-parts">
      <h4 id={titleId} className="insights-given-title">
        {partsTitle(question.type)}
      </h4>
      <List className="insights-parts-list" aria-labelledby={titleId}>
        {rows.map((row, i) => (
          <li key={row.key} className={`insights-part${row.weakest ? ' is-weakest' : ''}`}>
            <span className="insights-part-label">
              {ordered ? (
                <span className="insights-part-place" aria-hidden="true">
                  {`${i + 1}. `}
                </span>
              ) : null}
              <RichText text={row.label} />
            </span>
            <ShareBar share={row.share / 100} text={`${row.share}% right`} tone={row.weakest ? 'warn' : 'plain'} />
            {row.weakest ? (
              <span className="insights-part-weakest">
                <span aria-hidden="true">⚠ </span>
                {INSIGHTS_TEXTS.mostOftenWrong}
              </span>
            ) : null}
          </li>
        ))}
      </List>
    </div>
  )
}
