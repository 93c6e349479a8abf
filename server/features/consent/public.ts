// What other features may use of consent, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): the events consent publishes, the
// questions they ask of the consent machine (consent-rules.ts), the erased addresses' hashes, and who an
// email in the outbox is for.
export type { ConsentEvents, ConsentSubscriber, Held, HeldInvitationOf } from './consent-events'
export { eventMove, signUpAgain, tokenMove } from './consent-rules'
export { erasedEmailHash, erasedHashesOf } from './consent-store'
export { addresseesOf, type Addressee } from './addressees'
