// GET and POST /waitlist/invite: the page behind an invitation's link, and its button. Opening the page only
// reads (mail scanners open every link); pressing its button claims the invitation, uses the link up, and answers
// with the claimed page: the activation code the app will ask for (activation-code.ts), shown once, and a link on
// to INVITE_URL. A token that is unknown, used, expired or ended by an erasure gets one
// page, the same for every such token, with a 404: it tells nobody whether someone is listed. Until INVITE_URL
// is set there is nowhere to send anyone: the page says invitations are not open yet and the link stays unused.
// The button is a plain form post, so it works without JavaScript; the target is configuration, never anything
// in the request. The post carries no Origin check: the page sends no Referer, so browsers post it with
// `Origin: null`, and the token is the whole authority (another site that had it could only claim for its owner
// the invitation that was theirs, and could not read the reply, so never the activation code it shows).
import { Hono } from 'hono'
import { invitePagePath } from '../../../shared/consent-paths'
import { hashSecret, isWellFormedSecret } from '../../platform/secrets/tokens'
import { readFieldsBody } from '../../platform/http/read-body'
import type { Invitations } from './invitations'
import { invitePageCsp, renderInvitation, renderInvitationClaimed, renderInvitationClosed, renderInvitationNotWorking } from './invite-page'

export type InviteRoutesOptions = {
  invitations: Pick<Invitations, 'invitationOf' | 'claimWithCode'>
  /** INVITE_URL, read at each use: where a claimed invitation goes on to; undefined until the company sets it. */
  inviteUrl: () => Promise<string | undefined>
  /** The site's public address, for the page's links; the request's own origin without it. */
  siteUrl: string | undefined
  now: () => Date
}

export function inviteRoutes(options: InviteRoutesOptions): Hono {
  const now = options.now
  const headers = {
    'Content-Security-Policy': invitePageCsp(),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex, nofollow',
  }
  const routes = new Hono()
  const siteOf = (url: string) => options.siteUrl ?? new URL(url).origin

  routes.get(invitePagePath, async (c) => {
    const site = siteOf(c.req.url)
    if (!(await options.inviteUrl())) return c.html(renderInvitationClosed(site), 503, headers)
    const token = c.req.query('token')
    const invitation = isWellFormedSecret(token) ? await options.invitations.invitationOf(hashSecret(token), now()) : undefined
    return invitation ? c.html(renderInvitation(invitation, token!, site), 200, headers) : c.html(renderInvitationNotWorking(site), 404, headers)
  })

  // A token is 43 characters: the button's form is a few dozen bytes, far under the reader's 2 KB.
  routes.post(invitePagePath, async (c) => {
    const site = siteOf(c.req.url)
    const inviteUrl = await options.inviteUrl()
    if (!inviteUrl) return c.html(renderInvitationClosed(site), 503, headers)
    const form = await readFieldsBody(c, { forms: true })
    if (form.kind === 'too-large') return c.html(renderInvitationNotWorking(site), 413, headers)
    const token = form.kind === 'fields' ? form.fields.token : undefined
    const claimed = isWellFormedSecret(token) ? await options.invitations.claimWithCode(hashSecret(token), now()) : undefined
    if (!claimed) return c.html(renderInvitationNotWorking(site), 404, headers)
    return c.html(renderInvitationClaimed(claimed, inviteUrl, site), 200, headers)
  })
  return routes
}
