// The console's API (server/features/console/admin-api.ts, server/features/launch/wave-routes.ts) as its client
// (src/admin/admin-api-client.ts) and machines (machines/admin-*.ts) call it: where it lives, what it is asked
// and what it answers, once for both sides. The rows it sends are in console-rows.ts and launch-rows.ts.
import type { ConsoleSignupRow, DayCount, HeldReferral, ReferralSummary, TopReferrer } from './console-rows'
import type { StoredStatus } from './stored-statuses'
import type { Permission, Role } from './team'

/** Where the server mounts the console's API (server/app.ts), and where the console calls it. */
export const adminApiBase = '/api/admin'

/** Every answer that went through says so, beside what it carries. */
export type Reply<T> = { ok: true } & T

/** GET /session and POST /sign-in/verify: who is signed in, their role on the team now, and what it lets them do
 * (shared/team.ts), read from the database on every request. */
export type SessionReply = { email: string; role: Role; permissions: Permission[] }
/** POST /sign-in/request: the same words for every address, listed or not. */
export type SignInRequested = { message: string }

/** The columns the signups table sorts by. */
export const signupSortKeys = ['createdAt', 'email', 'firstName', 'source'] as const
export type SignupSort = (typeof signupSortKeys)[number]
export const isSignupSort = (value: unknown): value is SignupSort => signupSortKeys.some((key) => key === value)

/**
 * GET /signups's query: a search, a sort and a page. The table moves a page at a time by keyset (`after` or
 * `before`, a cursor the previous reply gave: the page that follows its last row or precedes its first), and
 * jumps by number (`page` alone: any page, the last included, read from whichever end is nearer). With a cursor,
 * `page` is only the number the table shows.
 */
export type SignupQuery = {
  search: string
  sort: SignupSort
  direction: 'asc' | 'desc'
  page: number
  pageSize: number
  after?: string
  before?: string
}
/** A page's rows when the query does not say. */
export const signupPageSize = 25
/** The most people a partial search looks through, newest first: a search must answer at once at any size. A
 * whole address is always looked up among everyone, through its index. */
export const partialSearchLimit = 100_000
/** What a search looked through: everyone (no search), one address among everyone (a whole address, in its
 * canonical form), or the newest `scanned` of `of` people for a part of an address or a first name. */
export type SearchScope = { kind: 'everyone' } | { kind: 'address' } | { kind: 'partial'; scanned: number; of: number }
/** GET /signups: a page of people, how many match, the cursors to the pages beside it (null at either end). */
export type SignupPage = {
  rows: ConsoleSignupRow[]
  total: number
  page: number
  cursors: { before: string | null; after: string | null }
  scope: SearchScope
}

/** Everyone listed, and how many are in each stored status. */
export type SignupTotals = { all: number } & Record<StoredStatus, number>
/** The outbox: emails not sent yet, and how long ago the oldest was queued (null when none waits). */
export type OutboxSummary = { waiting: number; oldestSeconds: number | null }
/** GET /summary: the front page's figures. */
export type ConsoleSummary = {
  totals: SignupTotals
  perDay: DayCount[]
  bySource: { source: string; count: number }[]
  /** Confirmed signups that came through a share link, per day, and the referral decisions so far (issue 21). */
  referrals: ReferralSummary
  outbox: OutboxSummary
}

/** What the audit log records. */
export type AuditAction =
  | 'sign-in'
  | 'sign-out'
  | 'export'
  | 'erase'
  | 'approve-referral'
  | 'reject-referral'
  | 'start-wave'
  | 'invite-again'
  | 'set-pace'
  | 'stop-pace'
  // An update to the list (server/features/updates/): a draft created or edited, a test sent to oneself, a draft deleted.
  | 'write-update'
  | 'test-update'
  | 'delete-update'
  // An update's sending: sent now or scheduled (to whom, at what pace), paused, resumed, cancelled or unscheduled.
  | 'send-update'
  // An API key (server/features/api/): made, revoked, and its first use of each UTC day (not every request).
  | 'make-api-key'
  | 'revoke-api-key'
  | 'use-api-key'
  // A webhook endpoint (server/features/webhooks/): added, its events or URL edited, turned on or off, deleted, its
  // secret rotated, a test sent.
  | 'add-webhook'
  | 'edit-webhook'
  | 'turn-on-webhook'
  | 'turn-off-webhook'
  | 'delete-webhook'
  | 'rotate-webhook'
  | 'test-webhook'
  // The team (issue 46): a member invited with a role, a role changed, a member removed (their sessions ended).
  | 'invite-member'
  | 'change-role'
  | 'remove-member'
  // A setting the console changes with no restart (issue 47): the invitation link.
  | 'change-setting'
  // The suppression list (issue 49): an address put on it by hand, or lifted off it.
  | 'suppress'
  | 'lift-suppression'
  // The questions (issue 52): one defined, its wording edited (a new version), or retired; and each read of sensitive
  // (health) answers that leaves the console (an export, the API's call) is an 'export' or 'use-api-key' line.
  | 'define-question'
  | 'edit-question'
  | 'retire-question'
export type AuditEntry = { at: string; actor: string; action: AuditAction; detail: string }

// The console's long lists (issue 35), paged on the server by keyset: each reply carries the cursor of the page
// beyond its last row (null when there is none), and the next request sends it back. The held referrals go oldest
// first (`?after=`, keyed on when each was held and the friend's id); the audit log newest first (`?before=`, keyed
// on the entry's id). The client keeps the cursors it has followed, to step back.
/** Held referrals on one page of GET /referrals. */
export const heldPageSize = 25
/** Audit entries on one page of GET /audit. */
export const auditPageSize = 50
/** GET /audit[?before=<cursor>]: a page of entries, newest first, and the cursor of the older ones. */
export type AuditReply = { entries: AuditEntry[]; older: string | null }
/** GET /referrals[?after=<cursor>]: a page of the referrals held for the team, oldest first, how many are held in
 * all, the cursor of the page after it, and the top referrers. */
export type ReferralsReply = { held: HeldReferral[]; heldTotal: number; heldAfter: string | null; topReferrers: TopReferrer[] }

/** The team's word on a held referral (machines/referral-credit-machine.ts's APPROVE and REJECT). */
export const referralVerdicts = ['APPROVE', 'REJECT'] as const
export type ReferralVerdict = (typeof referralVerdicts)[number]
/** POST /referrals/:friendId/<path>: the path of each verdict. */
export const verdictPaths = { APPROVE: 'approve', REJECT: 'reject' } as const satisfies Record<ReferralVerdict, string>
