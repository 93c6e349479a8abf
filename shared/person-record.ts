// Everything held about one person, as the console's page for them reads it (GET /api/admin/people/:id) and as their
// own export will (issue 51: an export and an erasure must cover the same data). Each part is one wing's, read by
// that wing's `personRecord` (server/platform/wing/wing.ts), and collected by one platform route
// (server/platform/console/person-route.ts); the emails are the outbox's, which the platform reads itself. Times are
// ISO 8601 text in UTC, as stored. Nothing here is an email's body or a webhook's payload.
import type { DeliveryStatus } from './webhook-rows'
import type { OutboxOutcome, ReferralOutcome, StoredStatus } from './stored-statuses'
import type { PersonAnswers } from './questions'
import type { PersonSuppression } from './suppression'

/** Another person on the list, by the address they gave: so the console can link to their page. */
export type PersonLink = { id: number; email: string }

/** The signup's part (features/signup/): who they are, where they stand, and how they came. */
export type PersonSignup = {
  id: number
  email: string
  firstName: string
  createdAt: string
  status: StoredStatus
  /** The form they signed up through (its `source`), and what their landing carried: the campaign's fields and the
   * referring site's origin, each null when it carried none. */
  source: string
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  referrerOrigin: string | null
}

/** The consent's part (features/consent/): the wording they agreed to, and when each step of theirs happened. No
 * history of statuses is stored; these are the times that are. */
export type PersonConsent = {
  /** The version of the consent wording the form showed (src/content/consent-wording.ts), null for an older form. */
  version: string | null
  confirmationQueuedAt: string | null
  confirmedAt: string | null
  unsubscribedAt: string | null
  /** News and updates: the wording's version they chose it under, when, and when they took it back (null: never). */
  news: { version: string | null; givenAt: string | null; withdrawnAt: string | null }
}

/** A friend who signed up through their share link, and what their confirmation earned (null: not confirmed yet). */
export type PersonReferred = PersonLink & { outcome: ReferralOutcome | null; decidedAt: string | null }

/** The referral's part (features/referral/): their place, their own code, who brought them and whom they brought. */
export type PersonLine = {
  /** Null until they confirm, and once they leave the line for an invitation. */
  place: number | null
  /** Their own share link's code, from their first confirmation. */
  code: string | null
  credits: number
  /** The code of the link they came through, and whose it is (null once its owner is erased, or when no one's). */
  referredByCode: string | null
  referredBy: PersonLink | null
  referred: PersonReferred[]
}

/** One invitation (features/launch/): each wave that invited them, and what became of it. */
export type PersonInvitation = {
  waveId: number
  invitedAt: string
  expiresAt: string
  deliveredAt: string | null
  remindedAt: string | null
  claimedAt: string | null
  expiredAt: string | null
}

/** The activation the app reported (features/api/), if any. */
export type PersonActivation = { activatedAt: string; via: 'invitation' | 'address' | 'code' }

/** One email to them from the outbox: its kind, how it stands, when it was queued and when it ended. */
export type PersonEmail = { kind: string; status: OutboxOutcome | 'waiting'; queuedAt: string; finishedAt: string | null }

/** One webhook delivery that named them (features/webhooks/): where, which event, how it stands. */
export type PersonDelivery = { endpointId: number; endpointUrl: string; event: string; status: DeliveryStatus; createdAt: string; finishedAt: string | null }

/** Everything held about one person: each key is one wing's part (the emails, the platform's outbox). */
export type PersonRecord = {
  signup: PersonSignup
  consent: PersonConsent
  line: PersonLine
  invitations: PersonInvitation[]
  activation: PersonActivation | null
  emails: PersonEmail[]
  deliveries: PersonDelivery[]
  /** Whether their address is on the suppression list, why and when (features/bounces/); null when it is not. */
  suppression: PersonSuppression
  /** Their answers to the questions asked after confirmation, and their consent to the sensitive ones
   * (features/questions/). Sensitive answers reach only the person and a member with answers:sensitive:read. */
  answers: PersonAnswers
}

/** Every part's key, for the route that checks the parts it collected are whole. */
export const personRecordParts = ['signup', 'consent', 'line', 'invitations', 'activation', 'emails', 'deliveries', 'suppression', 'answers'] as const satisfies readonly (keyof PersonRecord)[]

// A part added to PersonRecord and not to the list above fails to compile here.
type Unlisted = Exclude<keyof PersonRecord, (typeof personRecordParts)[number]>
export const everyPartListed: [Unlisted] extends [never] ? true : never = true

/** What a wing's `personRecord` gives: its own parts, or nothing when it holds no such person. */
export type PersonRecordPart = Partial<PersonRecord>

/** Whether the parts collected make a whole record (every part given: the person exists). */
export function isWholeRecord(parts: PersonRecordPart): parts is PersonRecord {
  return personRecordParts.every((key) => parts[key] !== undefined)
}

/** GET /people/:id: the record. */
export type PersonReply = { person: PersonRecord }
