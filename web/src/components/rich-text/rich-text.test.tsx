import { act, render, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { RichText } from './rich-text'

// Counts the loads of KaTeX's module, to see that a text without formulae loads nothing.
const loads = vi.hoisted(() => ({ count: 0 }))
vi.mock('./render-math', async (importOriginal) => {
  loads.count += 1
  return importOriginal()
})

/** Renders the text and waits until KaTeX has drawn (or refused) each formula in it. */
async function rendered(text: string) {
  const view = render(
    <p data-testid="text">
      <RichText text={text} />
    </p>,
  )
  await waitFor(() => expect(view.container.querySelector('.katex, .math-error')).not.toBeNull())
  return view.container
}

/** Lets `ms` pass, with whatever loads meanwhile drawn (inside act). */
const settle = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)))

/** Every size in em written in the element's styles. */
const emSizes = (root: Element) =>
  [...root.querySelectorAll('[style]')].flatMap((element) =>
    [...(element.getAttribute('style') ?? '').matchAll(/(-?[\d.]+)em/g)].map((match) => Math.abs(Number(match[1]))),
  )

describe('RichText', () => {
  // First: KaTeX's module is loaded once per file, by the first formula shown.
  it('given a text without formulae, when shown, then it is the plain text and loads nothing', async () => {
    const { container } = render(
      <p>
        <RichText text="It costs $5, or \( without end." />
      </p>,
    )
    expect(container.innerHTML).toBe('<p>It costs $5, or \\( without end.</p>')
    await settle(50)
    expect(container.querySelector('.katex')).toBeNull()
    expect(loads.count).toBe(0)
  })

  it('given \\(x^2\\), when shown, then its source shows while KaTeX loads, then MathML for screen readers', async () => {
    const { container } = render(
      <p>
        <RichText text="Solve \(x^2 = 4\) for x." />
      </p>,
    )
    expect(container.textContent).toBe('Solve \\(x^2 = 4\\) for x.')
    await waitFor(() => expect(container.querySelector('math')).not.toBeNull())
    expect(loads.count).toBe(1)
    const inline = container.querySelector('span.math-inline')
    expect(inline?.querySelector('.katex-mathml math annotation')?.textContent).toBe('x^2 = 4')
    // The drawing is hidden from screen readers (by KaTeX); the MathML is read.
    expect(inline?.querySelector('.katex-html')).toHaveAttribute('aria-hidden', 'true')
    // The text around the formula is kept.
    const p = container.querySelector('p')
    expect(p?.firstChild?.textContent).toBe('Solve ')
    expect(p?.lastChild?.textContent).toBe(' for x.')
  })

  it('given a block formula, when shown, then it is a block that may scroll sideways, valid inside a paragraph', async () => {
    const errors = vi.spyOn(console, 'error')
    const container = await rendered('Area: \\[\\pi r^2\\] and $$e^{i\\pi} = -1$$')
    expect(errors).not.toHaveBeenCalled()
    const blocks = container.querySelectorAll('.math-display')
    expect(blocks).toHaveLength(2)
    for (const block of blocks) expect(block.querySelector('.katex-display math[display="block"]')).not.toBeNull()
    expect(container.textContent).toContain('Area: ')
    expect(container.textContent).toContain(' and ')
  })

  it('given a broken formula, when shown, then its source shows as code with a title', async () => {
    const container = await rendered('Half: \\(\\frac{1}\\) done')
    const error = container.querySelector('code.math-error')
    expect(error?.textContent).toBe('\\(\\frac{1}\\)')
    expect(error).toHaveAttribute('title', 'This formula could not be shown')
    expect(container.textContent).toBe('Half: \\(\\frac{1}\\) done')
  })

  it('given an endless macro, when shown, then expansion stops and its source shows', async () => {
    const container = await rendered('\\(\\def\\a{\\a\\a}\\a\\)')
    expect(container.querySelector('code.math-error')?.textContent).toBe('\\(\\def\\a{\\a\\a}\\a\\)')
  })

  it('given links, images and HTML commands, when shown, then none of them reach the page', async () => {
    const container = await rendered(
      [
        '\\(\\href{javascript:alert(1)}{x}\\)',
        '\\(\\url{https://example.com}\\)',
        '\\[\\includegraphics{https://example.com/a.png}\\]',
        '\\(\\htmlClass{evil}{x}\\)',
        '\\(\\htmlId{pwn}{x}\\)',
        '\\(\\htmlStyle{position:fixed}{x}\\)',
        '\\(\\htmlData{foo=bar}{x}\\)',
      ].join(' '),
    )
    await waitFor(() => expect(container.querySelectorAll('.katex, .math-error')).toHaveLength(7))
    expect(container.querySelector('a, img, [href], [src], [xlink\\:href]')).toBeNull()
    expect(container.querySelector('.evil, #pwn, [data-foo]')).toBeNull()
    // The source is in MathML's annotation, as text; no attribute carries any of it.
    const attributes = [...container.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((a) => a.value))
    expect(attributes.filter((value) => /javascript|example\.com|position|evil|pwn|foo/.test(value))).toEqual([])
  })

  it('given huge sizes, when shown, then every size is bounded by maxSize (10em)', async () => {
    const container = await rendered('\\(\\rule{10000em}{1em}\\) \\(\\kern{10000em}x\\) \\(\\Huge x\\) \\[\\rule{100000em}{100000em}\\]')
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(4))
    const rule = container.querySelector('.rule')
    expect(rule?.getAttribute('style')).toMatch(/10em/)
    const sizes = emSizes(container)
    expect(sizes.length).toBeGreaterThan(0)
    // 10 em of the rule, plus the struts KaTeX adds around it.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10.5)
  })

  it('given formulae KaTeX styles by attribute, when shown, then no style attribute is set (the CSP allows none)', async () => {
    const setAttribute = vi.spyOn(Element.prototype, 'setAttribute')
    const container = await rendered('\\(\\vec{v}\\) \\[\\left(\\begin{matrix}a\\\\b\\\\c\\\\d\\\\e\\end{matrix}\\right)\\] \\(\\pmb{x}\\)')
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(3))
    // Set through the CSSOM instead (jsdom's MathML elements have no CSSOM: a browser's have).
    const styled = setAttribute.mock.calls.filter(([name], i) => name === 'style' && 'style' in (setAttribute.mock.contexts[i] as object))
    expect(styled).toEqual([])
    expect([...container.querySelectorAll('svg')].some((svg) => svg.style.width !== '')).toBe(true)
    expect(Element.prototype.setAttribute).toBe(setAttribute)
  })

  it('given HTML in the text, when shown, then it stays text', async () => {
    const container = await rendered('<b>bold</b> \\(\\text{<img src=x onerror=alert(1)>}\\)')
    expect(container.querySelector('b, img')).toBeNull()
    expect(container.textContent).toContain('<b>bold</b>')
  })
  it('given delimiters that make no formula, when shown, then the text stays as written', async () => {
    const { container } = render(
      <p>
        <RichText text="From \(x\] on" />
      </p>,
    )
    await waitFor(() => expect(loads.count).toBeGreaterThan(0))
    await settle(20)
    expect(container.innerHTML).toBe('<p>From \\(x\\] on</p>')
  })

  // Last: it loads the module afresh, with KaTeX's view failing to load.
  it('given KaTeX fails to load (offline), when a formula is shown, then the text stays as written', async () => {
    vi.resetModules()
    vi.doMock('./math-text', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    const { RichText: Offline } = await import('./rich-text')
    const { container } = render(
      <p>
        <Offline text="Solve \(x^2\)." />
      </p>,
    )
    await settle(50)
    expect(container.innerHTML).toBe('<p>Solve \\(x^2\\).</p>')
    vi.doUnmock('./math-text')
  })
})
