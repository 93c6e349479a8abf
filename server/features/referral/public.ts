// What other features may use of the referral, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): the line's shape, which the
// composition hands to the waves that take people from it.
export type { Line, Place } from './line'
export type { ReferralEvents, ReferralSubscriber } from './referral-events'
