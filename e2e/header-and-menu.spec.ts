// The fixed header's two looks (transparent at the top, solid once scrolled more than 10 px) and the
// small-screen menu (open, links, closed by a route change, by Escape and by a tap outside it).
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { aboutPage } from '../src/content/about'
import { headerLinks } from '../src/content/navigation'
import { contactHref } from './support/routes'
import { appInControl, scrollPageTo, visit } from './support/site'

const transparent = 'rgba(0, 0, 0, 0)'
const white = 'rgb(255, 255, 255)'

async function expectLook(page: Page, look: 'transparent' | 'solid') {
  const header = page.getByRole('banner')
  if (look === 'solid') {
    await expect(header).toHaveCSS('background-color', white)
    await expect(header).not.toHaveCSS('box-shadow', 'none')
  } else {
    await expect(header).toHaveCSS('background-color', transparent)
    await expect(header).toHaveCSS('box-shadow', 'none')
  }
}

test('the header is transparent at 0 and 8 px of scroll and solid with a shadow at 200 px', async ({ page }) => {
  await visit(page, '/')
  await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed')
  await expectLook(page, 'transparent')
  await scrollPageTo(page, 8)
  await expectLook(page, 'transparent')
  await scrollPageTo(page, 200)
  await expectLook(page, 'solid')
  await expect(page.getByRole('banner')).toBeInViewport()
  await scrollPageTo(page, 8)
  await expectLook(page, 'transparent')
  await scrollPageTo(page, 0)
  await expectLook(page, 'transparent')
})

test('the threshold is 10 px: 10 stays transparent, 11 turns solid', async ({ page }) => {
  await visit(page, '/about')
  await scrollPageTo(page, 10)
  await expectLook(page, 'transparent')
  await scrollPageTo(page, 11)
  await expectLook(page, 'solid')
})

test('a page opened already scrolled shows the solid header', async ({ page }) => {
  await visit(page, '/about')
  await scrollPageTo(page, 300)
  await page.reload()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(10)
  await expectLook(page, 'solid')
})

test('on a wide screen the links are shown and there is no menu button', async ({ page }) => {
  await visit(page, '/')
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
  for (const link of headerLinks) await expect(page.getByRole('banner').getByRole('link', { name: link.label, exact: true })).toBeVisible()
})

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('opens to show the links, and closes again with the button', async ({ page }) => {
    await visit(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const toggle = page.getByRole('button', { name: 'Menu' })
    await expect(toggle).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'About' })).toBeHidden()

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    for (const link of headerLinks) await expect(nav.getByRole('link', { name: link.label, exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', contactHref)
    // The open menu sits on a solid backdrop even at the top of the page.
    await expect(page.getByRole('banner')).toHaveCSS('background-color', white)

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'About' })).toBeHidden()
  })

  test('closes when a link changes the route', async ({ page }) => {
    await visit(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutPage.title)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeHidden()
  })

  test('a tap outside it closes it, and the app knows', async ({ page }) => {
    await visit(page, '/')
    await appInControl(page)
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.mouse.click(5, 800) // the page's margin, well below the open menu
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click() // and it opens again with one tap
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  })

  test('Escape closes it and returns focus to the button', async ({ page }) => {
    await visit(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).focus()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toBeHidden()
  })
})
