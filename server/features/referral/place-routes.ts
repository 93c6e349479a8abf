// GET /waitlist/place?token=…: the private page behind the welcome email's link. Opening it only reads (mail
// scanners open every link); a token that is unknown, expired or ended by an erasure gets a page that says so,
// with a 404, and the same for every such token: it tells nobody whether someone is listed.
import { Hono } from 'hono'
import { placePagePath } from '../../../shared/consent-paths'
import { hashSecret, isWellFormedSecret } from '../../platform/secrets/tokens'
import type { YourPlace } from './line'
import { placePageCsp, renderLinkNotWorking, renderYourPlace } from './place-page'

export type PlaceRoutesOptions = {
  yourPlace: (tokenHash: string, now: Date) => Promise<YourPlace | undefined>
  /** The site's public address, for the share link and the page's links; the request's own origin without it. */
  siteUrl: string | undefined
  /** INVITE_URL: someone who claimed their invitation finds the way on to early access here again. */
  inviteUrl?: string
  now?: () => Date
}

const pageHeaders = {
  'Content-Security-Policy': placePageCsp,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
}

export function placeRoutes(options: PlaceRoutesOptions): Hono {
  const now = options.now ?? (() => new Date())
  const routes = new Hono()
  routes.get(placePagePath, async (c) => {
    const token = c.req.query('token')
    const you = isWellFormedSecret(token) ? await options.yourPlace(hashSecret(token), now()) : undefined
    const siteUrl = options.siteUrl ?? new URL(c.req.url).origin
    return you ? c.html(renderYourPlace(you, siteUrl, options.inviteUrl), 200, pageHeaders) : c.html(renderLinkNotWorking(siteUrl), 404, pageHeaders)
  })
  return routes
}
