// Issue 14: every product one click from /, the landing page showing the coach, a layout that holds at
// 320, 390 and 1280 px, focus rings that show in both colour schemes, and motion that stays off when a
// visitor asks for less of it.
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { brand } from '../shared/brand'
import { coachConversation, features, productCards } from '../src/content/home'
import { productLinks } from '../src/content/navigation'
import { palettes } from '../src/ui/theme'
import { contrastRatio } from './support/contrast'
import { siteUrl } from './support/ports'
import { allPages, routes } from './support/routes'
import { visit } from './support/site'
import { waitlistForm } from './support/waitlist'

const schemes = ['light', 'dark'] as const

test.describe('every route is reachable from / by clicking links only', () => {
  for (const route of routes.filter((candidate) => candidate.path !== '/')) {
    test(`/ → ${route.path} in one click`, async ({ page }) => {
      await visit(page, '/')
      const link = page.locator(`a[href="${route.path}"]`).filter({ visible: true }).first()
      await expect(link, `a visible link to ${route.path} on /`).toBeVisible()
      await link.click()
      await expect(page).toHaveURL(new RegExp(`:\\d+${route.path}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1)
    })
  }

  test('the landing page itself, and the footer of every page, link to each product', async ({ page }) => {
    await visit(page, '/')
    const products = page.getByRole('region', { name: /family/ })
    for (const card of productCards) {
      await expect(products.getByRole('heading', { level: 3, name: card.label })).toBeVisible()
      await expect(products.getByText(card.line)).toBeVisible()
    }
    for (const link of productLinks) {
      const href = link.hash ? `${link.to}#${link.hash}` : link.to
      await expect(products.getByRole('link', { name: new RegExp(link.label) })).toHaveAttribute('href', href)
      await expect(page.getByRole('contentinfo').getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', href)
    }
    // The coach's link leads to the waitlist at the foot of the page.
    await products.getByRole('link', { name: /Stride Coach/ }).click()
    await expect(page.getByRole('heading', { name: 'Ready when you are' })).toBeInViewport()
  })
})

test('the hero shows the coach: a conversation a screen reader reads in order', async ({ page }) => {
  await visit(page, '/')
  const phone = page.getByRole('figure', { name: coachConversation.caption })
  await expect(phone).toBeVisible()
  const texts = await phone.locator('ol > li').allInnerTexts()
  expect(texts).toHaveLength(coachConversation.messages.length + 1)
  coachConversation.messages.forEach((message, index) => {
    expect(texts[index]).toContain(message.text)
  })
  expect(texts[0]).toContain(`${coachConversation.speakers.coach}:`)
  expect(texts[1]).toContain(`${coachConversation.speakers.visitor}:`)
  await expect(phone).toContainText(coachConversation.plan.title)
  for (const session of coachConversation.plan.sessions) await expect(phone).toContainText(session.name)
})

test.describe('layout', () => {
  for (const path of allPages.map((route) => route.path)) {
    test(`${path} has no horizontal scroll at 320 px`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 })
      await visit(page, path)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  }

  for (const [width, columns] of [[1280, 3], [800, 2], [390, 1]] as const) {
    test(`the six feature cards sit in ${columns} equal columns at ${width} px, each row one height`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await visit(page, '/')
      const cards = page.getByRole('region', { name: 'Coaching that fits' }).getByRole('listitem')
      await expect(cards).toHaveCount(features.length)
      const boxes = await cards.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))
      const rows = new Map<number, DOMRect[]>()
      for (const box of boxes) rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box])
      expect([...rows.values()].map((row) => row.length)).toEqual(Array(features.length / columns).fill(columns))
      for (const row of rows.values()) expect(new Set(row.map((box) => Math.round(box.height))).size).toBe(1)
    })
  }

  test('on /gym-hero the note about the external site stands apart from the cards', async ({ page }) => {
    await visit(page, '/gym-hero')
    const cards = page.getByRole('main').getByRole('list').last()
    const note = page.getByText(/runs on its own website/)
    const cardsBottom = await cards.evaluate((element) => element.getBoundingClientRect().bottom)
    const noteTop = await note.evaluate((element) => element.getBoundingClientRect().top)
    expect(noteTop - cardsBottom).toBeGreaterThanOrEqual(24)
  })

  test('both waitlist forms at 390 px: labels above inputs at least 44 px tall', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await visit(page, '/')
    for (const id of ['hero', 'bottom'] as const) {
      const form = waitlistForm(page, id)
      for (const input of [form.firstName, form.email]) {
        const box = (await input.boundingBox())!
        expect(box.height).toBeGreaterThanOrEqual(44)
        const labelBox = await input.evaluate((element) => (element as HTMLInputElement).labels![0]!.getBoundingClientRect().toJSON() as DOMRect)
        expect(labelBox.bottom).toBeLessThanOrEqual(box.y + 1)
        expect(Math.abs(labelBox.left - box.x)).toBeLessThan(4)
      }
    }
  })
})

/** The focus ring's colour against the colour of the nearest painted backdrop. */
async function focusRingContrast(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement
    const ring = getComputedStyle(element).outlineColor
    let node: HTMLElement | null = element.parentElement
    let backdrop = 'rgb(255, 255, 255)'
    while (node) {
      const background = getComputedStyle(node).backgroundColor
      if (background !== 'rgba(0, 0, 0, 0)' && !background.endsWith(', 0)')) {
        backdrop = background
        break
      }
      node = node.parentElement
    }
    return { ring, backdrop, style: getComputedStyle(element).outlineStyle }
  })
}

const hexToRgb = (hex: string) => `rgb(${(hex.slice(1).match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)).join(', ')})`
const rgbOf = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as [number, number, number]

for (const scheme of schemes) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme })

    test('the page paints the palette of the scheme before any script runs', async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: scheme, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(`${siteUrl}/`)
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      expect(background).toBe(hexToRgb(palettes[scheme].surface))
      await context.close()
    })

    test('focus rings reach 3:1 against what they sit on: a form field, a card link, a footer link', async ({ page }) => {
      await visit(page, '/')
      const targets = [
        waitlistForm(page, 'hero').email,
        page.getByRole('region', { name: /family/ }).getByRole('link').first(),
        page.getByRole('contentinfo').getByRole('link', { name: 'About' }),
      ]
      for (const target of targets) {
        await target.focus()
        await page.keyboard.press('Shift+Tab')
        await page.keyboard.press('Tab')
        await expect(target).toBeFocused()
        const { ring, backdrop, style } = await focusRingContrast(page)
        expect(style).toBe('solid')
        const ratio = contrastRatio(rgbOf(ring), rgbOf(backdrop))
        expect(ratio, `focus ring ${ring} on ${backdrop}`).toBeGreaterThanOrEqual(3)
      }
    })
  })
}

test.describe('motion', () => {
  test('with reduced motion, cards do not lift and the phone\'s messages do not animate', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await visit(page, `${siteUrl}/`)
    const card = page.getByRole('region', { name: 'Coaching that fits' }).getByRole('listitem').first()
    await card.hover()
    await expect(card).toHaveCSS('transform', 'none')
    const bubble = page.getByRole('figure').locator('ol > li').first()
    await expect(bubble).toHaveCSS('animation-name', 'none')
    await expect(bubble).toHaveCSS('opacity', '1')
    await context.close()
  })

  test('without a preference, a hovered card lifts', async ({ page }) => {
    await visit(page, '/')
    const card = page.getByRole('region', { name: 'Coaching that fits' }).getByRole('listitem').first()
    await card.hover()
    await expect(card).not.toHaveCSS('transform', 'none')
  })
})

test('at 320 px the header keeps the name and the menu button on one line', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 })
  await visit(page, '/')
  const banner = page.getByRole('banner')
  const brandBox = (await banner.getByRole('link', { name: brand.companyName }).boundingBox())!
  const toggleBox = (await banner.getByRole('button', { name: 'Menu' }).boundingBox())!
  expect(Math.abs(brandBox.y + brandBox.height / 2 - (toggleBox.y + toggleBox.height / 2))).toBeLessThan(4)
})

test('sets of four cards (the products on /, the values on /about) fill one row at 1280 px, no hole', async ({ page }) => {
  for (const [path, region] of [['/', /family/], ['/about', /approach/i]] as const) {
    await visit(page, path)
    const tops = await page.getByRole('region', { name: region }).getByRole('listitem').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
    expect(tops).toHaveLength(4)
    expect(new Set(tops).size, `${path}: cards in one row`).toBe(1)
  }
})
