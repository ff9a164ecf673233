/**
 * One formula drawn by KaTeX (issue 30, decision 0058). Only math-text.tsx imports this module,
 * and RichText loads that one lazily: KaTeX, its style sheet and its fonts load only where a
 * formula is shown. The options make a host's LaTeX harmless and bounded: `trust: false` turns
 * \href, \url, \includegraphics and \htmlClass / \htmlId / \htmlStyle / \htmlData into plain
 * (red) text, so nothing of the host's becomes a link, an image, a class, an id, a style or a
 * data attribute; `maxExpand` ends endless macros (`\def\a{\a\a}\a`); `maxSize` caps every size
 * written (\rule, \kern…) at 10 em. The result holds KaTeX's drawing (aria-hidden by KaTeX) and
 * MathML for screen readers. An error throws: the caller shows the formula's source instead.
 *
 * Built as DOM nodes (`katex.render`), not as an HTML string: the server's Content-Security-Policy
 * allows no inline style attribute (`style-src 'self'`), so styles in parsed HTML (innerHTML) would
 * be dropped, each with a violation. KaTeX sets most of its styles through the CSSOM, which the
 * policy allows, but a few with `setAttribute('style', …)` (an SVG's width in \vec or a tall
 * delimiter, \pmb and \fcolorbox in MathML): those go through `style.cssText` instead.
 */
import katex from 'katex'
import 'katex/dist/katex.min.css'

const OPTIONS = {
  trust: false,
  throwOnError: true,
  strict: 'ignore',
  maxSize: 10,
  maxExpand: 200,
  output: 'htmlAndMathml',
} as const

/** The formula as a detached node (a span `.katex`, in a `.katex-display` for a block); throws when KaTeX cannot draw it. */
export function renderMath(tex: string, display: boolean): Node {
  const holder = document.createElement('span')
  const { setAttribute } = Element.prototype
  // Only for this synchronous call (KaTeX builds the nodes, nothing else runs meanwhile): a
  // style attribute goes through the CSSOM, which the policy allows, where the element has one.
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    const { style } = this as Partial<ElementCSSInlineStyle>
    if (name.toLowerCase() === 'style' && style) style.cssText = value
    else setAttribute.call(this, name, value)
  }
  try {
    katex.render(tex, holder, { ...OPTIONS, displayMode: display })
  } finally {
    Element.prototype.setAttribute = setAttribute
  }
  return holder.firstChild ?? holder
}
