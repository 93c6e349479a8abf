// The site with a keyboard alone: a skip link first, focus and an announcement on every page change, the
// menu as a WAI-ARIA disclosure, and every control reachable, operable, visibly focused and at least
// 24×24 px (WCAG 2.4.1, 2.4.3, 2.4.7, 2.1.1, 2.5.8, 4.1.3).
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { aboutPage } from '../src/content/about'
import { hero } from '../src/content/home'
import { footerCopy } from '../src/content/navigation'
import { pageMeta } from '../src/content/seo'
import { walkWithTab } from './support/keyboard'
import { allPages, legal, routes } from './support/routes'
import { appInControl, visit } from './support/site'
import { waitlistForm } from './support/waitlist'
import { stubEmail, stubScenarios } from './support/waitlist-stub'

const announcer = (page: Page) => page.locator('body > [aria-live]')

async function expectFocusInNewPage(page: Page, h1: string, title: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null && document.activeElement !== document.body))
    .toBe(true)
  await expect(announcer(page)).toHaveText(title)
}

test.describe('the skip link', () => {
  for (const path of ['/', '/about', '/legal']) {
    test(`${path}: the first Tab reaches "Skip to content", which moves focus to the main content`, async ({ page }) => {
      await visit(page, path)
      await page.keyboard.press('Tab')
      const skip = page.getByRole('link', { name: 'Skip to content' })
      await expect(skip).toBeFocused()
      await expect(skip).toBeInViewport()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('main')).toBeFocused()
      // The next Tab continues after the start of the main content, never back in the header.
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('main, footer') !== null)).toBe(true)
    })
  }
})

test('the skip link leaves the address alone: /legal#privacy-policy keeps its Privacy Policy', async ({ page }) => {
  await visit(page, '/legal#privacy-policy')
  await page.getByRole('link', { name: 'Skip to content' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  await expect(page).toHaveURL(/\/legal#privacy-policy$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.privacy)
})

test.describe('page changes', () => {
  // Client-side page changes exist only once the app runs (before, a link is a plain link).
  test('a header link moves focus into the new page and announces its title', async ({ page }) => {
    await visit(page, '/')
    await appInControl(page)
    await expect(announcer(page)).toHaveText('')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).focus()
    await page.keyboard.press('Enter')
    await expectFocusInNewPage(page, aboutPage.title, pageMeta['/about'].title)
  })

  test('a footer link and the 404 page do the same', async ({ page }) => {
    await visit(page, '/about')
    await appInControl(page)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).focus()
    await page.keyboard.press('Enter')
    await expectFocusInNewPage(page, routes.find((r) => r.path === '/blog')!.h1, pageMeta['/blog'].title)

    await visit(page, '/no-such-page')
    await page.getByRole('button', { name: 'Go Home' }).focus()
    await page.keyboard.press('Enter')
    await expectFocusInNewPage(page, hero.title, pageMeta['/'].title)
  })

  test('switching legal documents within /legal moves focus to the new document', async ({ page }) => {
    await visit(page, '/legal')
    await appInControl(page)
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'Privacy Policy' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: legal.privacy })).toBeFocused()
    await footer.getByRole('link', { name: 'Cookie Policy' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeFocused()
  })

  test('browser back also moves focus and announces', async ({ page }) => {
    await visit(page, '/')
    await appInControl(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
    await expectFocusInNewPage(page, aboutPage.title, pageMeta['/about'].title)
    await page.goBack()
    await expectFocusInNewPage(page, hero.title, pageMeta['/'].title)
  })
})

test.describe('the menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('is a disclosure: a button with aria-expanded and aria-controls, Enter and Space toggle it, Escape closes it', async ({ page }) => {
    await visit(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await expect(toggle).toHaveAttribute('aria-controls', 'site-menu')
    await expect(page.locator('#site-menu')).toHaveCount(1)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // The links follow the button in the tab order.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()

    await page.keyboard.press('Space')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Space')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // Closed, its links are out of the tab order.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('#site-menu'))).toBeNull()
  })

  test('a link chosen with the keyboard closes it and moves focus into the new page', async ({ page }) => {
    await visit(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true') // the visitor sees the menu open
    await page.keyboard.press('Tab') // Home
    await page.keyboard.press('Tab') // About
    await page.keyboard.press('Enter')
    await expectFocusInNewPage(page, aboutPage.title, pageMeta['/about'].title)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('buttons work from the keyboard', () => {
  test('the waitlist form submits with Enter on its button', async ({ page }) => {
    await visit(page, '/')
    const form = waitlistForm(page, 'hero')
    await form.firstName.focus()
    await page.keyboard.type('Ann')
    await page.keyboard.press('Tab')
    await expect(form.email).toBeFocused()
    await page.keyboard.type(stubEmail(stubScenarios.ok))
    await page.keyboard.press('Tab')
    await expect(form.submit).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(form.status).toContainText("You're on the waitlist!")
  })

  test('the footer iOS button and the 404 Go Back button', async ({ page }) => {
    await visit(page, '/about')
    await page.getByRole('button', { name: footerCopy.iosButton }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/:\d+\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.title)
    await visit(page, '/no-such-page')
    await page.getByRole('button', { name: 'Go Back' }).focus()
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/:\d+\/$/)
  })
})

const walks: { path: string; width: number; openMenu?: boolean; backward?: boolean }[] = [
  ...allPages.map((route) => ({ path: route.path, width: 1280 })),
  { path: '/', width: 390 },
  { path: '/', width: 390, openMenu: true },
  { path: '/legal#privacy-policy', width: 1280 },
  // Shift+Tab scrolls controls in at the top of the window, where the fixed header could cover them.
  { path: '/', width: 1280, backward: true },
  { path: '/', width: 390, backward: true },
]

test.describe('every control, by Tab', () => {
  for (const walk of walks) {
    const label = `${walk.path} at ${walk.width} px${walk.openMenu ? ' with the menu open' : ''}${walk.backward ? ', backwards' : ''}`
    test(`${label}: reachable, visibly focused and not covered, at least 24×24 px`, async ({ page }) => {
      await page.setViewportSize({ width: walk.width, height: 844 })
      await visit(page, walk.path)
      if (walk.openMenu) {
        await page.getByRole('button', { name: 'Menu' }).click()
        await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true')
      }
      const { candidates, stops, escaped } = await walkWithTab(page, walk.backward ? 'backward' : 'forward')

      expect(escaped, 'focus landed on something that is not a control').toEqual([])
      const reached = new Set(stops.map((stop) => stop.index))
      const unreached = candidates.filter((_, index) => !reached.has(index))
      expect(unreached, 'controls the Tab key never reaches').toEqual([])
      if (!walk.backward) expect(stops[0]!.description).toBe('a "Skip to content"')

      const problems: string[] = []
      for (const stop of stops) {
        const ringChanged = stop.focused.outline !== stop.unfocused.outline || stop.focused.boxShadow !== stop.unfocused.boxShadow
        const ringVisible = stop.focused.outlineWidth >= 2 || stop.focused.boxShadow !== 'none'
        if (!ringChanged || !ringVisible) problems.push(`${stop.description}: no visible focus indicator (${stop.focused.outline})`)
        if (!stop.inViewport) problems.push(`${stop.description}: focused but not scrolled into view`)
        if (stop.obscured) problems.push(`${stop.description}: focused but hidden behind other content`)
        if (!stop.inline && (stop.width < 24 || stop.height < 24))
          problems.push(`${stop.description}: target ${stop.width.toFixed(1)}×${stop.height.toFixed(1)} px is below 24×24`)
      }
      expect(problems).toEqual([])
    })
  }
})
