// Drives one path of a machine's graph in a fresh page and pictures the region its last state changes, in the
// light and the dark colour scheme. Deterministic on purpose: reduced motion, no caret, animations stopped,
// the page's clock fixed at one instant (which also lets a path run past the 15 s time-out at once), fonts
// loaded and two frames painted before each picture.
import type { Browser, Page } from '@playwright/test'
import { holdRequests } from './gallery-network'
import type { Driver, GalleryMachine, HeldRequests } from './gallery-types'
import type { Shot } from './gallery-walk'

export const widths = [390, 1280] as const
export const schemes = ['light', 'dark'] as const
export type Scheme = (typeof schemes)[number]

/** The instant every pictured page lives at (a console's "3 days ago" reads the same every run). */
export const galleryNow = new Date('2026-11-20T10:00:00Z')

export const widthsOf = (gallery: GalleryMachine): number[] => gallery.widths ?? [...widths]

export const pictureName = (shot: Shot, width: number, scheme: Scheme) => `${shot.slug}-${width}-${scheme}.png`

async function painted(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}

export async function pictureMachine(browser: Browser, origin: string, gallery: GalleryMachine, shot: Shot, width: number): Promise<[Scheme, Buffer][]> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce', baseURL: origin })
  try {
    const page = await context.newPage()
    await page.clock.install({ time: galleryNow })
    const held = new Map<string, HeldRequests>()
    for (const pattern of gallery.hold ?? []) held.set(pattern, await holdRequests(page, pattern))
    await gallery.prepare?.(page)
    const driver: Driver = {
      page,
      held: (pattern) => {
        const requests = held.get(pattern)
        if (!requests) throw new Error(`${gallery.machine.id} answers ${pattern} but does not hold it`)
        return requests
      },
    }
    const url = typeof gallery.url === 'string' ? gallery.url : gallery.url(shot.steps)
    await page.goto(url)
    // Gestures are the app's from here: wait until it is in control (after hydration).
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout: 15_000 })
    for (const step of shot.steps) await gallery.act(driver, step.event, step.state)
    await gallery.shows(driver, shot.final)
    const region = gallery.region(page, shot.final)
    const pictures: [Scheme, Buffer][] = []
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme })
      await painted(page)
      const options = { animations: 'disabled', caret: 'hide' } as const
      pictures.push([scheme, 'screenshot' in region ? await region.screenshot(options) : await page.screenshot({ ...options, clip: region })])
    }
    return pictures
  } catch (error) {
    throw new Error(`${gallery.machine.id}, ${shot.slug} at ${width} px: ${(error as Error).message}`)
  } finally {
    await context.close()
  }
}
