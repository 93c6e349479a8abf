// The words a person's page uses for what the server stores as codes (shared/person-record.ts): a referral's outcome,
// an email's and a delivery's status, how an activation came.
import type { PersonActivation, PersonEmail, PersonRecord } from '../../shared/person-record'
import { suppressionReasonWords, suppressionSourceWords } from '../../shared/suppression'
import type { ReferralOutcome } from '../../shared/stored-statuses'
import type { DeliveryStatus } from '../../shared/webhook-rows'

export const outcomeWords: Record<ReferralOutcome, string> = {
  credited: 'Credited',
  held: 'Held for review',
  selfReferral: 'Not credited: the same inbox as theirs',
  relay: 'Not credited: a relay address',
  overDailyCap: 'Not credited: over the day’s limit',
  noReferrer: 'Not credited: the code named nobody in line',
  rejected: 'Rejected by the team',
  withdrawn: 'Withdrawn: erased before the team decided',
}

export const emailStatusWords: Record<PersonEmail['status'], string> = { waiting: 'Waiting to be sent', sent: 'Sent', skipped: 'Skipped (no longer due)', failed: 'Failed', suppressed: 'Not sent: the address is suppressed' }

export const deliveryStatusWords: Record<DeliveryStatus, string> = { pending: 'Waiting to be sent', delivered: 'Delivered', failed: 'Given up', cancelled: 'Cancelled' }

export const activationWords: Record<PersonActivation['via'], string> = { invitation: 'by their invitation', address: 'by their address', code: 'by the code on their page' }

/** Why nothing more is mailed to them (shared/suppression.ts), in a sentence: the reason, who said so, when, in whose words. */
export function suppressionWords(suppression: NonNullable<PersonRecord['suppression']>, at: string): string {
  const words = suppression.words ? `: “${suppression.words}”` : ''
  return `Suppressed ${at}. ${suppressionReasonWords[suppression.reason]}, said by ${suppressionSourceWords[suppression.source]}${words}. Nothing more is sent to this address.`
}
