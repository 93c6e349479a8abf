// One list of personal data (issue 51): every table of the database and every column in it, whose data each holds
// (a person on the list, a team member, an address not on the list, or nobody), why, for how long, and whether a
// person's own copy shows it and an erasure clears it. The retention rules are written from the settings the
// sweeps run with (platform/retention/retention.ts, the analytics' count, the webhooks' body sweep), so a rule here
// cannot say one thing while the code does another.
//
// Held by tests: test/server/personal-data.test.ts reads the schema on both engines and fails on a table or column
// this list does not name (so a migration cannot add an address unnoticed), and makes a person whose copy must show
// the columns listed here and whose erasure must clear them; test/docs/product-rules.test.tsx holds the docs' table
// to this list. It lives at the server's top, beside the composition, because it names every wing's tables.
import { readConfig } from './config'
import { deliveryBodyKeptMs } from './features/webhooks/webhook-outbox'
import { sessionLifetimeMs } from './platform/console/session-cookie'
import { retentionRules } from './platform/retention/retention'
import { linkLifetimesMs, inWords } from '../shared/rules'
import { questionRules } from '../shared/questions'

/** How long a datum is kept: in words, and, when a sweep removes it, the setting it is kept by, how long past its
 * row's end (an expiry or a finish) that is, and which of the composition's background runs removes it
 * (test/server/retention-clocks.test.ts moves the clock past each one and runs that sweep). */
export type Kept = { words: string; runs?: { setting: string; ms: number; sweep: string } }

/** Whose data a table holds. */
export type Whose = 'listed' | 'team' | 'unlisted'

export type PersonalTable = {
  whose: Whose
  /** Every column of the table, the personal and the rest: a column not named here fails the schema's test. */
  columns: readonly string[]
  purpose: string
  kept: Kept
  /** For a person on the list: the column that names their signup (the test reads their rows by it). */
  linkedBy?: string
  /** The columns a person's own copy shows, and why the others are not (omitted for one who is not on the list). */
  copy?: { shows: readonly string[]; not?: string }
  /** What an erasure does to the person's rows: deletes them, clears the columns that name them, or keeps them and why. */
  erasure: { deletes: true } | { clears: readonly string[] } | { keeps: string }
}

/** A table that holds nothing about any person: counts, settings, secrets of the server. */
export type ImpersonalTable = { whose: 'nobody'; columns: readonly string[]; why: string }

const rawDays = readConfig({}).analytics.rawDays

const untilErased: Kept = { words: 'until the person is erased' }
const forGood: Kept = { words: 'for good, naming nobody' }

export const personalData = {
  signups: {
    whose: 'listed',
    columns: ['id', 'email_normalized', 'email', 'first_name', 'source', 'submission_id', 'created_at', 'status', 'consent_version', 'utm_source', 'utm_medium', 'utm_campaign', 'referrer_origin', 'confirmation_queued_at', 'confirmed_at', 'unsubscribed_at', 'referred_by', 'referral_network', 'referral_code', 'confirm_seq', 'line_score', 'referral_credits', 'news_consent_version', 'news_given_at', 'news_withdrawn_at'],
    purpose: 'The signup and its consent record: who joined, from where, under which wording, and their place and share link.',
    kept: untilErased,
    linkedBy: 'id',
    copy: {
      shows: ['email', 'first_name', 'source', 'created_at', 'status', 'consent_version', 'utm_source', 'utm_medium', 'utm_campaign', 'referrer_origin', 'confirmation_queued_at', 'confirmed_at', 'unsubscribed_at', 'referred_by', 'referral_code', 'referral_credits', 'news_consent_version', 'news_given_at', 'news_withdrawn_at'],
      not: 'the canonical form of the address, the form’s submission key, the keyed hash of the network they joined from (for the referral rules), and the line’s own counters, which the copy shows as a place',
    },
    erasure: { deletes: true },
  },
  consent_tokens: {
    whose: 'listed',
    columns: ['token_hash', 'purpose', 'signup_id', 'expires_at'],
    purpose: 'The links in our emails, each kept as the SHA-256 of its secret, for one purpose and one person.',
    kept: { words: `a day past each link's end (a used one goes as it is used)`, runs: { setting: 'retentionRules.endedLinksKeptMs', ms: retentionRules.endedLinksKeptMs, sweep: 'retention' } },
    linkedBy: 'signup_id',
    copy: { shows: [], not: 'a link’s hash is worth nothing to read; the copy lists the emails that carried the links' },
    erasure: { deletes: true },
  },
  outbox: {
    whose: 'listed',
    columns: ['id', 'kind', 'signup_id', 'created_at', 'next_attempt_at', 'attempts', 'claimed_until', 'finished_at', 'outcome', 'last_error', 'invitation_id', 'subject_id', 'transport', 'retry', 'lane', 'held_at'],
    purpose: 'Everything queued to send: each email (its kind, for whom, how it ended; never its words) and each webhook post (its delivery is in webhook_deliveries).',
    kept: { words: `${inWords(retentionRules.finishedEmailsKeptMs)} after it finished`, runs: { setting: 'retentionRules.finishedEmailsKeptMs', ms: retentionRules.finishedEmailsKeptMs, sweep: 'retention' } },
    linkedBy: 'signup_id',
    copy: { shows: ['kind', 'created_at', 'finished_at'], not: 'the sender’s bookkeeping (attempts, leases) and the mail server’s last words' },
    erasure: { deletes: true },
  },
  referrals: {
    whose: 'listed',
    columns: ['id', 'friend_id', 'referrer_id', 'outcome', 'network', 'decided_at', 'reviewed_by'],
    purpose: 'Who came through whose share link, and what the referral rules decided.',
    kept: { words: 'for good, for the daily cap and the farm rules; an erasure takes the person out of it' },
    linkedBy: 'friend_id',
    copy: { shows: [], not: 'a referral is two people’s: the copy counts the friends and names the code they came through' },
    erasure: { clears: ['friend_id', 'referrer_id'] },
  },
  invitations: {
    whose: 'listed',
    columns: ['id', 'wave_id', 'signup_id', 'invited_at', 'expires_at', 'delivered_at', 'reminded_at', 'claimed_at', 'expired_at', 'unsubscribed_at', 'erased_at'],
    purpose: 'Each wave’s invitation to one person, from its sending to its claim or end.',
    kept: { words: 'for good, for the funnel; an erasure takes the person out of it' },
    linkedBy: 'signup_id',
    copy: { shows: ['invited_at', 'expires_at', 'delivered_at', 'reminded_at', 'claimed_at', 'expired_at'] },
    erasure: { clears: ['signup_id'] },
  },
  activations: {
    whose: 'listed',
    columns: ['id', 'signup_id', 'invitation_id', 'activated_at', 'via', 'key_id', 'code_hash'],
    purpose: 'The app’s report that the person started using it.',
    kept: { words: 'for good, for the funnel; an erasure takes the person out of it' },
    linkedBy: 'signup_id',
    copy: { shows: ['activated_at', 'via'], not: 'which API key reported it, and the code’s hash' },
    erasure: { clears: ['signup_id'] },
  },
  update_recipients: {
    whose: 'listed',
    columns: ['id', 'update_id', 'signup_id', 'state', 'reason', 'at', 'unsubscribed_at'],
    purpose: 'Who an update to the list went to, or was skipped for, and why.',
    kept: { words: 'for good, for the update’s counts; an erasure takes the person out of it' },
    linkedBy: 'signup_id',
    copy: { shows: [], not: 'each update’s email to them is in the copy’s emails' },
    erasure: { clears: ['signup_id'] },
  },
  update_reports: {
    whose: 'listed',
    columns: ['recipient_id', 'update_id', 'kind', 'at'],
    purpose: 'An update’s email that bounced for good or was marked as spam, counted for the send’s rates (issue 49).',
    kept: { words: 'for good, for the send’s rates' },
    erasure: { keeps: 'it names the email’s row among the update’s recipients, which an erasure unlinks from the person; the person’s suppression is in their copy' },
  },
  webhook_deliveries: {
    whose: 'listed',
    columns: ['id', 'endpoint_id', 'webhook_id', 'type', 'signup_id', 'erasure', 'body', 'created_at', 'next_attempt_at', 'attempts', 'claimed_until', 'status', 'finished_at', 'last_attempt_at', 'reply_status', 'reply_excerpt', 'last_error'],
    purpose: 'Events about a person sent to our own systems (webhooks), and how each went.',
    kept: { words: `the body ${inWords(deliveryBodyKeptMs)} after it finished, the status row for good`, runs: { setting: 'deliveryBodyKeptMs', ms: deliveryBodyKeptMs, sweep: 'webhook-bodies' } },
    linkedBy: 'signup_id',
    copy: { shows: ['type', 'status', 'created_at', 'finished_at'], not: 'the body, which holds what the copy shows already, and the receiver’s reply' },
    erasure: { clears: ['signup_id', 'body', 'reply_excerpt'] },
  },
  suppressions: {
    whose: 'listed',
    columns: ['address_hash', 'address', 'reason', 'source', 'words', 'suppressed_at', 'soft_bounces', 'lifted_at', 'lifted_by'],
    purpose: 'Addresses no email goes to (a bounce, a complaint, by hand), keyed by a keyed hash of the address.',
    kept: { words: 'for good, so that a mailbox that refused mail is not mailed again; an erasure clears the address and keeps the hash' },
    copy: { shows: ['reason', 'source', 'words', 'suppressed_at'], not: 'the soft bounces counted, and who lifted it' },
    erasure: { clears: ['address'] },
  },
  answers: {
    whose: 'listed',
    columns: ['id', 'signup_id', 'question_id', 'version', 'answer', 'answer_sealed', 'answered_at'],
    purpose: 'A person’s answer to a question asked after confirmation, with the version of the wording they answered, to pick who tries the app first. A sensitive (health) answer is sealed with AES-256-GCM.',
    kept: {
      words: `an ordinary answer until the person is erased; a sensitive one ${inWords(questionRules.sensitiveAnswersKeptMs)} after it was given, or until they take their consent back`,
      runs: { setting: 'questionRules.sensitiveAnswersKeptMs', ms: questionRules.sensitiveAnswersKeptMs, sweep: 'answers-retention' },
    },
    linkedBy: 'signup_id',
    copy: { shows: ['question_id', 'version', 'answered_at'], not: 'the stored forms of the answer (JSON text, a sealed box): the copy shows the answer itself, a sensitive one opened, beside the wording they answered' },
    erasure: { deletes: true },
  },
  sensitive_consents: {
    whose: 'listed',
    columns: ['signup_id', 'version', 'given_at', 'withdrawn_at'],
    purpose: 'The explicit consent to the sensitive (health) questions, apart from the email purposes: the wording’s version, when given, when taken back.',
    kept: untilErased,
    linkedBy: 'signup_id',
    copy: { shows: ['version', 'given_at', 'withdrawn_at'] },
    erasure: { deletes: true },
  },
  erased_emails: {
    whose: 'listed',
    columns: ['email_hash', 'erased_at'],
    purpose: 'What an erasure keeps: a keyed hash of the address, so that it is never stored or mailed again.',
    kept: { words: 'for good' },
    erasure: { keeps: 'it is what the erasure leaves; the "nothing held" email says so' },
  },
  copy_requests: {
    whose: 'unlisted',
    columns: ['id', 'email_normalized', 'asked_at'],
    purpose: 'An address not on the list that asked for a copy of its data, until the email saying we hold nothing goes.',
    kept: { words: 'until that email is sent or ends' },
    erasure: { deletes: true },
  },
  admin_team: {
    whose: 'team',
    columns: ['email', 'role', 'added_by', 'added_at', 'last_sign_in_at'],
    purpose: 'Who may sign in to the console, with which role.',
    kept: { words: 'while the member is on the team' },
    erasure: { keeps: 'team members are not on the list; removing one from the team deletes the row' },
  },
  admin_sessions: {
    whose: 'team',
    columns: ['session_hash', 'email', 'created_at', 'expires_at'],
    purpose: 'A member’s signed-in sessions, kept as the SHA-256 of their secret.',
    kept: { words: `until they end (${inWords(sessionLifetimeMs)}), removed within the hour after`, runs: { setting: 'sessionLifetimeMs', ms: 0, sweep: 'console-sweep' } },
    erasure: { keeps: 'team members are not on the list' },
  },
  admin_sign_in_tokens: {
    whose: 'team',
    columns: ['token_hash', 'email', 'expires_at'],
    purpose: 'A sign-in link, kept as the SHA-256 of its secret.',
    kept: {
      words: `until it is used or ends (${inWords(linkLifetimesMs.signIn)}; an invitation to the team ${inWords(linkLifetimesMs.teamInvitation)}), removed within the hour after`,
      runs: { setting: 'linkLifetimesMs.signIn', ms: 0, sweep: 'console-sweep' },
    },
    erasure: { keeps: 'team members are not on the list' },
  },
  admin_audit: {
    whose: 'team',
    columns: ['id', 'at', 'actor', 'action', 'detail'],
    purpose: 'Who on the team did what, when. It names a person on the list by signup id, never by address.',
    kept: { words: 'for good' },
    erasure: { keeps: 'its entries name a signup by id only' },
  },
  update_tests: {
    whose: 'team',
    columns: ['id', 'update_id', 'sent_to', 'asked_at'],
    purpose: 'A test of an update, to the member who asked for it.',
    kept: { words: 'with the update' },
    erasure: { keeps: 'team members are not on the list' },
  },
  updates: {
    whose: 'team',
    columns: ['id', 'subject', 'preheader', 'body', 'created_by', 'created_at', 'updated_by', 'updated_at'],
    purpose: 'An update to the list, and who wrote it.',
    kept: { words: 'for good' },
    erasure: { keeps: 'it names team members only' },
  },
  update_sends: {
    whose: 'team',
    columns: ['update_id', 'state', 'audience', 'send_at', 'per_second', 'requested_by', 'started_at', 'ended_at', 'paced_from', 'paced_count', 'audience_size', 'paused_because', 'reports_judged', 'audience_match'],
    purpose: 'An update’s sending, and who asked for it.',
    kept: forGood,
    erasure: { keeps: 'it names team members only' },
  },
  waves: {
    whose: 'team',
    columns: ['id', 'kind', 'started_by', 'started_at', 'size'],
    purpose: 'A wave of invitations, and who started it.',
    kept: forGood,
    erasure: { keeps: 'it names team members only' },
  },
  launch_pace: {
    whose: 'team',
    columns: ['id', 'per_day', 'at_utc', 'started_by', 'started_at', 'last_run_day', 'ended_reason', 'ended_at'],
    purpose: 'The daily wave the team set, and who set it.',
    kept: forGood,
    erasure: { keeps: 'it names team members only' },
  },
  questions: {
    whose: 'team',
    columns: ['id', 'kind', 'sensitivity', 'state', 'version', 'created_by', 'created_at', 'retired_by', 'retired_at'],
    purpose: 'A question the team asks after confirmation, and who defined and retired it.',
    kept: forGood,
    erasure: { keeps: 'it names team members only' },
  },
  question_versions: {
    whose: 'team',
    columns: ['question_id', 'version', 'wording', 'choices', 'written_by', 'written_at'],
    purpose: 'Each wording a question had, so that an answer keeps the words it answered, and who wrote it.',
    kept: forGood,
    erasure: { keeps: 'it names team members only' },
  },
  api_keys: {
    whose: 'team',
    columns: ['id', 'name', 'scopes', 'prefix', 'key_hash', 'created_by', 'created_at', 'last_used_at', 'revoked_at'],
    purpose: 'The app’s keys to /api/v1, and who made each.',
    kept: forGood,
    erasure: { keeps: 'it names team members only' },
  },
  webhook_endpoints: {
    whose: 'team',
    columns: ['id', 'url', 'events', 'secret', 'previous_secret', 'previous_secret_until', 'enabled', 'off_reason', 'off_at', 'failing_since', 'created_at', 'created_by'],
    purpose: 'Our own systems that hear of events, and who added each.',
    kept: forGood,
    erasure: { keeps: 'it names team members only' },
  },
  analytics_views: {
    whose: 'nobody',
    columns: ['id', 'day', 'visitor', 'page', 'referrer', 'source', 'medium', 'campaign', 'content', 'term', 'device'],
    why: `A page view with the day's hash of its visitor, kept ${rawDays} days (ANALYTICS_RAW_DAYS); once the day's salt is gone no hash can be joined to anyone, and a value that looks like an address is never kept.`,
  },
  analytics_conversions: { whose: 'nobody', columns: ['day', 'visitor'], why: 'A signup’s day and its visit’s hash, never the person.' },
  analytics_salts: { whose: 'nobody', columns: ['day', 'salt'], why: 'The day’s salt of the visit hashes, deleted an hour into the next day.' },
  analytics_daily: { whose: 'nobody', columns: ['day', 'dimension', 'value', 'visitors', 'views', 'signups'], why: 'Counts per day.' },
  analytics_partial: { whose: 'nobody', columns: ['day', 'dimension', 'value', 'visitors', 'views', 'signups', 'counted_at'], why: 'Today’s counts so far.' },
  signup_tallies: { whose: 'nobody', columns: ['kind', 'key', 'shard', 'n'], why: 'Counts of signups by status, source and day.' },
  signup_commits: { whose: 'nobody', columns: ['shard', 'commits'], why: 'A counter that makes every request commit alike.' },
  line_buckets: { whose: 'nobody', columns: ['bucket', 'people'], why: 'Counts of people per stretch of the line.' },
  line_counter: { whose: 'nobody', columns: ['id', 'last_seq'], why: 'The line’s last number given.' },
  consent_settings: { whose: 'nobody', columns: ['key', 'value'], why: 'The server’s own settings and salts.' },
} as const satisfies Record<string, PersonalTable | ImpersonalTable>

export type TableName = keyof typeof personalData

/** Tables an engine keeps for its own running, outside the product's schema: the migrations' record (and, on
 * PostgreSQL, the older runner's), and there the shared rate limit's counts (keyed by a SHA-256 of the client's
 * address, expired rows deleted hourly). None holds anything of a person. */
export const engineTables = ['kysely_migration', 'kysely_migration_lock', 'schema_migrations', 'rate_limits'] as const

/** The list as the docs' table shows it: one row per table that holds someone's data. */
export function personalDataRows(): string[] {
  const yesNo = (entry: PersonalTable) =>
    [entry.copy ? (entry.copy.shows.length > 0 ? entry.copy.shows.join(', ') : 'no') : '—', 'deletes' in entry.erasure ? 'deletes it' : 'clears' in entry.erasure ? `clears ${entry.erasure.clears.join(', ')}` : 'keeps it']
  return (Object.entries(personalData) as [TableName, PersonalTable | ImpersonalTable][])
    .filter((entry): entry is [TableName, PersonalTable] => entry[1].whose !== 'nobody')
    .map(([table, entry]) => `| \`${table}\` | ${entry.whose} | ${entry.purpose} | ${entry.kept.words} | ${yesNo(entry).join(' | ')} |`)
}
