/**
 * What the presenter adds to the reveal of a question of another type (issue 29), beside what
 * the phones show too (`TypedReveal`): a numeric or slider question's numbers on a line, and an
 * ordering's, matching's, categorize question's or text's share right per part. Nothing when the
 * server sent neither (another type, or an older server). Loaded with the presenter only.
 */
import { NumberLine } from '@/components/number-line/number-line'
import type { LiveTypedReveal } from '@/types/live-game'
import { RevealParts } from './reveal-parts'

export function RevealDetails({ reveal }: { reveal: LiveTypedReveal }) {
  return (
    <>
      {reveal.numbers ? <NumberLine numbers={reveal.numbers} /> : null}
      {reveal.parts && reveal.parts.length > 0 ? <RevealParts type={reveal.type} parts={reveal.parts} answered={reveal.answered} /> : null}
    </>
  )
}
