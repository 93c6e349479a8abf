// What other features may use of the questions, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"): the offer the "your place" page carries, a link to the questions page
// and, for one who said yes to the health questions, the button that takes it back.
export type QuestionsOffer = { token: string; holdsSensitiveConsent: boolean }

/** A questions token for a confirmed person (questions-store.ts offer), or undefined for one not confirmed. */
export type OfferQuestions = (signupId: number, now: Date) => Promise<QuestionsOffer | undefined>
