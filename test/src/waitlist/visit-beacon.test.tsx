// The visit beacon (issue 32): one for the page the app hydrated, once the browser is idle, and one for each page the
// visitor moves to; the path alone, the referring site's host name alone, and the landing's campaign; nothing from
// a browser that asks not to be tracked, or from a build without an endpoint. navigator.sendBeacon is stubbed: what
// it is handed is what the browser would post.
import { Link, Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { analyticsPath, visitBeaconMaxBytes, type VisitBeacon } from '../../../shared/analytics'
import { captureLanding, forgetLanding } from '../../../src/waitlist/landing-campaign'
import { asksNotToBeTracked, beaconUrl, firstBeaconIdleTimeoutMs, useVisitBeacons, visitBeaconOf } from '../../../src/waitlist/visit-beacon'

const site = 'https://stridehealth.example'
const ENDPOINT = 'https://api.stridehealth.example/api/waitlist'
const BEACON_URL = `https://api.stridehealth.example${analyticsPath}`

describe('beaconUrl', () => {
  it("is analyticsPath on the endpoint's origin", () => {
    expect(beaconUrl(ENDPOINT, `${site}/about`)).toBe(BEACON_URL)
    expect(beaconUrl(' /api/waitlist ', `${site}/about?x=1`)).toBe(`${site}${analyticsPath}`)
    expect(beaconUrl('http://127.0.0.1:4599/waitlist', `${site}/`)).toBe(`http://127.0.0.1:4599${analyticsPath}`)
  })

  it('is empty without an endpoint, or with one that is not a URL', () => {
    expect(beaconUrl('', `${site}/`)).toBe('')
    expect(beaconUrl('   ', `${site}/`)).toBe('')
    expect(beaconUrl('http://[oops/waitlist', `${site}/`)).toBe('')
  })
})

describe('asksNotToBeTracked', () => {
  it.each([
    [{ globalPrivacyControl: true }, true],
    [{ doNotTrack: '1' }, true],
    [{ globalPrivacyControl: true, doNotTrack: '0' }, true],
    [{ globalPrivacyControl: false, doNotTrack: '0' }, false],
    [{ doNotTrack: 'unspecified' }, false],
    [{ doNotTrack: null }, false],
    [{}, false],
  ])('%j → %s', (browser, asks) => {
    expect(asksNotToBeTracked(browser as unknown as Navigator)).toBe(asks)
  })
})

describe('visitBeaconOf', () => {
  it("carries the path, the referring site's host name and the whole campaign, the share link's code as ref", () => {
    const campaign = {
      utmSource: 'launch',
      utmMedium: 'social',
      utmCampaign: 'nov',
      utmContent: 'hero',
      utmTerm: 'knees',
      referralCode: 'k7m2qx9p',
      referrerOrigin: 'https://news.example.org:8443',
    }
    expect(visitBeaconOf('/about', campaign, 'stridehealth.example')).toEqual({
      page: '/about',
      referrer: 'news.example.org',
      utmSource: 'launch',
      utmMedium: 'social',
      utmCampaign: 'nov',
      utmContent: 'hero',
      utmTerm: 'knees',
      ref: 'k7m2qx9p',
    })
  })

  it('is the path alone for a visit with no source, and leaves out a referrer that is the site itself', () => {
    expect(visitBeaconOf('/', {}, 'stridehealth.example')).toEqual({ page: '/' })
    // Another scheme or port of the same host (http:// before a redirect to https://) is still this site.
    expect(visitBeaconOf('/', { referrerOrigin: 'http://stridehealth.example' }, 'stridehealth.example')).toEqual({ page: '/' })
  })

  it('fits the body the endpoint reads, at the longest a landing can make it', () => {
    const longest = 'x'.repeat(100) // shared/signup.ts: a campaign value is at most 100 characters
    const campaign = { utmSource: longest, utmMedium: longest, utmCampaign: longest, utmContent: longest, utmTerm: longest, referralCode: 'k7m2qx9p' }
    const referrerOrigin = `https://${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.example`
    const body = JSON.stringify(visitBeaconOf('/waitlist/erase/confirm', { ...campaign, referrerOrigin }, 'stridehealth.example'))
    expect(new TextEncoder().encode(body).byteLength).toBeLessThanOrEqual(visitBeaconMaxBytes)
  })
})

describe('useVisitBeacons', () => {
  let sent: { url: string; body: unknown }[]

  /** What each beacon posted, parsed. */
  const beacons = () => sent.map(({ body }) => JSON.parse(body as string) as VisitBeacon)

  /** Idle callbacks wait here until the test says the browser is idle. */
  let idle: { run: () => void; timeout: number | undefined }[]
  const becomeIdle = () => act(() => idle.splice(0).forEach(({ run }) => run()))

  function defineOnNavigator(values: Record<string, unknown>) {
    for (const [name, value] of Object.entries(values)) Object.defineProperty(navigator, name, { value, configurable: true })
  }

  beforeEach(() => {
    sent = []
    idle = []
    defineOnNavigator({
      sendBeacon: vi.fn((url: string, body: unknown) => {
        sent.push({ url, body })
        return true
      }),
    })
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((run: () => void, options?: IdleRequestOptions) => {
        idle.push({ run, timeout: options?.timeout })
        return idle.length
      }),
    )
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    for (const name of ['sendBeacon', 'globalPrivacyControl', 'doNotTrack']) Reflect.deleteProperty(navigator, name)
    forgetLanding()
  })

  /** A site of three pages whose root counts visits, as src/layout/root-document.tsx does, opened at `path`. */
  async function openSite(path: string, endpoint = ENDPOINT) {
    const rootRoute = createRootRoute({
      component: function Root() {
        useVisitBeacons(endpoint)
        return (
          <>
            <nav>
              <Link to="/">Home</Link> <Link to="/about">About</Link> <Link to="/legal" hash="privacy-policy">Privacy</Link>{' '}
              <Link to="/legal" hash="cookie-policy">Cookies</Link> <Link to="/about" search={{ tab: 'team' } as never}>Team</Link>
            </nav>
            <Outlet />
          </>
        )
      },
    })
    const page = (pagePath: string, title: string) => createRoute({ getParentRoute: () => rootRoute, path: pagePath, component: () => <h1>{title}</h1> })
    const router = createRouter({
      routeTree: rootRoute.addChildren([page('/', 'Home'), page('/about', 'About'), page('/legal', 'Legal')]),
      history: createMemoryHistory({ initialEntries: [path] }),
    })
    const view = render(<RouterProvider router={router} />)
    await screen.findByRole('heading', { level: 1 })
    return { ...view, router, user: userEvent.setup() }
  }

  it('sends one beacon for the page shown, only once the browser is idle, to the endpoint as text/plain', async () => {
    captureLanding(`${site}/about?utm_source=launch&utm_campaign=nov&ref=K7M2QX9P`, 'https://news.example.org/story/42?user=ada')
    await openSite('/about?utm_source=launch&utm_campaign=nov&ref=K7M2QX9P#team')
    expect(sent, 'nothing before the browser is idle').toEqual([])
    expect(idle).toHaveLength(1)
    expect(idle[0]!.timeout).toBe(firstBeaconIdleTimeoutMs)

    becomeIdle()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toBe(BEACON_URL)
    // A string, which the browser posts as text/plain;charset=UTF-8: a CORS simple request, no preflight.
    expect(typeof sent[0]!.body).toBe('string')
    expect(beacons()).toEqual([{ page: '/about', referrer: 'news.example.org', utmSource: 'launch', utmCampaign: 'nov', ref: 'k7m2qx9p' }])
  })

  it('sends one more for each page the visitor moves to, with the path alone and the same landing source', async () => {
    captureLanding(`${site}/?utm_source=launch`, 'https://news.example.org/')
    const { user, router } = await openSite('/')
    becomeIdle()
    await user.click(screen.getByRole('link', { name: 'About' }))
    await screen.findByRole('heading', { name: 'About' })
    await user.click(screen.getByRole('link', { name: 'Privacy' }))
    await screen.findByRole('heading', { name: 'Legal' })
    expect(beacons().map(({ page }) => page)).toEqual(['/', '/about', '/legal'])
    expect(beacons()).toContainEqual({ page: '/legal', referrer: 'news.example.org', utmSource: 'launch' })

    // The same page with another fragment or query is not another page.
    await user.click(screen.getByRole('link', { name: 'Cookies' }))
    await act(() => router.navigate({ to: '/legal', search: { x: '1' } as never }))
    expect(router.state.location.href).toMatch(/^\/legal\?x=/)
    // Back past them to About is a page the visitor is shown again.
    await act(async () => router.history.go(-3))
    await screen.findByRole('heading', { name: 'About' })
    expect(beacons().map(({ page }) => page)).toEqual(['/', '/about', '/legal', '/about'])
    expect(sent.every(({ url }) => url === BEACON_URL)).toBe(true)
  })

  it('sends the first page first when the visitor moves on before the browser is idle, and it only once', async () => {
    const { user } = await openSite('/')
    await user.click(screen.getByRole('link', { name: 'About' }))
    await screen.findByRole('heading', { name: 'About' })
    expect(beacons().map(({ page }) => page)).toEqual(['/', '/about'])
    becomeIdle()
    expect(sent).toHaveLength(2)
  })

  it('sends it from a timer where the browser has no idle callbacks (Safari)', async () => {
    Reflect.deleteProperty(window, 'requestIdleCallback')
    expect('requestIdleCallback' in window).toBe(false)
    await openSite('/about')
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(beacons()).toEqual([{ page: '/about' }])
  })

  it('counts a page the browser prerendered only once it is shown', async () => {
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true })
    try {
      await openSite('/about')
      expect(idle).toEqual([])
      Object.defineProperty(document, 'prerendering', { value: false, configurable: true })
      document.dispatchEvent(new Event('prerenderingchange'))
      becomeIdle()
      expect(beacons()).toEqual([{ page: '/about' }])
    } finally {
      Reflect.deleteProperty(document, 'prerendering')
    }
  })

  it.each([
    ['Global Privacy Control', { globalPrivacyControl: true }],
    ['Do Not Track', { doNotTrack: '1' }],
  ])('sends nothing when the browser sends %s', async (_name, asks) => {
    defineOnNavigator(asks)
    captureLanding(`${site}/?utm_source=launch`, '')
    const { user } = await openSite('/')
    becomeIdle()
    await user.click(screen.getByRole('link', { name: 'About' }))
    await screen.findByRole('heading', { name: 'About' })
    becomeIdle()
    expect(sent).toEqual([])
    expect(idle).toEqual([])
  })

  it('sends nothing when the build has no endpoint', async () => {
    const { user } = await openSite('/', '')
    becomeIdle()
    await user.click(screen.getByRole('link', { name: 'About' }))
    await screen.findByRole('heading', { name: 'About' })
    expect(sent).toEqual([])
  })

  it('sends nothing once the app has gone (unmounted before the browser was idle)', async () => {
    const { unmount } = await openSite('/')
    unmount()
    becomeIdle()
    expect(sent).toEqual([])
  })

  it('writes no cookie and nothing in storage', async () => {
    captureLanding(`${site}/?utm_source=launch&ref=k7m2qx9p`, 'https://news.example.org/')
    const { user } = await openSite('/')
    becomeIdle()
    await user.click(screen.getByRole('link', { name: 'About' }))
    await screen.findByRole('heading', { name: 'About' })
    expect(sent).toHaveLength(2)
    expect(document.cookie).toBe('')
    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0])
  })
})
