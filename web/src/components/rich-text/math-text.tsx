/**
 * A host's text with its formulae drawn by KaTeX (issue 30, decision 0058); RichText loads this
 * module lazily, with KaTeX, its style sheet and its fonts, only for a text that may hold a
 * formula. An inline formula is a span; a block one is a span shown as a block (so it may sit in
 * a <p>, a heading or a button), scrolled sideways when too wide, and then focusable (a group
 * labelled "Formula") so a keyboard can scroll it, unless it sits inside a control. A formula
 * KaTeX refuses shows its source, marked, and never breaks the page. Screen readers read KaTeX's
 * MathML (its drawing is aria-hidden by KaTeX itself).
 *
 * KaTeX's nodes are put in an empty span React leaves alone, not as HTML (no
 * dangerouslySetInnerHTML): no markup is ever parsed, and the Content-Security-Policy's ban on
 * inline style attributes holds (render-math.ts).
 */
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { renderMath } from './render-math'
import { splitMath, type Segment } from './split-math'

/** KaTeX's nodes for the formula, or null when KaTeX refused it. */
function draw(tex: string, display: boolean): Node | null {
  try {
    return renderMath(tex, display)
  } catch {
    return null
  }
}

/** A span holding KaTeX's node; a block one scrolls sideways when too wide, and is then reachable by keyboard. */
function Drawn({ node, display }: { node: Node; display: boolean }) {
  const ref = useRef<HTMLSpanElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    element.replaceChildren(node)
    // Inside a button or a label a focus stop of its own would be a control in a control.
    if (!display || typeof ResizeObserver === 'undefined' || element.parentElement?.closest('button, a, label, summary, [role="button"]')) return
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth + 1))
    observer.observe(element)
    return () => observer.disconnect()
  }, [node, display])
  if (!display) return <span ref={ref} className="math-inline" />
  return (
    <span
      ref={ref}
      className="math-display"
      role={scrolls ? 'group' : undefined}
      aria-label={scrolls ? 'Formula' : undefined}
      tabIndex={scrolls ? 0 : undefined}
    />
  )
}

function Formula({ segment }: { segment: Extract<Segment, { kind: 'math' }> }) {
  const { tex, display, source } = segment
  const node = useMemo(() => draw(tex, display), [tex, display])
  if (node) return <Drawn node={node} display={display} />
  return (
    <code className="math-error" title="This formula could not be shown">
      {source}
    </code>
  )
}

export default function MathText({ text }: { text: string }): ReactNode {
  const segments = useMemo(() => splitMath(text), [text])
  return segments.map((segment, i) => (segment.kind === 'text' ? segment.text : <Formula key={i} segment={segment} />))
}
