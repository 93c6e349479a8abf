// The store's questions to the consent machine (machines/signup-consent-machine.ts): where does this event
// take a signup in this status, and does the move queue a confirmation email? Pure: the machine's own
// `transition`, run without an actor, so the rule lives in one place and the chart stays true.
import { transition } from 'xstate'
import { signupConsentMachine, type ConsentEvent } from '../../../machines/signup-consent-machine'
import { isStoredStatus, storedStatuses, type StoredStatus } from '../../../shared/stored-statuses'

export type ConsentMove = { status: StoredStatus; queuesConfirmation: boolean }

/** The events that move a stored signup to another stored status. ERASE is not one: erasure deletes the row
 * (consent-store.ts). */
export type MoveEvent = Exclude<ConsentEvent, { type: 'ERASE' }>

/** The move `event` makes from `status`, or undefined when the machine ignores it there. */
export function consentMove(status: StoredStatus, event: MoveEvent): ConsentMove | undefined {
  const from = signupConsentMachine.resolveState({ value: status, context: undefined })
  const [next, actions] = transition(signupConsentMachine, from, event)
  const queuesConfirmation = actions.some((action) => action.type === 'queueConfirmation')
  // Only ERASE leads to `erased`, the one state that is no stored status.
  if ((next.value === status && !queuesConfirmation) || next.value === 'erased') return undefined
  return { status: next.value, queuesConfirmation }
}

/** The stored statuses from which an event (a token's unsubscribe, a wave's invitation, its expiry) moves a
 * signup, and where to: each of these events has one target. (A confirmation's target depends on the invitation
 * the person holds: consentMove.) */
export function tokenMove(type: 'UNSUBSCRIBE' | 'INVITE' | 'EXPIRE'): { from: StoredStatus[]; to: StoredStatus } {
  return eventMove({ type })
}

/** The same for any event, with its facts (a claim with an open invitation). */
export function eventMove(event: MoveEvent): { from: StoredStatus[]; to: StoredStatus } {
  const moves = storedStatuses.map((status) => ({ status, move: consentMove(status, event) })).filter((entry) => entry.move)
  return { from: moves.map((entry) => entry.status), to: moves[0]!.move!.status }
}

/** What signing up again does to a listed address: the new status and whether to re-queue the confirmation
 * (a fresh consent when it comes back from unsubscribed), or undefined when nothing changes. */
export function signUpAgain(status: string, confirmationQueuedAt: Date | null, now: Date): { status: StoredStatus; freshConsent: boolean } | undefined {
  if (!isStoredStatus(status)) return undefined
  const msSinceLastQueued = confirmationQueuedAt === null ? Number.POSITIVE_INFINITY : now.getTime() - confirmationQueuedAt.getTime()
  const move = consentMove(status, { type: 'SIGN_UP_AGAIN', msSinceLastQueued })
  return move?.queuesConfirmation ? { status: move.status, freshConsent: status !== move.status } : undefined
}
