// The console's referral reviews (issue 21), under /api/admin behind the console's session and Origin checks
// (the composition mounts them there: server/app.ts): the referrals held for the team, a page at a time, with the
// top referrers, and the team's verdict on each, audited. Each route is mounted from the route table behind its
// permission (reading them names people, so it needs people:read).
import { Hono } from 'hono'
import { heldPageSize, referralVerdicts, type AuditAction, type ReferralsReply, type ReferralVerdict, type Reply } from '../../../shared/console-api'
import { consoleRoutes } from '../../../shared/console-routes'
import type { AdminEnv } from '../../platform/console/guard'
import { consoleMessages } from '../../platform/console/console-messages'
import { on } from '../../platform/console/console-route'
import type { Audit } from '../../platform/console/audit'
import { heldCursor, readHeldCursor, type ReferralReviews } from './referral-reviews'

/** How many top referrers the console lists. */
export const topReferrerCount = 10
const reviewAudit = { APPROVE: 'approve-referral', REJECT: 'reject-referral' } as const satisfies Record<ReferralVerdict, AuditAction>

export function reviewRoutes(options: { reviews: ReferralReviews; audit: Audit; now: () => Date }): Hono<AdminEnv> {
  const { reviews, audit, now } = options
  const routes = new Hono<AdminEnv>()

  // Held referrals are the team's to decide: who the friend and the referrer are is shown to them, and only them.
  // A page at a time, by keyset (?after=, the cursor the previous page ended with): one more row than a page is
  // read, to know whether another page follows.
  on(routes, consoleRoutes.referrals, async (c) => {
    const afterParam = c.req.query('after')
    const after = afterParam === undefined ? undefined : readHeldCursor(afterParam)
    if (afterParam !== undefined && !after) return c.json({ ok: false, message: consoleMessages.badRequest }, 400)
    const [page, heldTotal, topReferrers] = await Promise.all([reviews.held(heldPageSize + 1, after), reviews.heldCount(), reviews.topReferrers(topReferrerCount)])
    const held = page.slice(0, heldPageSize)
    const last = held.at(-1)
    const heldAfter = page.length > heldPageSize && last ? heldCursor(last) : null
    return c.json({ ok: true, held, heldTotal, heldAfter, topReferrers } satisfies Reply<ReferralsReply>)
  })

  const verdictRoutes = { APPROVE: consoleRoutes.approveReferral, REJECT: consoleRoutes.rejectReferral } as const satisfies Record<ReferralVerdict, unknown>
  for (const verdict of referralVerdicts)
    on(routes, verdictRoutes[verdict], async (c) => {
      const friendId = Number(c.req.param('friendId'))
      if (!Number.isSafeInteger(friendId) || friendId < 1) return c.json({ ok: false, message: consoleMessages.badRequest }, 400)
      const adminEmail = c.get('adminEmail')
      if (!(await reviews.review(friendId, verdict, adminEmail, now()))) return c.json({ ok: false, message: consoleMessages.notFound }, 404)
      // Named by the friend's id, as erasures are: the id means nothing once they are erased.
      await audit(adminEmail, reviewAudit[verdict], `referral of signup #${friendId}`)
      return c.json({ ok: true })
    })
  return routes
}
