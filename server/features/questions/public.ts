// What other features may use of the questions, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"): the offer the "your place" page carries, a link to the questions page
// and, for one who said yes to the health questions, the button that takes it back; and the answers' columns of the
// console's people CSV.
export type QuestionsOffer = { token: string; holdsSensitiveConsent: boolean }

/** A questions token for a confirmed person (questions-store.ts offer), or undefined for one not confirmed. */
export type OfferQuestions = (signupId: number, now: Date) => Promise<QuestionsOffer | undefined>

/** The people CSV's answers (issue 52): a column per question (its id and wording; sensitive ones only when asked for
 * by a member who may read them), and a batch of people's answers as the CSV writes them, by person and question. */
export type AnswersForExport = {
  columns: { questionId: number; header: string }[]
  of(signupIds: readonly number[]): Promise<Map<number, Map<number, string>>>
}
/** The answers for the people CSV: ordinary ones, and with `sensitive`, the sensitive ones opened too. */
export type ExportAnswers = (options: { sensitive: boolean }) => Promise<AnswersForExport>
