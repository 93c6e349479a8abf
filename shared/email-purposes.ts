// What we email people for (issue 31), each purpose consented to and taken back on its own. Early access is the
// signup's own consent: the forms' promise (src/content/consent-wording.ts) and the signup's status
// (server/features/consent/) say whether it holds, and every email sent today belongs to it, launch news (the
// invitations and their reminder) included. News and updates is asked for only after the address is confirmed,
// never pre-ticked, and kept in the consent record with the version of the wording the person was shown.
//
// The news wording is written once, here, because both sides show it: the site's confirmed pages and the
// endpoint's "your place" page. Change the words, change the version, as for the signup's consent: a new date,
// or the date with a suffix (.2) for a second change that day.

export const emailPurposes = ['earlyAccess', 'news'] as const
export type EmailPurpose = (typeof emailPurposes)[number]

/** What a person is asked, word for word, beside the one button that gives news and updates. */
export const newsConsentWording =
  "Would you also like our news and updates? What we're building and learning, a few emails a year at most. Unsubscribe any time."

/** Kept in the consent record with each choice of news and updates (news_consent_version). */
export const newsConsentVersion = '2026-11-27'

/** A choice of news and updates as the forms post it: `news=on` gives it, `news=off` takes it back. */
export const newsChoices = ['on', 'off'] as const
export type NewsChoice = (typeof newsChoices)[number]
export const isNewsChoice = (value: unknown): value is NewsChoice => newsChoices.some((choice) => choice === value)

/** What an unsubscribe link stops: the purpose of the email it came in (`purpose`), or every email (`all`). */
export const unsubscribeScopes = ['purpose', 'all'] as const
export type UnsubscribeScope = (typeof unsubscribeScopes)[number]
