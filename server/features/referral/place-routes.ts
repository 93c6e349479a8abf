// GET /waitlist/place?token=…: the private page behind the welcome email's link. Opening it changes nothing about
// the person (mail scanners open every link); a token that is unknown, expired or ended by an erasure gets a page
// that says so, with a 404, and the same for every such token: it tells nobody whether someone is listed.
// The page's form about news and updates acts with a token of its own, single use and a day long, made for each
// opening (consent's offer, handed in by the composition): the place link itself, which lasts a year and is
// opened again and again, never acts.
import { Hono } from 'hono'
import { placePagePath } from '../../../shared/consent-paths'
import { hashSecret, isWellFormedSecret } from '../../platform/secrets/tokens'
import type { OfferNewsChoice } from '../consent/public'
import type { OfferQuestions } from '../questions/public'
import type { YourPlace } from './line'
import { placePageCsp, renderLinkNotWorking, renderYourPlace } from './place-page'

export type PlaceRoutesOptions = {
  yourPlace: (tokenHash: string, now: Date) => Promise<YourPlace | undefined>
  /** A token for the page's choice of news and updates, and whether the person holds it now. */
  offerNewsChoice: OfferNewsChoice
  /** A token for the questions page, and whether the person holds the consent to the health questions. */
  offerQuestions: OfferQuestions
  /** The site's public address, for the share link and the page's links; the request's own origin without it. */
  siteUrl: string | undefined
  /** INVITE_URL: someone who claimed their invitation finds the way on to early access here again. */
  inviteUrl: () => Promise<string | undefined>
  now: () => Date
}

const pageHeaders = (siteUrl: string) => ({
  'Content-Security-Policy': placePageCsp(siteUrl),
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
})

export function placeRoutes(options: PlaceRoutesOptions): Hono {
  const now = options.now
  const routes = new Hono()
  routes.get(placePagePath, async (c) => {
    const token = c.req.query('token')
    const at = now()
    const you = isWellFormedSecret(token) ? await options.yourPlace(hashSecret(token), at) : undefined
    const siteUrl = options.siteUrl ?? new URL(c.req.url).origin
    if (!you) return c.html(renderLinkNotWorking(siteUrl), 404, pageHeaders(siteUrl))
    const news = await options.offerNewsChoice(you.signupId, at)
    const questions = await options.offerQuestions(you.signupId, at)
    return c.html(renderYourPlace(you, siteUrl, { inviteUrl: await options.inviteUrl(), news, questions }), 200, pageHeaders(siteUrl))
  })
  return routes
}
