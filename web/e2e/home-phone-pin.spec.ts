/**
 * Joining from a phone (issue 29): on a 390 × 844 touch screen the home page opens with the game
 * PIN, its first form control, in view without scrolling; the keyboard meets it right after the
 * header. An incomplete PIN gets the join screen's message under the field; a full PIN goes to
 * the join screen with it filled in (the QR code's link, /play/live?pin=…), and one no game has
 * (PINs are 100000–999999, so 000000 never is one) gets the join screen's "No game with this
 * PIN" under the PIN. On a desktop the home page has no PIN field (the header links to the join).
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { focused, tabTo } from './support/keyboard'

/** Name and tag of the first visible form control (input, select, textarea, button) of `scope`. */
async function firstFormControl(page: Page, scope: string): Promise<{ tag: string; id: string } | null> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector)
    const controls = root ? [...root.querySelectorAll<HTMLElement>('input, select, textarea, button')] : []
    const first = controls.find((control) => control.getClientRects().length > 0 && getComputedStyle(control).visibility !== 'hidden')
    return first ? { tag: first.tagName.toLowerCase(), id: first.id } : null
  }, scope)
}

test.describe('a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the home page opens with the game PIN, and a wrong one gets the join screen’s message', async ({ page }) => {
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Join a live game' })
    const pin = form.getByLabel('Game PIN')
    const join = form.getByRole('button', { name: 'Join', exact: true })
    await expect(pin).toBeVisible()
    await expect(pin).toHaveAttribute('inputmode', 'numeric')
    await expect(pin).toHaveAttribute('autocomplete', 'off')

    // The first form control: of the page's content, and the first field of the whole page
    // (before it only the header's links and its Menu button).
    const pinId = await pin.getAttribute('id')
    expect(await firstFormControl(page, 'main')).toEqual({ tag: 'input', id: pinId })
    expect(await page.evaluate(() => document.querySelector('input, select, textarea')?.id)).toBe(pinId)
    // Above the tagline, and in view with its button without scrolling.
    const tagline = page.getByRole('heading', { level: 1, name: 'Engage. Educate. Empower.' })
    const [pinBox, taglineBox] = [await pin.boundingBox(), await tagline.boundingBox()]
    expect(pinBox && taglineBox && pinBox.y < taglineBox.y).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expect(pin).toBeInViewport({ ratio: 1 })
    await expect(join).toBeInViewport({ ratio: 1 })

    // The keyboard: past the skip link, the brand and the Menu, the PIN comes first.
    await tabTo(page, 'Menu', { max: 3 })
    await page.keyboard.press('Tab')
    expect((await focused(page)).id).toBe(pinId)

    // Digits only; an incomplete PIN is refused here with the join screen's message, announced.
    await pin.pressSequentially('12ab3')
    await expect(pin).toHaveValue('123')
    await join.tap()
    await expect(form.getByRole('alert')).toHaveText('Please enter the 6-digit game PIN')
    await expect(pin).toHaveAttribute('aria-invalid', 'true')
    await expect(pin).toBeFocused()
    await expect(page).toHaveURL(/\/$/)

    // A PIN no game has: the join screen, the PIN filled in, then its refusal under the PIN.
    await pin.fill('000000')
    await expect(form.getByRole('alert')).toHaveCount(0)
    await join.tap()
    await expect(page).toHaveURL(/\/play\/live\?pin=000000$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Join a live game' })).toBeVisible()
    const livePin = page.getByLabel('Game PIN')
    await expect(livePin).toHaveValue('000000')
    await page.getByLabel('Nickname').fill('Pia')
    await page.getByRole('button', { name: 'Join', exact: true }).tap()
    await expect(page.getByText('No game with this PIN')).toBeVisible()
    await expect(livePin).toHaveAttribute('aria-invalid', 'true')
    await expect(livePin).toHaveAccessibleDescription('No game with this PIN')
  })
})

test.describe('desktop', () => {
  test('the home page has no PIN field; the header leads to the join', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Engage. Educate. Empower.' })).toBeVisible()
    await expect(page.getByLabel('Game PIN')).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join a live game' })).toBeVisible()
  })
})
