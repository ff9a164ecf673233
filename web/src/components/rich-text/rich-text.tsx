/**
 * A host's text with its formulae (issue 30, decision 0058): question texts, options, items,
 * right answers and explanations, wherever players and hosts read them. A text with no formula
 * (`hasMath`) is the plain string, and nothing more is loaded; a text with one loads KaTeX
 * lazily (math-text.tsx, with render-math.ts, KaTeX's style sheet and fonts), showing the text
 * as written meanwhile, and as written for good if the load fails. This module is on the first
 * load (the play screen): keep it this small.
 */
import { lazy, Suspense } from 'react'
import { hasMath } from './has-math'
import './rich-text.css'

const MathText = lazy(() =>
  import('./math-text').catch(() => ({ default: ({ text }: { text: string }) => text })),
)

export function RichText({ text }: { text: string }) {
  if (!hasMath(text)) return text
  return (
    <Suspense fallback={text}>
      <MathText text={text} />
    </Suspense>
  )
}
