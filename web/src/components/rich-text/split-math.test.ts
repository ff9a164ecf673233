import { describe, expect, it } from 'vitest'
import { hasMath, MOST_FORMULA_CHARS, MOST_FORMULAE, splitMath, type Segment } from './split-math'

const text = (value: string): Segment => ({ kind: 'text', text: value })
const inline = (tex: string): Segment => ({ kind: 'math', source: `\\(${tex}\\)`, tex, display: false })
const block = (tex: string, open = '\\[', close = '\\]'): Segment => ({ kind: 'math', source: `${open}${tex}${close}`, tex, display: true })

describe('splitMath', () => {
  it('given a text without formulae, when split, then it is one text', () => {
    expect(splitMath('What is the capital of France?')).toEqual([text('What is the capital of France?')])
    expect(splitMath('')).toEqual([])
  })

  it('given \\( … \\), when split, then the formula is inline and the text around it is kept', () => {
    expect(splitMath('Solve \\(x^2 = 4\\) for x.')).toEqual([text('Solve '), inline('x^2 = 4'), text(' for x.')])
    expect(splitMath('\\(a\\)')).toEqual([inline('a')])
  })

  it('given \\[ … \\] or $$ … $$, when split, then the formula is a block', () => {
    expect(splitMath('Area: \\[\\pi r^2\\] done')).toEqual([text('Area: '), block('\\pi r^2'), text(' done')])
    expect(splitMath('$$\\int_0^1 x\\,dx$$')).toEqual([block('\\int_0^1 x\\,dx', '$$', '$$')])
  })

  it('given several formulae, when split, then each is its own segment in order', () => {
    expect(splitMath('\\(a\\) and \\[b\\] and $$c$$.')).toEqual([
      inline('a'),
      text(' and '),
      block('b'),
      text(' and '),
      block('c', '$$', '$$'),
      text('.'),
    ])
  })

  it('given an opening delimiter never closed, when split, then it is plain text', () => {
    expect(splitMath('Half \\(x^2 open')).toEqual([text('Half \\(x^2 open')])
    expect(splitMath('Half \\[x open')).toEqual([text('Half \\[x open')])
    expect(splitMath('Costs $$ a lot')).toEqual([text('Costs $$ a lot')])
    // A closer of another kind closes nothing.
    expect(splitMath('\\(x\\]')).toEqual([text('\\(x\\]')])
  })

  it('given an unclosed opener before a whole formula, when split, then the formula is still found', () => {
    expect(splitMath('\\[ and \\(y\\)')).toEqual([text('\\[ and '), inline('y')])
  })

  it('given single dollars, when split, then they are text (prices stay prices)', () => {
    expect(splitMath('It costs $5 or $6.')).toEqual([text('It costs $5 or $6.')])
    expect(hasMath('It costs $5 or $6.')).toBe(false)
  })

  it('given an escaped dollar, when split, then it stays text as written and opens nothing', () => {
    expect(splitMath('\\$$x$$')).toEqual([text('\\$$x$$')])
    expect(splitMath('Pay \\$5 for \\(x\\)')).toEqual([text('Pay \\$5 for '), inline('x')])
  })

  it('given \\\\ or \\$ inside a formula, when split, then they do not close it', () => {
    expect(splitMath('\\[a \\\\ b\\]')).toEqual([block('a \\\\ b')])
    expect(splitMath('$$\\$5$$')).toEqual([block('\\$5', '$$', '$$')])
    // `\\)` is a new row then `)`: the formula goes on to the real closer.
    expect(splitMath('\\(a\\\\)b\\)')).toEqual([inline('a\\\\)b')])
  })

  it('given an empty formula, when split, then it is text', () => {
    expect(splitMath('\\(\\) and $$  $$')).toEqual([text('\\(\\) and $$  $$')])
  })

  it('given a formula of more than 2,000 characters, when split, then all of it is text, delimiters too', () => {
    const long = 'x'.repeat(MOST_FORMULA_CHARS + 1)
    expect(splitMath(`$$${long}$$ then $$y$$`)).toEqual([text(`$$${long}$$ then `), block('y', '$$', '$$')])
    const longest = 'x'.repeat(MOST_FORMULA_CHARS)
    expect(splitMath(`\\(${longest}\\)`)).toEqual([inline(longest)])
  })

  it('given more than 50 formulae, when split, then the ones after the 50th are text', () => {
    const segments = splitMath('\\(a\\)'.repeat(MOST_FORMULAE + 2))
    expect(segments.filter((segment) => segment.kind === 'math')).toHaveLength(MOST_FORMULAE)
    expect(segments.at(-1)).toEqual(text('\\(a\\)\\(a\\)'))
  })

  it('given a long text of openers and no closer, when split, then it ends quickly as text', () => {
    const many = `${'a \\( b \\[ c '.repeat(20_000)}$$`
    const started = performance.now()
    const segments = splitMath(many)
    expect(segments).toHaveLength(1)
    expect(segments[0]).toEqual(text(many))
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})

describe('hasMath', () => {
  it('given a text, when checked, then it says whether an opener with a closer after it is there', () => {
    expect(hasMath('Plain text, $5.')).toBe(false)
    expect(hasMath('\\(x\\)')).toBe(true)
    expect(hasMath('\\[x\\]')).toBe(true)
    expect(hasMath('$$x$$')).toBe(true)
    expect(hasMath('\\( open')).toBe(false)
    expect(hasMath('closed \\) before \\( opened')).toBe(false)
  })

  it('given a text it cannot judge cheaply, when checked, then it says maybe and splitMath decides', () => {
    expect(hasMath('\\(x\\]')).toBe(true)
    expect(splitMath('\\(x\\]')).toEqual([text('\\(x\\]')])
  })
})
