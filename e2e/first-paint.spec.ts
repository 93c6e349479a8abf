// What a visitor does at first paint, before the app's scripts have arrived: every script of the site is
// held back (as on a slow phone) until the test has acted, the moment the page is there. Each tap and
// submission must take effect once the app is in control, exactly once, without a page reload; what was typed
// must be what is sent; and nothing typed may reach a URL.
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { aboutPage } from '../src/content/about'
import { hero } from '../src/content/home'
import { footerCopy } from '../src/content/navigation'
import { kneePage } from '../src/content/products'
import { appInControl } from './support/site'
import { openWithScriptsHeldBack } from './support/scripts-held-back'
import { carrying, sentInOrder } from './support/sent-in-order'
import { stubRequests, waitlistForm } from './support/waitlist'
import { stubEmail, stubScenarios } from './support/waitlist-stub'

const successText = /^You're on the waitlist!/

test.describe('the waitlist form at first paint', () => {
  test('text typed and Join pressed before the scripts arrive is sent once, as typed', async ({ page }) => {
    const email = stubEmail(stubScenarios.ok)
    const { expectActedEarly, sameDocument } = await openWithScriptsHeldBack(page, '/')
    const form = waitlistForm(page, 'hero')
    await form.firstName.fill('Ada')
    await form.email.fill(email)
    await form.submit.click()
    await expectActedEarly()
    await expect(form.status).toHaveText(successText, { timeout: 15_000 })
    const received = await stubRequests({ email })
    expect(received).toHaveLength(1)
    expect(received[0]!.json).toMatchObject({ firstName: 'Ada', email, source: 'stride-marketing-site' })
    expect(await sameDocument()).toBe(true) // no reload, no GET with the fields in the address
    expect(page.url()).not.toContain('email')
  })

  test('a double tap on Join before the scripts arrive sends one request', async ({ page }) => {
    const email = stubEmail(stubScenarios.ok)
    const sent = sentInOrder(page)
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/')
    const form = waitlistForm(page, 'bottom')
    await form.email.fill(email)
    await form.submit.click()
    await form.submit.click()
    await form.email.press('Enter')
    await expectActedEarly()
    await expect(form.status).toHaveText(successText, { timeout: 15_000 })
    // All three were the app's to act on before it showed the answer: a second send would precede this marker.
    expect(carrying(await sent.untilNow(), email)).toHaveLength(1)
    expect(await stubRequests({ email })).toHaveLength(1)
  })

  test('text typed before the scripts arrive is what Join sends after they have', async ({ page }) => {
    const email = stubEmail(stubScenarios.ok)
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/')
    const form = waitlistForm(page, 'hero')
    await form.firstName.fill('Grace')
    await form.email.fill(email)
    await expectActedEarly()
    await appInControl(page)
    await form.submit.click()
    await expect(form.status).toHaveText(successText)
    expect((await stubRequests({ email }))[0]!.json).toMatchObject({ firstName: 'Grace', email })
  })

  test('an invalid email submitted early gets the invalid-email message and sends nothing', async ({ page }) => {
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/')
    const form = waitlistForm(page, 'hero')
    await form.email.fill('not-an-email')
    await form.submit.click()
    await expectActedEarly()
    await expect(form.status).toHaveText('Please enter a valid email address.', { timeout: 15_000 })
    expect(await stubRequests({ email: 'not-an-email' })).toHaveLength(0)
  })
})

test.describe('taps at first paint', () => {
  test('Menu at 390 px opens on the frame of the tap, before the app, and the app takes it over open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { expectActedEarly, sameDocument } = await openWithScriptsHeldBack(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    const menuLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })
    await expect(menuLink).toBeHidden()
    await toggle.scrollIntoViewIfNeeded()
    // The page times its first frame that shows the menu's links after the tap.
    await page.evaluate(() => {
      const link = document.querySelector('#site-menu a[href="/about"]')!
      const timing = window as { __menuOpenAfterMs?: number }
      const onTap = () => {
        const tappedAt = performance.now()
        const frame = () => (link.getBoundingClientRect().height > 0 ? (timing.__menuOpenAfterMs = performance.now() - tappedAt) : requestAnimationFrame(frame))
        requestAnimationFrame(frame)
      }
      window.addEventListener('click', onTap, { capture: true, once: true })
    })
    await toggle.click()
    await expectActedEarly()
    const openAfterMs = await page.waitForFunction(() => (window as { __menuOpenAfterMs?: number }).__menuOpenAfterMs).then((value) => value.jsonValue() as Promise<number>)
    console.log(`menu tapped at first paint (scripts held back until after the tap): links on screen ${openAfterMs.toFixed(0)} ms after the tap`)
    expect(openAfterMs).toBeLessThan(200)
    await expect(menuLink).toBeVisible()
    // The app arrives and takes the menu over as the visitor left it: open, said so, and its own from now on.
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 15_000 })
    await expect(menuLink).toBeVisible()
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(menuLink).toBeHidden()
    expect(await sameDocument()).toBe(true)
  })

  test('Menu tapped twice before the app is closed again, and the app takes it over closed', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    const menuLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })
    await toggle.click()
    await expect(menuLink).toBeVisible()
    await toggle.click()
    await expect(menuLink).toBeHidden()
    await expectActedEarly()
    await appInControl(page)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(menuLink).toBeHidden()
  })

  test('Escape closes the menu before the app and gives focus back to the button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    const blog = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })
    await toggle.click()
    await blog.focus()
    await page.keyboard.press('Escape')
    await expectActedEarly()
    await expect(blog).toBeHidden()
    await expect(toggle).toBeFocused()
    await appInControl(page)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  test("the 404 page's Go Back returns to the previous page", async ({ page }) => {
    await page.goto('/about')
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/no-such-page')
    await page.getByRole('button', { name: 'Go Back' }).click()
    await expectActedEarly()
    await expect(page).toHaveURL(/\/about$/, { timeout: 15_000 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutPage.title)
  })

  test("the 404 page's Go Home goes home", async ({ page }) => {
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/no-such-page')
    await page.getByRole('button', { name: 'Go Home' }).click()
    await expectActedEarly()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.title, { timeout: 15_000 })
    await expect(page).toHaveURL(/\/$/)
  })

  test("the footer's iOS button returns to the top of /", async ({ page }) => {
    const { expectActedEarly, sameDocument } = await openWithScriptsHeldBack(page, '/about')
    const button = page.getByRole('button', { name: footerCopy.iosButton })
    await button.scrollIntoViewIfNeeded()
    await button.click()
    await expectActedEarly()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.title, { timeout: 15_000 })
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0)
    expect(await sameDocument()).toBe(true)
  })

  test('the skip link moves focus to the content and leaves the address alone', async ({ page }) => {
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/legal#privacy-policy')
    await page.getByRole('link', { name: 'Skip to content' }).focus()
    await page.keyboard.press('Enter')
    await expectActedEarly()
    await expect(page.getByRole('main')).toBeFocused({ timeout: 15_000 })
    await expect(page).toHaveURL(/\/legal#privacy-policy$/)
  })

  test('a page scrolled before the scripts arrive stays where it is, with the solid header', async ({ page }) => {
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/')
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    const scrolled = await page.evaluate(() => window.scrollY)
    await expectActedEarly()
    await appInControl(page)
    await expect(page.getByRole('banner')).not.toHaveCSS('box-shadow', 'none')
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  })

  test('a page jumped to an anchor and scrolled back to the top before the scripts arrive stays at the top', async ({ page }) => {
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/knee')
    await page.getByRole('link', { name: kneePage.anchorLabels.download, exact: true }).click()
    await expect(page).toHaveURL(/\/knee#download$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    await page.mouse.wheel(0, -100_000)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expectActedEarly()
    await appInControl(page)
    // Two frames drawn after the app took over: what its first render set off (effects, scroll restoration) has
    // run by then. The app taking over must not jump the page back to the anchor under the visitor's finger.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('a link followed before the scripts arrive is a plain link', async ({ page }) => {
    const { expectActedEarly } = await openWithScriptsHeldBack(page, '/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
    await expectActedEarly()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutPage.title)
    await expect(page).toHaveURL(/\/about$/)
  })
})

/** Opens `path` with the page's clock standing still (only runFor moves it) and every script held back until
 * `release()`, or refused outright with `scriptsNeverCome`. */
async function openWithPausedClock(page: Page, path: string, { scriptsNeverCome = false } = {}) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.js(\?.*)?$/, async (route) => {
    if (scriptsNeverCome) return route.abort()
    await released
    await route.continue().catch(() => {}) // the page may have gone
  })
  const opened = Date.now()
  await page.clock.install({ time: opened })
  await page.clock.pauseAt(opened + 1_000)
  await page.goto(path)
  return { release }
}

// The inline recorder gives the browser back what it can do alone once the scripts are 10 s late: a queued
// Join becomes the form's own post, and later submissions too. Taps on buttons it keeps for the app. (That
// the app arriving later does not send such a post again is test/src/boot/early-event-recorder.test.ts: the
// page waiting for the post's answer cannot be looked at from here.)
test.describe('when the scripts are 10 s late, or never come', () => {
  test.use({ allowedConsoleErrors: [/^console\.error: Failed to load resource: net::ERR_FAILED \(.*\.js\)$/] })

  test('a Join pressed at first paint is posted by the browser after 10 s, once, with no email in any URL', async ({ page }) => {
    const sent = sentInOrder(page)
    await openWithPausedClock(page, '/', { scriptsNeverCome: true })
    const email = stubEmail(stubScenarios.ok)
    const form = waitlistForm(page, 'hero')
    await form.email.fill(email)
    await form.submit.click()
    await form.submit.click()
    // Nothing may leave before the 10 s: the taps are done, and the browser sends the marker after anything
    // they sent (a form's own post would also take the page away, and the marker with it).
    expect((await sent.untilNow()).filter((request) => request.method() === 'POST')).toEqual([])
    expect(await stubRequests({ email })).toHaveLength(0)
    await page.clock.runFor(10_000)
    await expect.poll(async () => (await stubRequests({ email })).length).toBe(1)
    const [post] = await stubRequests({ email })
    expect(post!.method).toBe('POST')
    expect(post!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(post!.path).toBe('/waitlist')
    expect(page.url()).not.toContain('email')
  })

  test('Menu tapped after 10 s opens at once, and stays open when the app arrives', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { release } = await openWithPausedClock(page, '/')
    await page.clock.runFor(10_000)
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.click()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeVisible()
    expect(await page.locator('html[data-app="ready"]').count()).toBe(0)
    release()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 15_000 })
  })
})
