// What other features may use of the API wing, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): the event an activation publishes in its
// transaction (the webhooks' `person.activated` subscribes in the composition), and where a report counts
// activations.
export type { ActivationEvents, ActivationSubscriber } from './activation-events'

/** Where activations are stored, for a report that counts them per signup (the funnel's "activated"): one row per
 * person at most, `signup_id` NULL once the person is erased (the row, and so the count, stays), and
 * `invitation_id` the invitation they held, which joins the wave. */
export const activationTable = { table: 'activations', signupId: 'signup_id', invitationId: 'invitation_id', activatedAt: 'activated_at' } as const
