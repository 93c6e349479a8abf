// The visit beacon in Chromium, against the prerendered site and the stub endpoint (issue 32): one beacon for the
// page a visitor lands on, after it is shown, with the landing's campaign and the referring site's host name; one
// more for each page they move to in the app; no cookie and nothing in storage; nothing at all from a browser that
// asks not to be tracked. Each test watches its own page's requests and waits only for requests it can see.
import type { Page, Request } from '@playwright/test'
import { analyticsPath, type VisitBeacon } from '../shared/analytics'
import { referralCodeAlphabet, referralCodeLength } from '../shared/referral-code'
import { expect, test } from './support/fixtures'
import { stubOrigin } from './support/ports'
import { appInControl } from './support/site'
import { stubRequests } from './support/waitlist'

const beaconUrl = `${stubOrigin}${analyticsPath}`
const referrer = 'https://news.example.org/story/42?reader=ada@example.com'

/** A share link's code (shared/referral-code.ts), a new one for each test, so that its beacons are its own among
 * everything the stub endpoint received. */
const newCode = () => Array.from(crypto.getRandomValues(new Uint8Array(referralCodeLength)), (byte) => referralCodeAlphabet[byte % referralCodeAlphabet.length]).join('')
const landingOf = (code: string) => `/?utm_source=launch&utm_campaign=nov&ref=${code}`

const isBeacon = (request: Request) => request.url() === beaconUrl

/** Every beacon the page sends from now on, as Chromium sent it. */
function watchBeacons(page: Page) {
  const beacons: Request[] = []
  page.on('request', (request) => void (isBeacon(request) && beacons.push(request)))
  return beacons
}

/** The beacons the stub endpoint received for the landing with this code, in the order they arrived. */
const beaconsReceived = async (code: string) =>
  (await stubRequests({ method: 'POST' })).filter((request) => request.path === analyticsPath && (request.json as VisitBeacon | undefined)?.ref === code)

const mainLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })

test('one beacon for the landing page after it is shown, one more for a page the visitor moves to, and nothing kept', async ({ page, context }) => {
  const code = newCode()
  const beacons = watchBeacons(page)
  const first = page.waitForRequest(isBeacon)
  await page.goto(landingOf(code), { referer: referrer })
  await first
  // After the page was shown: the beacon, as the page's own resource timing has it, started after its first
  // contentful paint.
  const startedAfterPaint = (url: string) => {
    const beacon = performance.getEntriesByName(url, 'resource')[0]
    const paint = performance.getEntriesByName('first-contentful-paint')[0]
    return beacon && paint ? beacon.startTime - paint.startTime : undefined
  }
  await expect.poll(() => page.evaluate(startedAfterPaint, beaconUrl)).toBeGreaterThan(0)

  const source = { referrer: 'news.example.org', utmSource: 'launch', utmCampaign: 'nov', ref: code }
  await expect.poll(() => beaconsReceived(code)).toHaveLength(1)
  const [received] = await beaconsReceived(code)
  expect(received!.json).toEqual({ page: '/', ...source })
  expect(received!.headers['content-type']).toBe('text/plain;charset=UTF-8') // a CORS simple request: no preflight
  expect(received!.headers['sec-gpc']).toBeUndefined()

  await appInControl(page)
  const next = page.waitForRequest(isBeacon)
  await mainLink(page, 'About').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About /)
  expect(new URL(page.url()).pathname).toBe('/about')
  await next
  await expect.poll(async () => (await beaconsReceived(code)).map((request) => request.json)).toEqual([{ page: '/', ...source }, { page: '/about', ...source }])
  expect(beacons, 'exactly one for the landing, and one for the move').toHaveLength(2)
  expect(await stubRequests({ method: 'OPTIONS' }), 'no preflight').toEqual([])

  expect(await context.cookies()).toEqual([])
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0])
})

// Chromium sends neither signal by itself: the header is set on every request, and the property the way a browser
// with Global Privacy Control (or the older Do Not Track) defines it.
for (const { name, header, property, value } of [
  { name: 'Global Privacy Control', header: 'Sec-GPC', property: 'globalPrivacyControl', value: true },
  { name: 'Do Not Track', header: 'DNT', property: 'doNotTrack', value: '1' },
]) {
  test.describe(`a browser that sends ${name}`, () => {
    test.use({ extraHTTPHeaders: { [header]: '1' } })

    test('sends no beacon, on landing or on a move', async ({ page }) => {
      await page.addInitScript(
        ([key, answer]) => {
          Object.defineProperty(Navigator.prototype, key as string, { get: () => answer, configurable: true })
          // Each call to sendBeacon, noted as it is made (and still made), so that a beacon not sent is seen at once.
          const calls: string[] = ((window as unknown as { beaconCalls: string[] }).beaconCalls = [])
          const sendBeacon = Navigator.prototype.sendBeacon
          Navigator.prototype.sendBeacon = function (url, data) {
            calls.push(String(url))
            return sendBeacon.call(this, url, data)
          }
        },
        [property, value],
      )
      const beacons = watchBeacons(page)
      const code = newCode()
      await page.goto(landingOf(code), { referer: referrer })
      expect(await page.evaluate((key) => (navigator as unknown as Record<string, unknown>)[key], property)).toBe(value)
      await appInControl(page)
      await mainLink(page, 'About').click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About /)
      // A move sends its beacon once it is resolved, before the new page shows, and the landing's before it if that
      // has not left yet; an idle callback asked for now runs after the one the landing's beacon would have asked for.
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())))
      expect(await page.evaluate(() => (window as unknown as { beaconCalls: string[] }).beaconCalls)).toEqual([])
      expect(beacons).toEqual([])
      expect(await beaconsReceived(code)).toEqual([])
    })
  })
}
