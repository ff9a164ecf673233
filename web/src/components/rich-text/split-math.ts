/**
 * Where the formulae are in a host's text (issue 30, decision 0058): LaTeX between `\(` and `\)`
 * is inline, between `\[` and `\]` or `$$` and `$$` it is a block. Everything else is text: an
 * opening delimiter never closed, a single `$` (prices like $5), an escaped `\$` (kept as
 * written), an empty formula, a formula longer than 2,000 characters (all of it, delimiters
 * too), and every formula after the 50th. Inside a formula `\x` is one token, so `\\` (a new
 * row) or `\$` never closes it. Pure and linear in the text's length. It loads with KaTeX
 * (math-text.tsx), only where a text may hold a formula (`hasMath`).
 */

export type Segment = { kind: 'text'; text: string } | { kind: 'math'; source: string; tex: string; display: boolean }

export const MOST_FORMULAE = 50
export const MOST_FORMULA_CHARS = 2000

/** Openers and their closers; `$$` is both. */
const CLOSERS: Record<string, string> = { '\\(': '\\)', '\\[': '\\]', $$: '$$' }

// The cheap check lives apart, so the first load has it without the splitter.
export { hasMath } from './has-math'

/** Where `closer` starts after `from` (a `\x` pair read as one), or -1. */
function closeAt(text: string, from: number, closer: string): number {
  for (let i = from; i < text.length - 1; i++) {
    if (text.startsWith(closer, i)) return i
    if (text[i] === '\\') i++
  }
  return -1
}

export function splitMath(text: string): Segment[] {
  const segments: Segment[] = []
  /** Start of the text not yet put in a segment. */
  let rest = 0
  let formulae = 0
  /** Openers already known to have no closer after them. */
  const unclosed = new Set<string>()
  for (let i = 0; i < text.length - 1 && formulae < MOST_FORMULAE; i++) {
    const pair = text.slice(i, i + 2)
    const closer = CLOSERS[pair]
    if (!closer) {
      // `\$` stays text; the dollar after it opens nothing.
      if (pair === '\\$') i++
      continue
    }
    const end = unclosed.has(pair) ? -1 : closeAt(text, i + 2, closer)
    if (end < 0) {
      unclosed.add(pair)
      i++
      continue
    }
    const tex = text.slice(i + 2, end)
    const next = end + 2
    if (tex.trim() !== '' && tex.length <= MOST_FORMULA_CHARS) {
      if (i > rest) segments.push({ kind: 'text', text: text.slice(rest, i) })
      segments.push({ kind: 'math', source: text.slice(i, next), tex, display: pair !== '\\(' })
      formulae++
      rest = next
    }
    i = next - 1
  }
  if (rest < text.length) segments.push({ kind: 'text', text: text.slice(rest) })
  return segments
}
