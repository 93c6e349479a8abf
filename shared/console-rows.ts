// What the console's API sends about people (server/features/console/admin-api.ts) and its machines read
// (machines/admin-*.ts): one description for both sides.
import type { PersonLink } from './person-record'
import type { StoredStatus } from './stored-statuses'

/** One person in the console's signups table. */
export type ConsoleSignupRow = {
  id: number
  createdAt: string
  email: string
  firstName: string
  source: string
  status: StoredStatus
  /** Their place in line, or null until they confirm. */
  place: number | null
  /** Friends credited to them (each moved them up). */
  credits: number
  /** Friends whose referral waits for the team. */
  heldReferrals: number
  /** The code of the share link they came through. */
  referredBy: string | null
  /** Whose that link is, so the console can link to them (null when none, or once they are erased). */
  referrer: PersonLink | null
  /** What their landing carried: the campaign, the campaign's source, the referring site's origin (each null when
   * it carried none). */
  utmCampaign: string | null
  utmSource: string | null
  referrerOrigin: string | null
}

/** How a person came, in the table's words: the campaign if any, else the campaign's source, else the site that
 * sent them (its host), else "direct". */
export function campaignOrSource(row: Pick<ConsoleSignupRow, 'utmCampaign' | 'utmSource' | 'referrerOrigin'>): string {
  return row.utmCampaign ?? row.utmSource ?? (row.referrerOrigin === null ? 'direct' : row.referrerOrigin.replace(/^https?:\/\//, ''))
}

/** A referral waiting for the team: who confirmed through whose link, and when it was held. The referrer is null
 * once they have been erased. */
export type HeldReferral = {
  friendId: number
  friendFirstName: string
  friendEmail: string
  referrerId: number | null
  referrerFirstName: string | null
  referrerEmail: string | null
  decidedAt: string
}

/** One of the people with the most credited referrals. */
export type TopReferrer = { id: number; firstName: string; email: string; credits: number; place: number | null }

/** Referrals on the console's front page (GET /api/admin/summary): by the day they signed up, the friends who came
 * through a share link and have confirmed; `credited`, the credits people on the list hold (the top referrers' credits
 * add up to it; a friend's erasure leaves it, a referrer's takes theirs); and every decision held or refused so far,
 * their friends erased since or not, refused being any outcome that earned nothing. */
export type ReferralSummary = { perDay: DayCount[]; credited: number; held: number; refused: number }

/** A count for one calendar day (UTC, YYYY-MM-DD), as the console's chart draws it. */
export type DayCount = { day: string; count: number }
