/**
 * A numeric or slider question's numbers given (issue 29), on the number line the live presenter
 * draws at a reveal: how many gave each number, the stretch that counts as right and the right
 * answer, with the same figures in words for screen readers (the drawing's caption and list).
 */
import { NumberLine } from '@/components/number-line/number-line'
import type { NumberFigures } from '../api/insights-types'
import { INSIGHTS_TEXTS } from '../utils/insights-texts'

export function QuestionNumbers({ numbers }: { numbers: NumberFigures }) {
  return (
    <div className="insights-numbers">
      <h4 className="insights-given-title">{INSIGHTS_TEXTS.numbersGiven}</h4>
      <NumberLine numbers={numbers} />
    </div>
  )
}
