// The console's referral reviews (issue 21), under /api/admin behind the console's session and Origin checks
// (the composition mounts them there: server/app.ts): the referrals held for the team with the top referrers,
// and the team's verdict on each, audited.
import { Hono } from 'hono'
import { referralVerdicts, verdictPaths, type AuditAction, type ReferralsReply, type ReferralVerdict, type Reply } from '../../../shared/console-api'
import { adminMessages, type AdminEnv, type Audit } from '../console/public'
import type { ReferralReviews } from './referral-reviews'

/** How many top referrers the console lists. */
export const topReferrerCount = 10
const reviewAudit = { APPROVE: 'approve-referral', REJECT: 'reject-referral' } as const satisfies Record<ReferralVerdict, AuditAction>

export function reviewRoutes(options: { reviews: ReferralReviews; audit: Audit }): Hono<AdminEnv> {
  const { reviews, audit } = options
  const routes = new Hono<AdminEnv>()

  // Held referrals are the team's to decide: who the friend and the referrer are is shown to them, and only them.
  routes.get('/referrals', async (c) => {
    const [held, topReferrers] = await Promise.all([reviews.held(), reviews.topReferrers(topReferrerCount)])
    return c.json({ ok: true, held, topReferrers } satisfies Reply<ReferralsReply>)
  })

  for (const verdict of referralVerdicts)
    routes.post(`/referrals/:friendId/${verdictPaths[verdict]}`, async (c) => {
      const friendId = Number(c.req.param('friendId'))
      if (!Number.isSafeInteger(friendId) || friendId < 1) return c.json({ ok: false, message: adminMessages.badRequest }, 400)
      const adminEmail = c.get('adminEmail')
      if (!(await reviews.review(friendId, verdict, adminEmail))) return c.json({ ok: false, message: adminMessages.notFound }, 404)
      // Named by the friend's id, as erasures are: the id means nothing once they are erased.
      await audit(adminEmail, reviewAudit[verdict], `referral of signup #${friendId}`)
      return c.json({ ok: true })
    })
  return routes
}
