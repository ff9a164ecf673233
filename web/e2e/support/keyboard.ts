/**
 * Keyboard-only driving for the e2e specs (issue 15): what has focus, whether its focus is
 * visible, and Tab / Shift+Tab until focus reaches an element — every stop on the way must show
 * its focus too. Only `page.keyboard` moves focus here; the page is read with `evaluate`.
 */
import { expect, type Page } from '@playwright/test'

/** The focused element as a keyboard user meets it. */
export type Focused = {
  tag: string
  role: string
  /** Its accessible name, roughly: aria-label, the text of aria-labelledby, a label, or its text. */
  name: string
  id: string
  /** `:focus-visible` matches. */
  focusVisible: boolean
  outline: string
  boxShadow: string
  /** It has a visible outline or box-shadow while focused. */
  ringShown: boolean
  /** Nothing is focused (the body). */
  none: boolean
}

export async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body || !(element instanceof HTMLElement)) {
      return { tag: 'body', role: '', name: '', id: '', focusVisible: false, outline: '', boxShadow: '', ringShown: false, none: true }
    }
    /** The text a screen reader would read: without the aria-hidden parts. */
    const text = (node: Element | null) => {
      if (!node) return ''
      const clone = node.cloneNode(true) as Element
      clone.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove())
      return (clone.textContent ?? '').replace(/\s+/g, ' ').trim()
    }
    const labelledBy = element.getAttribute('aria-labelledby')
    const labels = 'labels' in element ? (element as HTMLInputElement).labels : null
    const name =
      element.getAttribute('aria-label') ??
      (labelledBy ? labelledBy.split(/\s+/).map((id) => text(document.getElementById(id))).join(' ') : null) ??
      (labels && labels.length > 0 ? text(labels[0]) : null) ??
      text(element)
    const style = getComputedStyle(element)
    const outlineShown = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    const shadowShown = style.boxShadow !== 'none' && style.boxShadow !== ''
    return {
      tag: element.tagName.toLowerCase(),
      role: element.getAttribute('role') ?? '',
      name,
      id: element.id,
      focusVisible: element.matches(':focus-visible'),
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      ringShown: outlineShown || shadowShown,
      none: false,
    }
  })
}

/** Fails unless something has keyboard focus and shows it (a non-'none' outline or box-shadow). */
export async function expectFocusVisible(page: Page, where = ''): Promise<Focused> {
  const now = await focused(page)
  expect(now.none, `${where}: nothing has focus`).toBe(false)
  expect(now.ringShown, `${where}: focus on <${now.tag}> "${now.name}" is not visible (outline ${now.outline}, box-shadow ${now.boxShadow})`).toBe(true)
  return now
}

export type Target = string | RegExp | ((focused: Focused) => boolean)

function matches(target: Target, now: Focused): boolean {
  if (typeof target === 'function') return target(now)
  if (typeof target === 'string') return now.name === target
  return target.test(now.name)
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element's name matches `target`,
 * at most `max` times; every element passed on the way must show its focus.
 */
export async function tabTo(page: Page, target: Target, { back = false, max = 60 } = {}): Promise<Focused> {
  const seen: string[] = []
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    seen.push(now.none ? '(body)' : `<${now.tag}> ${now.name}`.slice(0, 60))
    if (!now.none && !now.ringShown) {
      throw new Error(`focus on <${now.tag}> "${now.name}" is not visible (outline ${now.outline}, box-shadow ${now.boxShadow})`)
    }
    if (!now.none && matches(target, now)) return now
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)} in ${max} presses; focus went:\n  ${seen.join('\n  ')}`)
}

/** Types into the focused field (focus must be on `name` first). */
export async function typeInto(page: Page, name: Target, text: string): Promise<void> {
  const now = await focused(page)
  expect(matches(name, now), `expected focus on ${String(name)}, not <${now.tag}> "${now.name}"`).toBe(true)
  await page.keyboard.type(text)
}
