// The suppression list (issue 49): addresses the outbox sends nothing more to, each with why, from where and when,
// in the words the mail server or provider gave. One description for the server (server/platform/suppression/) and
// the console, which lists the entries and lifts one (shared/console-routes.ts). docs/suppression.md says the rules.

/** Why an address is suppressed: refused for good (a 5yz at RCPT, or a provider's permanent bounce), refused for now
 * too often (SOFT_BOUNCE_LIMIT times in SOFT_BOUNCE_DAYS), marked as spam by its owner, or by a team member. */
export const suppressionReasons = ['hard-bounce', 'soft-bounces', 'complaint', 'manual'] as const
export type SuppressionReason = (typeof suppressionReasons)[number]

/** Who told us: our own SMTP server's reply at send time, a provider's webhook, or the console. */
export const suppressionSources = ['smtp', 'ses', 'postmark', 'sendgrid', 'mailgun', 'console'] as const
export type SuppressionSource = (typeof suppressionSources)[number]

export const suppressionReasonWords: Record<SuppressionReason, string> = {
  'hard-bounce': 'Refused for good',
  'soft-bounces': 'Refused for now, too often',
  complaint: 'Marked as spam',
  manual: 'Suppressed by the team',
}

export const suppressionSourceWords: Record<SuppressionSource, string> = {
  smtp: 'our mail server',
  ses: 'Amazon SES',
  postmark: 'Postmark',
  sendgrid: 'SendGrid',
  mailgun: 'Mailgun',
  console: 'the console',
}

/** The provider's own words are kept at most this long: a reason, never a dump of the email. */
export const providerWordsMaxLength = 300

/** One entry as the console shows it. `email` is null once its owner was erased: only its keyed hash is left,
 * so the address is still known to bounce should it sign up again. `personId` links the person's page. */
export type SuppressionRow = {
  email: string | null
  personId: number | null
  reason: SuppressionReason
  source: SuppressionSource
  words: string
  suppressedAt: string
}

/** Entries on one page of GET /suppressions. */
export const suppressionPageSize = 50

/** GET /suppressions[?before=<cursor>]: newest first, and the cursor of the older ones (null: none). */
export type SuppressionsReply = { entries: SuppressionRow[]; older: string | null }

/** The person's page's part: whether their address is suppressed, why, when, and the soft bounces counted. */
export type PersonSuppression = {
  reason: SuppressionReason
  source: SuppressionSource
  words: string
  suppressedAt: string
} | null
