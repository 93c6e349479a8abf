// The words the database keeps for where something stands, each set written once: the table types
// (server/platform/database/schema.ts) use them, so a read needs no cast, and the console shows them. Each set is
// the states of its machine, which test/shared/stored-statuses.test.ts holds it to.

/** Where a signup stands: the states of machines/signup-consent-machine.ts but its last, `erased`, which leaves no
 * row (only a salted hash of the address). In this order the console counts them. */
export const storedStatuses = ['pending', 'confirmed', 'invited', 'claimed', 'expired', 'unsubscribed'] as const
export type StoredStatus = (typeof storedStatuses)[number]

/** Every state of the consent machine: a stored status, or erased. */
export type ConsentStatus = StoredStatus | 'erased'

/** For a value from outside the types (a row another version wrote, a test's SQL). */
export const isStoredStatus = (value: unknown): value is StoredStatus => storedStatuses.some((status) => status === value)

/** What a friend's first confirmation earned their referrer: the states machines/referral-credit-machine.ts rests
 * in (all but `deciding`). Kept in the referrals table whatever becomes of the friend. */
export const referralOutcomes = ['credited', 'held', 'selfReferral', 'relay', 'overDailyCap', 'noReferrer', 'rejected', 'withdrawn'] as const
export type ReferralOutcome = (typeof referralOutcomes)[number]

/** How an email in the outbox ended: sent, skipped (no longer due to anyone), failed for good, or suppressed (its
 * address is on the suppression list: server/platform/suppression/, never sent and never retried). */
export const outboxOutcomes = ['sent', 'skipped', 'failed', 'suppressed'] as const
export type OutboxOutcome = (typeof outboxOutcomes)[number]

/** Where an update's sending stands: the states of machines/update-send-machine.ts (a draft has no sending row). */
export const updateSendStates = ['draft', 'scheduled', 'sending', 'paused', 'done', 'cancelled'] as const
export type UpdateSendState = (typeof updateSendStates)[number]
