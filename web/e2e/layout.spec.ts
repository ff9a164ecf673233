/**
 * Layout checks with screenshots: a 360 px phone (no horizontal scroll, the Menu panel) and
 * desktop views of home, sign-up and pricing. The pictures go to $QUIZROOM_E2E_SCREENSHOT_DIR
 * (default /tmp/qr-e2e) for a human to look at.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { createVerifiedAccount, expect, signInThroughForm, test } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'

test.beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }))

const shot = (name: string) => path.join(SCREENSHOT_DIR, name)

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth))
}

test.describe('360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

  test('home has no horizontal scroll and the Menu opens with its links', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Engage. Educate. Empower.' })).toBeVisible()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360)
    await page.screenshot({ path: shot('home-360.png'), fullPage: true })

    const menu = page.getByRole('button', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    // The desktop Sign In sits in the menu on phones.
    await expect(page.locator('.header-actions')).toBeHidden()
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' })
    await expect(mobileNav).toBeVisible()
    await expect(mobileNav.getByRole('button', { name: 'Sign In' })).toBeVisible()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360)
    await page.screenshot({ path: shot('home-360-menu.png') })

    await mobileNav.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/signin$/)
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360)
  })

  test('signed in under /play the Menu lists Leaderboard, the user and Logout', async ({ page, request }) => {
    const account = await createVerifiedAccount(request, { firstName: 'Mary', lastName: 'Jackson', label: 'phone' })
    await page.goto('/signin')
    await signInThroughForm(page, account.email, account.password)
    await expect(page).toHaveURL(/\/$/)

    await page.goto('/play/categories')
    await expect(page.getByRole('heading', { name: 'Quiz Categories' })).toBeVisible()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360)
    await page.getByRole('button', { name: 'Menu' }).click()
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' })
    await expect(mobileNav.getByRole('link', { name: 'Leaderboard' })).toBeVisible()
    await expect(mobileNav.getByText('Mary Jackson')).toBeVisible()
    await page.screenshot({ path: shot('play-360-menu.png') })

    await mobileNav.getByRole('link', { name: 'Leaderboard' }).click()
    await expect(page).toHaveURL(/\/play\/leaderboard$/)
    await expect(mobileNav).toBeHidden() // closes on navigation

    await page.getByRole('button', { name: 'Menu' }).click()
    await mobileNav.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(mobileNav.getByRole('button', { name: 'Sign In' })).toBeVisible()
  })

  test('sign-up and pricing fit in 360 px', async ({ page }) => {
    for (const route of ['/signup', '/signin', '/forgotPassword', '/pricing']) {
      await page.goto(route)
      await expect(page.getByRole('heading').first()).toBeVisible()
      expect(await scrollWidth(page), `horizontal scroll on ${route}`).toBeLessThanOrEqual(360)
    }
    await page.screenshot({ path: shot('pricing-360.png'), fullPage: true })
  })
})

test.describe('desktop', () => {
  test('home, sign-up and pricing screenshots', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Engage. Educate. Empower.' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(1280)
    await page.screenshot({ path: shot('home-desktop.png'), fullPage: true })

    await page.goto('/signup')
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible()
    // No Sign In button on the guest pages.
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0)
    await page.screenshot({ path: shot('signup-desktop.png'), fullPage: true })

    await page.goto('/pricing')
    await expect(page.getByText('Popular Choice')).toBeVisible()
    await page.screenshot({ path: shot('pricing-desktop.png'), fullPage: true })
  })
})
