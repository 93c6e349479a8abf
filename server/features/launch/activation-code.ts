// The activation code (issue 33): shown on the invitation page right after the claim, asked for by the app at its
// first start, and sent by the app's backend to /api/v1/activations, which records the activation with it. It is
// how a person is recognised where the app never learns their address (a TestFlight public link is anonymous).
//
// The launch issues it, in the claim's transaction, because the launch owns the claim and the page that shows it:
// the code exists exactly when a claim succeeded, and the claim's rollback takes it back. The API wing redeems it
// with the platform's link tokens by this purpose (exported in public.ts), so neither wing imports the other's
// code: launch knows nothing of the API, and the API knows only a purpose and a table the platform owns.
// The code follows the token rules: random (platform/secrets/tokens.ts newCode), only its hash stored, single
// use (redeeming takes the token), and it ends (shared/api-keys.ts activationCodeLifetimeMs).
import { activationCodeLifetimeMs } from '../../../shared/api-keys'
import type { Db } from '../../platform/database/database'
import { saveLinkTokens } from '../../platform/secrets/link-tokens'
import { hashSecret, newCode } from '../../platform/secrets/tokens'

/** The link tokens' purpose of an activation code (platform/secrets/link-tokens.ts). */
export const activationCodePurpose = 'activation'

export type ActivationCode = { code: string; expiresAt: Date }

/** A new code for the person, stored by hash: handed out here only, to be shown once. */
export async function issueActivationCode(trx: Db, personId: number, now: Date): Promise<ActivationCode> {
  const code = newCode()
  const expiresAt = new Date(now.getTime() + activationCodeLifetimeMs)
  await saveLinkTokens(trx, [{ hash: hashSecret(code), purpose: activationCodePurpose, personId, expiresAt }])
  return { code, expiresAt }
}
