// What /api/v1 reads and records about people (issue 33): a person's status and invitation by address, and an
// activation (they installed the app and started it), reported by the invitation's id, the address, or the code the
// invitation page showed after the claim (features/launch/, stored as a link token of purpose `activation`).
//
// One activation per person: the unique index on signup_id keeps a second report (a retry, another of the app's
// servers) from storing a second row, and it is answered as already recorded. Only a first report publishes
// `activated`, in its transaction (activation-events.ts). A code is single-use: taking it removes its token, and
// the activation keeps its hash, so the same code sent again (a retry after a lost reply) finds the same
// activation rather than a refusal. Only someone a wave invited can be activated, whatever became of the invitation
// or their emails since: an activation is a fact about the app (they started it), and someone who unsubscribed from
// our emails, or whose invitation ended while a public link let them in, still started it.
import { canonicalAddress } from '../../../shared/mailbox'
import type { StoredStatus } from '../../../shared/stored-statuses'
import type { Database, Db } from '../../platform/database/database'
import { takeLinkToken } from '../../platform/secrets/link-tokens'
import { canonicalCode, hashSecret } from '../../platform/secrets/tokens'
import { activationCodePurpose } from '../launch/public'
import type { ActivationEventBus } from './activation-events'
import type { ActivationVia } from './tables'

export type InvitationFacts = { id: number; invitedAt: string; expiresAt: string; claimedAt: string | null; expiredAt: string | null }
export type ActivationFacts = { activatedAt: string; via: ActivationVia; invitationId: number | null }
export type PersonFacts = { status: StoredStatus; invitation: InvitationFacts | null; activation: ActivationFacts | null }

export type ReportedBy = { invitationId: number } | { email: string } | { code: string }
export type Recorded =
  | { outcome: 'recorded' | 'already-recorded'; activation: ActivationFacts }
  | { outcome: 'person-not-found' | 'invitation-not-found' | 'code-not-found' | 'not-invited' }

export type Activations = {
  /** What is known of the person at this address (canonicalised as signups are), or undefined. */
  lookUp(address: string): Promise<PersonFacts | undefined>
  record(reported: ReportedBy, keyId: number, now: Date): Promise<Recorded>
}

const iso = (date: Date) => date.toISOString()
const time = (value: string) => new Date(value).toISOString()

const factsOf = (row: { activated_at: string; via: ActivationVia; invitation_id: number | null }): ActivationFacts => ({
  activatedAt: time(row.activated_at),
  via: row.via,
  invitationId: row.invitation_id === null ? null : Number(row.invitation_id),
})

async function latestInvitation(from: Db, signupId: number): Promise<InvitationFacts | null> {
  const row = await from
    .selectFrom('invitations')
    .select(['id', 'invited_at', 'expires_at', 'claimed_at', 'expired_at'])
    .where('signup_id', '=', signupId)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!row) return null
  return {
    id: Number(row.id),
    invitedAt: time(row.invited_at),
    expiresAt: time(row.expires_at),
    claimedAt: row.claimed_at && time(row.claimed_at),
    expiredAt: row.expired_at && time(row.expired_at),
  }
}

const activationOf = (from: Db, where: { signupId: number } | { codeHash: string }) =>
  ('signupId' in where
    ? from.selectFrom('activations').where('signup_id', '=', where.signupId)
    : from.selectFrom('activations').where('code_hash', '=', where.codeHash)
  )
    .select(['activated_at', 'via', 'invitation_id'])
    .executeTakeFirst()

export function activations(database: Database, events: ActivationEventBus): Activations {
  const { db } = database

  // Who the report names, as a signup id, or why nobody; a code is taken (used up) here.
  async function personOf(trx: Db, reported: ReportedBy, now: Date): Promise<{ signupId: number; via: ActivationVia; codeHash?: string; unlisted?: true } | Recorded> {
    if ('invitationId' in reported) {
      const invitation = await trx.selectFrom('invitations').select('signup_id').where('id', '=', reported.invitationId).executeTakeFirst()
      // An erased person's invitation keeps its counts and names nobody.
      if (!invitation || invitation.signup_id === null) return { outcome: 'invitation-not-found' }
      return { signupId: Number(invitation.signup_id), via: 'invitation' }
    }
    if ('email' in reported) {
      const address = canonicalAddress(reported.email)
      const person = address === undefined ? undefined : await trx.selectFrom('signups').select('id').where('email_normalized', '=', address).executeTakeFirst()
      // Nobody at this address goes on as signup 0, which no signup is, so that the statements after this one are
      // those of someone listed and never invited: a key that may not look people up cannot tell them apart by
      // the work (issue 45, case 9; record() below).
      return person ? { signupId: Number(person.id), via: 'address' } : { signupId: 0, via: 'address', unlisted: true }
    }
    const code = canonicalCode(reported.code)
    if (code === undefined) return { outcome: 'code-not-found' }
    const codeHash = hashSecret(code)
    const repeated = await activationOf(trx, { codeHash })
    if (repeated) return { outcome: 'already-recorded', activation: factsOf(repeated) }
    const signupId = await takeLinkToken(trx, activationCodePurpose, codeHash, now)
    return signupId === undefined ? { outcome: 'code-not-found' } : { signupId, via: 'code', codeHash }
  }

  return {
    async lookUp(typed) {
      const address = canonicalAddress(typed)
      if (address === undefined) return undefined
      const person = await db.selectFrom('signups').select(['id', 'status']).where('email_normalized', '=', address).executeTakeFirst()
      if (!person) return undefined
      const [invitation, activation] = await Promise.all([latestInvitation(db, Number(person.id)), activationOf(db, { signupId: Number(person.id) })])
      return { status: person.status, invitation, activation: activation ? factsOf(activation) : null }
    },
    record(reported, keyId, now) {
      return db.transaction().execute(async (trx): Promise<Recorded> => {
        await events.lock(trx, 'activated')
        const person = await personOf(trx, reported, now)
        if ('outcome' in person) return person
        const { signupId, via, codeHash, unlisted } = person
        const existing = await activationOf(trx, { signupId })
        if (existing) return { outcome: 'already-recorded', activation: factsOf(existing) }
        const invitation = 'invitationId' in reported ? { id: reported.invitationId } : await latestInvitation(trx, signupId)
        if (!invitation) return { outcome: unlisted ? 'person-not-found' : 'not-invited' }
        const row = { signup_id: signupId, invitation_id: invitation?.id ?? null, activated_at: iso(now), via, key_id: keyId, code_hash: codeHash ?? null }
        const inserted = await trx
          .insertInto('activations')
          .values(row)
          .onConflict((conflict) => conflict.column('signup_id').doNothing())
          .returning(['activated_at', 'via', 'invitation_id'])
          .executeTakeFirst()
        // Another report of the same person committed first (PostgreSQL, two instances): that one is the activation.
        if (!inserted) return { outcome: 'already-recorded', activation: factsOf((await activationOf(trx, { signupId }))!) }
        await events.publish(trx, 'activated', { signupId, invitationId: row.invitation_id, now })
        return { outcome: 'recorded', activation: factsOf(inserted) }
      })
    },
  }
}
