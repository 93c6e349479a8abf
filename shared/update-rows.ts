// What the console's API says about updates to the list (server/features/updates/, issue 31's "Writing") and the
// console will read: one description for both sides. An update is written in the console as a draft (a subject, a
// preheader and a body in Markdown), previewed, and sent as a test to the team member who asks; then sent to an
// audience, now or at a time, paced, and paused, resumed or cancelled as its machine allows
// (machines/update-send-machine.ts); its record counts what became of each person's email.
import type { UpdateSendState } from './stored-statuses'
import { figure } from './figures'
import type { ShownCount } from './analytics'
import type { AnswerMatch } from './questions'

export type { UpdateSendState }

/** How long each part of an update may be, in characters. A subject longer than about 80 is cut by most inboxes;
 * the limits only keep a slip of the paste from storing a book. */
export const updateLimits = { subject: 150, preheader: 200, body: 20_000 } as const

/** What the team writes: every field is sent whole on each save. */
export type UpdateInput = { subject: string; preheader: string; body: string }

/** Who an update goes to: always people who confirmed their address and hold news and updates (asked for it and
 * have not taken it back), and of those everyone, or the ones at one step of the launch. */
export const updateAudiences = ['everyone', 'notInvited', 'invited', 'claimed'] as const
export type UpdateAudience = (typeof updateAudiences)[number]
export const audienceWords: Record<UpdateAudience, string> = {
  everyone: 'Everyone who asked for news and updates',
  notInvited: 'Not yet invited',
  invited: 'Invited, not claimed',
  claimed: 'Claimed',
}

/** Why a person's email of an update did not go. */
export const skipReasons = ['unsubscribed', 'erased', 'cancelled', 'unknown', 'suppressed'] as const
export type SkipReason = (typeof skipReasons)[number]
export const skipReasonWords: Record<SkipReason, string> = {
  unsubscribed: 'unsubscribed from news and updates before their turn',
  erased: 'erased before their turn',
  cancelled: 'the send was cancelled before their turn',
  unknown: 'the instance sending it stopped mid-send, so it may or may not have arrived: not sent again',
  suppressed: 'their address is suppressed (it bounced, or its owner marked our email as spam): not sent',
}

/** What became of an update's emails, counted: `audience` people were taken when it started; each is still to
 * go (`toGo`), `sent`, `refused` by their mail server, or `skipped` (by reason). `unsubscribed` counts those it was
 * sent to who have taken back news and updates since. No opens, no clicks: nothing in the email tells us. */
export type UpdateRecord = {
  audience: number
  toGo: number
  sent: number
  refused: number
  skipped: Record<SkipReason, number>
  unsubscribed: number
  /** Of those it was sent to (or refused), how many bounced for good and how many marked it as spam, as the
   * suppression list heard (issue 49: at send time, or later through a provider's webhook). */
  hardBounces: number
  complaints: number
}

/** What pauses a send by itself (issue 49): its complaint rate or its hard-bounce rate passing its limit, once
 * `after` emails have gone (UPDATE_PAUSE_COMPLAINT_PERCENT, UPDATE_PAUSE_BOUNCE_PERCENT, UPDATE_PAUSE_AFTER). */
export type SendGuard = { complaintPercent: number; hardBouncePercent: number; after: number }

/** The defaults: Gmail and Yahoo's bulk senders' rule is a spam-complaint rate under 0.3 %; 5 % of hard bounces is
 * a list gone stale; under 1,000 emails, one or two reports would be a rate that says little. */
export const sendGuardDefaults: SendGuard = { complaintPercent: 0.3, hardBouncePercent: 5, after: 1000 }

/** GET /send-rates: every update's emails gone, with their hard bounces and complaints (the rates overall), and the
 * limits a send is held to. */
export type SendRates = { emails: number; hardBounces: number; complaints: number; guard: SendGuard }

/** Why a send paused itself: its complaints or its hard bounces over their limit. */
export const autoPauseReasons = ['complaints', 'hard-bounces'] as const
export type AutoPauseReason = (typeof autoPauseReasons)[number]

/** A rate as the console writes it: a percentage with up to two decimals ("0.4 %"). */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100)

/** The send's rates beside the limits that pause it (issue 49). */
export function ratesLine(emails: number, hardBounces: number, complaints: number, guard: SendGuard): string {
  const rates = `Of ${figure(emails)} ${emails === 1 ? 'email' : 'emails'} gone, ${percentOf(hardBounces, emails)} % bounced for good and ${percentOf(complaints, emails)} % were marked as spam.`
  return `${rates} A send pauses itself over ${guard.hardBouncePercent} % of hard bounces or ${guard.complaintPercent} % of complaints, once ${figure(guard.after)} emails have gone.`
}

/** The sentence that says why a send paused itself, from its record and the limit it passed. */
export function autoPauseWords(because: AutoPauseReason, record: Pick<UpdateRecord, 'sent' | 'refused' | 'hardBounces' | 'complaints'>, guard: SendGuard): string {
  const emails = record.sent + record.refused
  const [count, noun, limit] =
    because === 'complaints' ? [record.complaints, 'marked it as spam', guard.complaintPercent] : [record.hardBounces, 'bounced for good', guard.hardBouncePercent]
  return `Paused by itself: ${count.toLocaleString('en')} of ${emails.toLocaleString('en')} people ${noun} (${percentOf(count, emails)} %), over the limit of ${limit} %. Nothing more is sent until someone presses Resume.`
}

/** An update's sending, once the team asked for it. `perSecond` is its pace across every instance. */
export type UpdateSend = {
  state: Exclude<UpdateSendState, 'draft'>
  audience: UpdateAudience
  /** A cohort (issue 52): only the people of the audience whose answers match every rule, taken when it starts;
   * absent for the whole audience. */
  match?: AnswerMatch[]
  /** When it starts (scheduled) or started. */
  sendAt: string
  perSecond: number
  requestedBy: string
  startedAt: string | null
  endedAt: string | null
  record: UpdateRecord
  /** Why it paused itself (issue 49), and the limits it is held to; null when it did not (or was resumed since). */
  autoPaused: AutoPauseReason | null
  guard: SendGuard
}

/** A draft as the console reads it, with its sending (null while it is a draft). */
export type UpdateDraft = UpdateInput & { id: number; createdBy: string; createdAt: string; updatedBy: string; updatedAt: string; send: UpdateSend | null }
/** An update in the list: enough to choose one. */
export type UpdateSummary = Pick<UpdateDraft, 'id' | 'subject' | 'updatedBy' | 'updatedAt'> & { state: UpdateSendState }

/** GET /updates: the drafts, the last edited first. */
export type UpdatesReply = { updates: UpdateSummary[] }
/** GET /updates/:id, and the answer to a save. */
export type UpdateReply = { update: UpdateDraft }
/** GET /updates/:id/preview: the email as it would be sent, both parts. `html` honours the reader's colour scheme
 * (prefers-color-scheme), as every email does; `darkHtml` is the same email painted dark whatever the scheme, as
 * Apple Mail paints it in dark mode, so the console can show both side by side. */
export type UpdatePreview = { subject: string; preheader: string; html: string; darkHtml: string; text: string }
/** POST /updates/:id/test: the test goes to the signed-in team member's own address, and to no other; `queued`
 * is false when one of this draft for them was still on its way, which then carries the latest words. */
export type UpdateTestReply = { to: string; queued: boolean }

/** GET /updates/audiences: how many each audience holds now (it is taken again when a send starts). */
export type AudiencesReply = { counts: Record<UpdateAudience, number>; defaultPerSecond: number }
/** GET /updates/audiences/match?match=<JSON AnswerMatch[]> (issue 52): each audience's count among the people whose answers
 * match, before the send. To a member who may not see people (people:read) a count from 1 to 4 is "fewer than 5",
 * and such a send is refused. */
export type CohortAudiencesReply = { counts: Record<UpdateAudience, ShownCount>; defaultPerSecond: number; match: AnswerMatch[] }

/** POST /updates/:id/send: to `audience`, at `at` (an ISO time; absent, or not in the future, now), at `perSecond` emails a
 * second (absent, INVITE_SEND_RATE). The reply is the update with its sending (UpdateReply). POST
 * /updates/:id/pause, /resume, /cancel and /unschedule take no body and answer the same way; GET
 * /updates/:id/record.csv is the record, one row per person (an erased person's address is gone). */
export type SendRequest = {
  audience: UpdateAudience
  at?: string
  perSecond?: number
  /** A cohort (issue 52): only those of the audience whose answers match every rule, when the send starts. */
  match?: AnswerMatch[]
}
/** The fastest pace an update may be given, a second, across every instance: INVITE_SEND_RATE's own limit (server/config.ts). */
export const maxSendsPerSecond = 10_000

/** Why a save or a test was refused, as the reply's `code`: a field is missing or too long (400), a link is
 * neither https: nor mailto: (400, the reply names it in `link`), the Markdown has an image (400: an image is
 * fetched when the email is opened, which would tell us who read it), there is no such draft (404), the update is
 * not where the move needs it (409 `wrong-state`: edited once it is scheduled, paused when done…), or its
 * audience holds nobody now (409 `nobody`). */
export type UpdateRefusal = 'invalid' | 'link-not-allowed' | 'image' | 'not-found' | 'wrong-state' | 'nobody'

/** The rule the console shows beside the editor, and the server's refusal repeats. */
export const updateLinkRule = 'Links must start with https: or mailto:.'
