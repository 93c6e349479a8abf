// axe (WCAG 2.0, 2.1 and 2.2, A and AA) on every route in both colour schemes, the confirmed page a confirmation
// without a script lands on while a question is asked (issue 52), every state of the waitlist form (its red and
// green messages in both schemes), the open mobile menu, and the header in both looks and both schemes (its text
// contrast on the transparent and the solid header).
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { mailtoSiteUrl } from './support/ports'
import { allPages } from './support/routes'
import { axeInEveryLook, expectNoAxeViolations, pageLookHeight, pageLooks } from './support/axe'
import { measureTextContrast } from './support/contrast'
import { scrollPageTo, visit } from './support/site'
import { waitlistForm } from './support/waitlist'
import { consentScenarios, stubEmail, stubScenarios, stubToken } from './support/waitlist-stub'
import { palettes } from '../src/ui/theme'
import { outcomePath, questionsFormOutcome } from '../shared/outcome-codes'

const schemes = ['light', 'dark'] as const
const rgb = (hex: string) => `rgb(${(hex.slice(1).match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)).join(', ')})`

test.describe('both schemes at 1280 and 390 px', () => {
  test.use({ viewport: { width: pageLooks[0].width, height: pageLookHeight }, colorScheme: pageLooks[0].colorScheme })
  for (const route of allPages) {
    test(`${route.path} has no axe violations in any of them (and logs no errors)`, async ({ page }) => {
      await visit(page, route.path)
      await axeInEveryLook(page, route.path)
    })
  }

  // Where the endpoint sends a confirmation posted without a script while a question is asked: the sentence, the
  // news question, and the offer of the questions, whose button posts back to the page's own address.
  const confirmedQuestions = outcomePath(questionsFormOutcome)
  test(`${confirmedQuestions} has no axe violations in any of them`, async ({ page }) => {
    await visit(page, `${confirmedQuestions}?token=${stubToken(consentScenarios.ok)}&questions=${stubToken(consentScenarios.ok)}`)
    await expect(page.getByRole('region', { name: 'News and updates' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'A few questions' }).getByRole('button', { name: 'Answer a few questions' })).toBeVisible()
    await axeInEveryLook(page, confirmedQuestions)
  })
})

test('/legal#privacy-policy and #cookie-policy have no axe violations', async ({ page }) => {
  await visit(page, '/legal#privacy-policy')
  await expectNoAxeViolations(page, '/legal#privacy-policy')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' }).click()
  await expect(page.getByText('Cookie Policy coming soon!')).toBeVisible()
  await expectNoAxeViolations(page, '/legal#cookie-policy')
})

test.describe('the header', () => {
  /** The header's texts: the brand and every link (the menu button too, when it is shown). */
  async function headerTexts(page: Page) {
    const banner = page.getByRole('banner')
    const texts = await banner.getByRole('link').filter({ visible: true }).all()
    const toggle = banner.getByRole('button', { name: 'Menu' })
    if (await toggle.isVisible()) texts.push(toggle)
    // Brand, Home, About, Blog, Contact; or on a small screen the brand and the menu button.
    expect(texts.length).toBe((await toggle.isVisible()) ? 2 : 5)
    return texts
  }

  async function expectHeaderContrast(page: Page, look: string) {
    for (const text of await headerTexts(page)) {
      const { ratio, required } = await measureTextContrast(text)
      expect(ratio, `${look} header: "${await text.textContent()}" has contrast ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(required)
    }
  }

  for (const [path, width, colorScheme] of schemes.flatMap((scheme) => [['/', 1280, scheme], ['/legal', 1280, scheme], ['/', 390, scheme]] as const)) {
    test(`${path} at ${width} px, ${colorScheme} scheme: AA text contrast and no violations with the transparent and the solid header`, async ({ page }) => {
      await page.emulateMedia({ colorScheme })
      await page.setViewportSize({ width, height: 844 })
      await visit(page, path)
      await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')
      await expectNoAxeViolations(page, `${path}, transparent header`)
      // axe leaves text over the hero's gradient "incomplete"; measure the painted pixels instead.
      await expectHeaderContrast(page, 'transparent')

      await scrollPageTo(page, 400)
      await expect(page.getByRole('banner')).toHaveCSS('background-color', rgb(palettes[colorScheme].surface))
      await expectNoAxeViolations(page, `${path}, solid header`)
      await expectHeaderContrast(page, 'solid')
    })
  }
})

test.describe('the mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('open, at the top and scrolled, has no violations', async ({ page }) => {
    await visit(page, '/')
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true')
    await expectNoAxeViolations(page, 'open menu at the top')
    await scrollPageTo(page, 400)
    await expectNoAxeViolations(page, 'open menu, scrolled')
  })
})

test.describe('the waitlist form', () => {
  for (const colorScheme of schemes) {
    test(`idle, invalid, submitting, success and failure have no violations (${colorScheme} scheme)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme })
      await visit(page, '/')
      await expectNoAxeViolations(page, 'idle forms')
      const hero = waitlistForm(page, 'hero')
      const bottom = waitlistForm(page, 'bottom')

      await hero.email.fill('not-an-email')
      await hero.submit.click()
      await expect(hero.email).toHaveAttribute('aria-invalid', 'true')
      await expectNoAxeViolations(page, 'invalid email')

      await hero.email.fill(stubEmail(stubScenarios.ok))
      await hero.submit.click()
      await expect(hero.status).toContainText("You're on the waitlist!")
      await expectNoAxeViolations(page, 'success')

      await bottom.email.fill(stubEmail(stubScenarios.apiFalseMessage))
      await bottom.submit.click()
      await expect(bottom.status).toHaveText('Server says no')
      await expectNoAxeViolations(page, 'failure')

      await bottom.email.fill(stubEmail(stubScenarios.hang))
      await bottom.submit.click()
      await expect(bottom.status).toHaveText('Submitting…')
      await expect(bottom.submit).toBeDisabled()
      await expectNoAxeViolations(page, 'submitting')
    })
  }

  test('the mail-draft fallback has no violations', async ({ page }) => {
    await visit(page, `${mailtoSiteUrl}/`)
    const hero = waitlistForm(page, 'hero')
    await hero.email.fill('ann@example.com')
    await hero.submit.click()
    await expect(hero.status.getByRole('link', { name: 'email link' })).toBeVisible()
    await expectNoAxeViolations(page, 'mail-draft fallback')
  })
})
