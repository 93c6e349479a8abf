// What other features may use of consent, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): the events consent publishes, the
// questions they ask of the consent machine (consent-rules.ts), the erased addresses' hashes, who an email in
// the outbox is for, and the offer of news and updates a page of theirs may carry (the "your place" page).
export type { ConsentEvents, ConsentSubscriber, Held, HeldInvitationOf } from './consent-events'
export { eventMove, signUpAgain, tokenMove } from './consent-rules'
export { erasedEmailHash, erasedHashesOf } from './consent-store'
export { addresseesOf, type Addressee } from './addressees'
export type { NewsChoiceOffer } from './consent-store'
import type { NewsChoiceOffer } from './consent-store'

/** A token that chooses news and updates for a confirmed person, and whether they hold it now
 * (consent-store.ts offerNewsChoice): the composition hands in consent's. */
export type OfferNewsChoice = (signupId: number, now: Date) => Promise<NewsChoiceOffer>
