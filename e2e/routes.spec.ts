// Every route (docs/product-rules.md#pages-and-routes) as a visitor opens it: title, heading, copy, links and
// anchors, the legal page's hash switching (also within the page) and the 404 page's two buttons.
import { expect, test } from './support/fixtures'
import { brand } from '../shared/brand'
import { aboutPage } from '../src/content/about'
import { features, journey } from '../src/content/home'
import { companyLinks, footerCopy, headerLinks, legalLinks, socialLinks } from '../src/content/navigation'
import { formPage, gymHeroPage, kneePage } from '../src/content/products'
import { contactHref, legal, notFound, routes } from './support/routes'
import { appInControl, visit } from './support/site'

for (const route of routes) {
  test(`${route.path} shows its title, heading, copy, header and footer`, async ({ page }) => {
    const response = await visit(page, route.path)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(route.title)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1)
    for (const text of route.texts) await expect(page.getByText(text, { exact: true }).first()).toBeVisible()

    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const link of headerLinks) await expect(nav.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.to)
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', contactHref)

    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('heading', { level: 2 })).toHaveText(['Products', 'Company', 'Legal'])
    await expect(footer.getByRole('button', { name: footerCopy.iosButton })).toBeVisible()
    const company = footer.getByRole('region', { name: 'Company' })
    for (const link of companyLinks) await expect(company.getByRole('link', { name: link.label })).toHaveAttribute('href', link.to)
    await expect(company.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', contactHref)
    const legalColumn = footer.getByRole('region', { name: 'Legal' })
    for (const link of legalLinks)
      await expect(legalColumn.getByRole('link', { name: link.label })).toHaveAttribute('href', link.hash ? `${link.to}#${link.hash}` : link.to)
    const social = footer.getByRole('list', { name: 'Social media' })
    for (const link of socialLinks) await expect(social.getByRole('link', { name: link.label })).toHaveAttribute('href', link.href)
    await expect(footer.getByText(footerCopy.copyright(new Date().getFullYear()))).toBeVisible()
  })
}

test('/ has the launch badge, a waitlist form in the hero, six features, four steps and a second form', async ({ page }) => {
  await visit(page, '/')
  await expect(page.getByText(`Launching ${brand.launch.season} on ${brand.launch.platform}`)).toBeVisible()
  const hero = page.getByRole('region', { name: 'Get early access' })
  await expect(hero.getByRole('textbox', { name: 'Email' })).toBeVisible()
  const featureSection = page.getByRole('region', { name: 'Coaching that fits the way you actually live' })
  await expect(featureSection.getByRole('heading', { level: 3 })).toHaveText(features.map((card) => card.title))
  const steps = page.getByRole('region', { name: journey.title }).getByRole('listitem')
  await expect(steps).toHaveCount(4)
  await expect(steps.getByRole('heading')).toHaveText(journey.steps.map((step) => step.title))
  const bottom = page.getByRole('region', { name: 'Ready when you are' })
  await expect(bottom.getByRole('textbox', { name: 'Email' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Join the waitlist' })).toHaveCount(2)
})

test('/form has a disabled Mobile App Coming Soon button', async ({ page }) => {
  await visit(page, '/form')
  await expect(page.getByRole('button', { name: formPage.buttonLabel })).toBeDisabled()
})

test('/knee lists its bullets and its Download and Learn More anchors scroll to their sections', async ({ page }) => {
  await visit(page, '/knee')
  await expect(page.locator('#main ul').first().getByRole('listitem')).toHaveText(kneePage.bullets)
  for (const [label, id] of [
    [kneePage.anchorLabels.download, 'download'],
    [kneePage.anchorLabels.learnMore, 'learn-more'],
  ] as const) {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    const link = page.getByRole('link', { name: label, exact: true })
    await expect(link).toHaveAttribute('href', `/knee#${id}`)
    await link.click()
    await expect(page).toHaveURL(new RegExp(`/knee#${id}$`))
    await expect(page.locator(`#${id}`).getByRole('heading', { level: 2 })).toBeInViewport()
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(kneePage.title)
})

test('/gym-hero is marked Beta and free beta, links out to its own site and shows three features', async ({ page }) => {
  await visit(page, '/gym-hero')
  await expect(page.getByText(gymHeroPage.badge, { exact: true })).toBeVisible()
  await expect(page.getByText(/free beta/).first()).toBeVisible()
  const external = page.getByRole('link', { name: /opens in a new tab/ })
  await expect(external).toHaveCount(2)
  for (const link of await external.all()) {
    await expect(link).toHaveAttribute('href', brand.gymHeroUrl)
    await expect(link).toHaveAttribute('target', '_blank')
  }
  const cards = page.getByRole('region', { name: 'What you get in the free beta' }).getByRole('heading', { level: 3 })
  await expect(cards).toHaveText(gymHeroPage.features.map((card) => card.title))
})

test('/about tells the story, four values, what will not change, and offers a contact link', async ({ page }) => {
  await visit(page, '/about')
  await expect(page.getByRole('region', { name: aboutPage.approach.heading }).getByRole('heading', { level: 3 })).toHaveText(
    aboutPage.approach.values.map((value) => value.title),
  )
  await expect(page.getByRole('region', { name: aboutPage.wontChange.heading }).getByRole('listitem')).toHaveText(aboutPage.wontChange.points)
  await expect(page.getByRole('link', { name: aboutPage.contact.ctaLabel })).toHaveAttribute('href', contactHref)
})

test('/blog is a coming-soon placeholder', async ({ page }) => {
  await visit(page, '/blog')
  await expect(page.getByText(/coming soon/i).first()).toBeVisible()
})

test.describe('/legal', () => {
  const shown = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 })

  test('shows the Terms by default, the Privacy Policy for #privacy-policy and the cookie notice for #cookie-policy', async ({ page }) => {
    const main = page.getByRole('main')
    await visit(page, '/legal')
    await expect(shown(page)).toHaveText(legal.terms)
    await page.goto('about:blank')
    await visit(page, '/legal#privacy-policy')
    await expect(shown(page)).toHaveText(legal.privacy)
    await expect(main.getByText(legal.terms, { exact: true })).toBeHidden()
    await page.goto('about:blank')
    await visit(page, '/legal#cookie-policy')
    await expect(main.getByText(legal.cookies)).toBeVisible()
    await expect(main.getByText(legal.privacy, { exact: true })).toBeHidden()
    await expect(main.getByText(legal.terms, { exact: true })).toBeHidden()
  })

  test('switches documents when only the hash changes: footer links, history and a typed hash', async ({ page }) => {
    await visit(page, '/legal')
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL(/\/legal#privacy-policy$/)
    await expect(shown(page)).toHaveText(legal.privacy)
    await footer.getByRole('link', { name: 'Cookie Policy' }).click()
    await expect(page).toHaveURL(/\/legal#cookie-policy$/)
    await expect(page.getByText(legal.cookies)).toBeVisible()
    await footer.getByRole('link', { name: 'Terms of Service' }).click()
    await expect(page).toHaveURL(/\/legal$/)
    await expect(shown(page)).toHaveText(legal.terms)

    await page.goBack()
    await expect(page.getByText(legal.cookies)).toBeVisible()
    await page.goBack()
    await expect(shown(page)).toHaveText(legal.privacy)

    // A hash typed into the address bar (same document, no router link involved).
    await page.evaluate(() => {
      window.location.hash = 'cookie-policy'
    })
    await expect(page.getByText(legal.cookies)).toBeVisible()
    await page.evaluate(() => {
      window.location.hash = ''
    })
    await expect(shown(page)).toHaveText(legal.terms)
  })

  test('footer legal links open the right document from another page', async ({ page }) => {
    await visit(page, '/about')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL(/\/legal#privacy-policy$/)
    await expect(shown(page)).toHaveText(legal.privacy)
  })
})

test.describe('404', () => {
  test('an unknown path answers 404 with the Page Not Found page', async ({ page }) => {
    const response = await visit(page, notFound.path)
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle(notFound.title)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.h1)
    await expect(page.getByText(notFound.texts[0]!)).toBeVisible()
  })

  test('Go Home opens the home page', async ({ page }) => {
    await visit(page, '/nowhere/at/all')
    await page.getByRole('button', { name: 'Go Home' }).click()
    await expect(page).toHaveURL(/:\d+\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes[0]!.h1)
  })

  test('Go Back returns to the page the visitor came from', async ({ page }) => {
    await visit(page, '/about')
    await visit(page, notFound.path)
    await page.getByRole('button', { name: 'Go Back' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutPage.title)
  })
})

test('header links navigate on the client without reloading the page', async ({ page }) => {
  await visit(page, '/')
  await appInControl(page) // before the app runs, a link is a plain link (see first-paint.spec.ts)
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true))
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const [label, h1] of [
    ['About', aboutPage.title],
    ['Blog', routes.find((r) => r.path === '/blog')!.h1],
    ['Home', routes[0]!.h1],
  ] as const) {
    await nav.getByRole('link', { name: label, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
  }
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
})

// Console errors and uncaught exceptions fail every test (support/fixtures.ts); the accessibility spec
// opens every route at 1280 and 390 px. This tour adds the client-side page changes between them.
test('a tour of the site through its links logs no errors', async ({ page, pageErrors }) => {
  await visit(page, '/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  const footer = page.getByRole('contentinfo')
  const h1 = page.getByRole('heading', { level: 1 })
  await nav.getByRole('link', { name: 'About' }).click()
  await expect(h1).toHaveText(aboutPage.title)
  await footer.getByRole('link', { name: 'Blog' }).click()
  await expect(h1).toHaveText(routes.find((r) => r.path === '/blog')!.h1)
  await footer.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(h1).toHaveText(legal.privacy)
  await footer.getByRole('link', { name: 'Cookie Policy' }).click()
  await expect(page.getByText(legal.cookies)).toBeVisible()
  await footer.getByRole('button', { name: footerCopy.iosButton }).click()
  await expect(h1).toHaveText(routes[0]!.h1)
  await page.goBack()
  await expect(page.getByText(legal.cookies)).toBeVisible()
  expect(pageErrors).toEqual([])
})
