// The store's questions to the consent machine (machines/signup-consent-machine.ts): where does this event
// take a signup in this status, and does the move queue a confirmation email? Pure: the machine's own
// `transition`, run without an actor, so the rule lives in one place and the chart stays true.
import { transition } from 'xstate'
import { signupConsentMachine, type ConsentEvent, type ConsentStatus } from '../../../machines/signup-consent-machine'

export type ConsentMove = { status: ConsentStatus; queuesConfirmation: boolean }

const storedStatuses: readonly ConsentStatus[] = ['pending', 'confirmed', 'invited', 'claimed', 'expired', 'unsubscribed']

/** The move `event` makes from `status`, or undefined when the machine ignores it there. */
export function consentMove(status: ConsentStatus, event: ConsentEvent): ConsentMove | undefined {
  const from = signupConsentMachine.resolveState({ value: status, context: undefined })
  const [next, actions] = transition(signupConsentMachine, from, event)
  const queuesConfirmation = actions.some((action) => action.type === 'queueConfirmation')
  if (next.value === status && !queuesConfirmation) return undefined
  return { status: next.value as ConsentStatus, queuesConfirmation }
}

/** The stored statuses from which an event (a token's unsubscribe, a wave's invitation, its expiry) moves a
 * signup, and where to: each of these events has one target. (A confirmation's target depends on the invitation
 * the person holds: consentMove.) */
export function tokenMove(type: 'UNSUBSCRIBE' | 'INVITE' | 'EXPIRE'): { from: ConsentStatus[]; to: ConsentStatus } {
  return eventMove({ type })
}

/** The same for any event, with its facts (a claim with an open invitation). */
export function eventMove(event: ConsentEvent): { from: ConsentStatus[]; to: ConsentStatus } {
  const moves = storedStatuses.map((status) => ({ status, move: consentMove(status, event) })).filter((entry) => entry.move)
  return { from: moves.map((entry) => entry.status), to: moves[0]!.move!.status }
}

export const isConsentStatus = (value: unknown): value is ConsentStatus => storedStatuses.includes(value as ConsentStatus)

/** What signing up again does to a listed address: the new status and whether to re-queue the confirmation
 * (a fresh consent when it comes back from unsubscribed), or undefined when nothing changes. */
export function signUpAgain(status: string, confirmationQueuedAt: Date | null, now: Date): { status: ConsentStatus; freshConsent: boolean } | undefined {
  if (!isConsentStatus(status)) return undefined
  const msSinceLastQueued = confirmationQueuedAt === null ? Number.POSITIVE_INFINITY : now.getTime() - confirmationQueuedAt.getTime()
  const move = consentMove(status, { type: 'SIGN_UP_AGAIN', msSinceLastQueued })
  return move?.queuesConfirmation ? { status: move.status, freshConsent: status !== move.status } : undefined
}
