// Drives one path of a machine's graph in a fresh page and pictures the region its last state changes, in the
// light and the dark colour scheme. Deterministic on purpose: reduced motion, no caret, animations stopped,
// the page's clock fixed at one instant (which also lets a path run past the 15 s time-out at once), the pointer
// off the page, fonts loaded, a box the path scrolled sideways shown at its end and two frames painted before each
// picture.
import type { Browser, Page } from '@playwright/test'
import { holdRequests } from './network'
import type { Driver, GalleryMachine, HeldRequests } from './types'
import type { Shot } from './walk'

export const widths = [390, 1280] as const
export const schemes = ['light', 'dark'] as const
export type Scheme = (typeof schemes)[number]

/** The instant every pictured page lives at (a console's "3 days ago" reads the same every run). */
export const galleryNow = new Date('2026-11-20T10:00:00Z')

export const widthsOf = (gallery: GalleryMachine): number[] => gallery.widths ?? [...widths]

export const pictureName = (shot: Shot, width: number, scheme: Scheme) => `${shot.slug}-${width}-${scheme}.png`

/** Fonts loaded and two frames painted, then each box that scrolls sideways (a wide table on a phone) and that the
 * path scrolled, by tapping something in it, set to its end, and two frames more. Playwright scrolls a target into
 * view before it taps it, but by an alignment that varies with its retries, so the same path left such a box a few
 * pixels apart from run to run (513 or 524 of 524), and `--check` saw a change where there was none; set before the
 * last frames, the end is the end of the box as it is pictured. A box the path never scrolled is left at its start. */
async function painted(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
  // Its own evaluate: a function named inside one would be sent with tsx's __name, which the page does not have.
  await page.evaluate(async () => {
    for (const box of document.querySelectorAll('*')) if (box.scrollLeft > 0) box.scrollLeft = box.scrollWidth - box.clientWidth
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}

/** The path is driven once, at the first width; the page is then resized for the other (the machine's state does
 * not depend on the width, and one page load per state keeps the whole run within its few minutes). */
export async function pictureMachine(browser: Browser, origin: string, gallery: GalleryMachine, shot: Shot): Promise<{ width: number; scheme: Scheme; png: Buffer }[]> {
  const [firstWidth] = widthsOf(gallery)
  const context = await browser.newContext({ viewport: { width: firstWidth!, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce', timezoneId: 'UTC', locale: 'en-US', baseURL: origin })
  try {
    const page = await context.newPage()
    await page.clock.install({ time: galleryNow })
    const held = new Map<string, HeldRequests>()
    await gallery.prepare?.(page)
    // Registered after `prepare`, so that they are asked first (Playwright tries the newest route first).
    for (const pattern of gallery.hold ?? []) held.set(pattern, await holdRequests(page, pattern))
    for (const [name, { url, method }] of Object.entries(gallery.holdMatching ?? {})) held.set(name, await holdRequests(page, url, method))
    const driver: Driver = {
      page,
      held: (pattern) => {
        const requests = held.get(pattern)
        if (!requests) throw new Error(`${gallery.machine.id} answers ${pattern} but does not hold it`)
        return requests
      },
    }
    const url = typeof gallery.url === 'string' ? gallery.url : gallery.url(shot.steps, shot.variant)
    await page.goto(url)
    // Gestures are the app's from here: wait until it is in control (after hydration).
    await page.locator(gallery.ready ?? 'html[data-app="ready"]').first().waitFor({ state: 'attached', timeout: 15_000 })
    for (const step of shot.steps) await gallery.act(driver, step.event, step.state)
    const pictures: { width: number; scheme: Scheme; png: Buffer }[] = []
    for (const width of widthsOf(gallery)) {
      await page.setViewportSize({ width, height: 900 })
      await gallery.shows(driver, shot.final, shot.variant)
      // The pointer off the page: after the resize, the last tap's pointer lay over whatever the new width put there,
      // and whether Chromium had drawn that hover by the picture was a matter of time (a checkbox's ring, 28 px).
      await page.mouse.move(-1, -1)
      const region = gallery.region(page, shot.final, shot.variant)
      // A region that fits the window but runs past its bottom is brought whole into it, by whole pixels: Playwright
      // pictured it where it was, and the part past the window came out unpainted (the add form's button cut off under
      // a webhook's deletion question, 1280 px). A region in view, a header among them, is left where the path put it.
      // Then, until its box is where it was a frame before: an API key's list at 390 px was still settling after the
      // scroll in some runs (its bottom 9 px lower, its key's code 19 px high rather than 20), and was pictured so in
      // about half of them, its table's last rule drawn or not.
      if ('evaluate' in region) {
        await region.evaluate(async (element) => {
          let last = ''
          for (let look = 0; look < 20; look++) {
            const { bottom, height } = element.getBoundingClientRect()
            if (bottom > window.innerHeight && height <= window.innerHeight) window.scrollTo(window.scrollX, Math.ceil(window.scrollY + bottom - window.innerHeight))
            const now = JSON.stringify(element.getBoundingClientRect())
            if (now === last) return
            last = now
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
          }
        })
      }
      for (const scheme of schemes) {
        await page.emulateMedia({ colorScheme: scheme })
        await painted(page)
        const options = { caret: 'hide' } as const
        pictures.push({ width, scheme, png: 'screenshot' in region ? await region.screenshot(options) : await page.screenshot({ ...options, clip: region }) })
      }
    }
    return pictures
  } catch (error) {
    throw new Error(`${gallery.machine.id}, ${shot.slug}: ${(error as Error).message}`)
  } finally {
    await context.close()
  }
}
