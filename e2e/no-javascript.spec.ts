// The prerendered pages with JavaScript turned off: every route's text is there, the legal page picks
// its document with CSS :target, links are real links, and small screens show the header links inline.
import { expect, test } from './support/fixtures'
import { headerLinks, legalLinks } from '../src/content/navigation'
import { allPages, contactHref, legal, notFound } from './support/routes'

test.use({ javaScriptEnabled: false })

for (const route of allPages) {
  test(`${route.path} shows its heading and text without JavaScript`, async ({ page }) => {
    const response = await page.goto(route.path)
    expect(response?.status()).toBe(route === notFound ? 404 : 200)
    await expect(page).toHaveTitle(route.title)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(route.h1)
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
    for (const text of route.texts) await expect(main.getByText(text, { exact: true }).first()).toBeVisible()
    // Prerendered, not rendered by a script: the page is fully opaque from the start.
    await expect(page.locator('main > div')).toHaveCSS('opacity', '1')
  })
}

test('/legal#privacy-policy and #cookie-policy show their documents without JavaScript', async ({ page }) => {
  const main = page.getByRole('main')
  await page.goto('/legal#privacy-policy')
  await expect(main.getByRole('heading', { level: 1, name: legal.privacy })).toBeVisible()
  await expect(main.getByRole('heading', { level: 1, name: legal.terms })).toBeHidden()
  await page.goto('/legal#cookie-policy')
  await expect(main.getByText(legal.cookies)).toBeVisible()
  await expect(main.getByRole('heading', { level: 1, name: legal.terms })).toBeHidden()
  await page.goto('/legal')
  await expect(main.getByRole('heading', { level: 1, name: legal.terms })).toBeVisible()
  await expect(main.getByRole('heading', { level: 1, name: legal.privacy })).toBeHidden()
})

test('links are real links that work without JavaScript', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const link of headerLinks) await expect(nav.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.to)
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', contactHref)
  const footer = page.getByRole('contentinfo')
  for (const link of legalLinks)
    await expect(footer.getByRole('link', { name: link.label })).toHaveAttribute('href', link.hash ? `${link.to}#${link.hash}` : link.to)

  await nav.getByRole('link', { name: 'About', exact: true }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(allPages.find((r) => r.path === '/about')!.h1)
  await footer.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/legal#privacy-policy$/)
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: legal.privacy })).toBeVisible()
})

test('the 404 page offers a link home without JavaScript', async ({ page }) => {
  await page.goto(notFound.path)
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
})

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the header links are shown inline and the menu button, which needs JavaScript, is not', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const link of headerLinks) await expect(nav.getByRole('link', { name: link.label, exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
  })
})
