/**
 * Text resized to 200% without loss (WCAG 1.4.4, issue 15): at 1280×800 with the text doubled,
 * the main screens neither scroll sideways nor clip any text.
 *
 * How the text is doubled: every font size in the app's CSS is in rem/em (src/app/styles.css
 * and the feature sheets; `:root` sets no font size of its own), so doubling the root element's
 * font size — what a browser's "text size" setting does — doubles all the text, while the
 * layout's px widths and the viewport stay as they are. An init script sets
 * `document.documentElement.style.fontSize = '200%'` on every page before the app renders
 * (through the CSSOM, which the Content-Security-Policy allows; as soon as the parser has made
 * the <html> element, which it may not have when the script runs). The test checks that it took:
 * the root's computed font size is twice the browser's default.
 */
import type { Page } from '@playwright/test'
import { createVerifiedAccount, expect, signInThroughForm, test } from './support/fixtures'

test.use({ viewport: { width: 1280, height: 800 } })

type Clipped = { tag: string; cls: string; text: string; scrollWidth: number; clientWidth: number; why: string }
type Report = { checked: number; clipped: Clipped[]; pageScrollWidth: number; innerWidth: number; rootFontSize: number }

/**
 * Every visible element with text of its own (a non-blank direct text node) is checked; an
 * inline element (whose scroll and client widths are 0) is checked through its nearest
 * non-inline ancestor. Clipped: its content is wider than its box (scrollWidth > clientWidth + 1),
 * unless it is a scrollable region (overflow-x auto/scroll) or an ellipsis whose title or
 * aria-label carries the full text; or its text lies outside the viewport's width.
 */
async function inspect(page: Page): Promise<Report> {
  return page.evaluate(() => {
    const isShown = (element: Element): boolean => {
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none') return false
      if (element.getClientRects().length === 0) return false
      // The visually-hidden helper (1px box with clip) is for screen readers only.
      for (let node: Element | null = element; node; node = node.parentElement) {
        const s = getComputedStyle(node)
        if (s.clip !== 'auto' && s.clip !== '' && s.position === 'absolute') return false
        if (s.clipPath !== 'none' && s.clipPath !== '') return false
      }
      return true
    }
    const boxOf = (element: Element): Element => {
      let node: Element = element
      while (node.parentElement && getComputedStyle(node).display === 'inline') node = node.parentElement
      return node
    }

    const withText = new Set<Element>()
    const boxes = new Set<Element>()
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg', 'OPTION'].includes(element.tagName)) continue
      const ownText = Array.from(element.childNodes).some(
        (child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim() !== '',
      )
      if (!ownText || !isShown(element)) continue
      withText.add(element)
      boxes.add(boxOf(element))
    }

    const clipped: Clipped[] = []
    const describe = (element: Element, why: string) => ({
      tag: element.tagName.toLowerCase(),
      cls: element.getAttribute('class') ?? '',
      text: (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80),
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      why,
    })
    for (const box of boxes) {
      if (box.scrollWidth <= box.clientWidth + 1) continue
      const style = getComputedStyle(box)
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue
      if (style.textOverflow === 'ellipsis') {
        const full = (box.textContent ?? '').trim()
        const named = [box.getAttribute('title'), box.getAttribute('aria-label')]
        if (named.some((name) => name !== null && name.includes(full))) continue
      }
      clipped.push(describe(box, 'content wider than its box'))
    }
    // Text pushed out of the viewport sideways is lost too (the page may not scroll to it).
    for (const element of withText) {
      for (const rect of Array.from(element.getClientRects())) {
        if (rect.width > 0 && (rect.left < -1 || rect.right > window.innerWidth + 1)) {
          clipped.push(describe(element, `text at x ${Math.round(rect.left)}–${Math.round(rect.right)}`))
          break
        }
      }
    }

    return {
      checked: withText.size,
      clipped,
      pageScrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      rootFontSize: parseFloat(getComputedStyle(document.documentElement).fontSize),
    }
  })
}

async function check(page: Page, screen: string): Promise<void> {
  const report = await inspect(page)
  // Twice the browser's default of 16px.
  expect(report.rootFontSize, `${screen}: root font size`).toBe(32)
  expect(report.clipped, `${screen}: clipped text`).toEqual([])
  expect(report.pageScrollWidth, `${screen}: horizontal scroll`).toBeLessThanOrEqual(report.innerWidth + 1)
  expect(report.checked, `${screen}: text elements`).toBeGreaterThan(5)
  console.log(`text 200%: ${screen}: ${report.checked} text elements checked, ${report.clipped.length} clipped`)
}

test('text at 200%: no horizontal scroll and no clipped text on the main screens', async ({ page, request }) => {
  await page.addInitScript(() => {
    // The script may run before the parser has made the <html> element: wait for it then.
    const double = () => {
      if (!document.documentElement) return false
      document.documentElement.style.fontSize = '200%'
      return true
    }
    if (double()) return
    const observer = new MutationObserver(() => {
      if (double()) observer.disconnect()
    })
    observer.observe(document, { childList: true })
  })

  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Engage. Educate. Empower.' })).toBeVisible()
  await check(page, 'home')

  await page.goto('/signup')
  const form = page.getByRole('form', { name: 'Create account' })
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(form.getByText('First name is required')).toBeVisible()
  await expect(form.getByText('Please confirm your password')).toBeVisible()
  await check(page, 'sign up (empty-form errors)')
  await page.getByLabel('First Name').fill('Ada')
  await page.getByLabel('Last Name').fill('Lovelace')
  await page.getByLabel('Email').fill('not-an-address')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByLabel('Confirm Password').fill('different')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await check(page, 'sign up (format errors)')

  await page.goto('/pricing')
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible()
  await check(page, 'pricing')

  await page.goto('/signin')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await check(page, 'sign in')

  const account = await createVerifiedAccount(request, { firstName: 'Tess', lastName: 'Textsize', label: 'resize' })
  await signInThroughForm(page, account.email, account.password)
  await expect(page).toHaveURL(/\/$/)

  await page.goto('/play/categories')
  await expect(page.getByRole('heading', { name: 'Quiz Categories' })).toBeVisible()
  const cards = page.getByRole('list', { name: 'Categories' }).getByRole('button')
  await expect(cards).toHaveCount(15)
  await check(page, 'categories')

  await page.getByPlaceholder('Find category').fill('CHEMISTRY')
  await expect(cards).toHaveCount(1)
  await cards.first().click()
  await expect(page).toHaveURL(/\/play\/quiz$/)
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible()
  await check(page, 'quiz taking')

  // Leaving a quiz in progress may ask first (beforeunload): leave.
  page.on('dialog', (dialog) => void dialog.accept())
  await page.goto('/host/quiz')
  await expect(page.getByRole('heading', { name: 'Host Quiz' })).toBeVisible()
  await check(page, 'host form')
})
