// What a visitor agrees to when they join the waitlist, shown beside the form, and the version of that
// wording: each signup records the version it was shown (the consent record of issue 12). Change the
// words, change the version: a new date, or the date with a suffix (.2) for a second change that day.

/** The consent wording the form shows, word for word. */
export const consentWording = "We'll email you to confirm, and only about early access. Unsubscribe any time."

/** Sent with every signup as `consentVersion` (the server keeps /^[a-z0-9.-]{1,40}$/). */
export const consentVersion = '2026-11-22'

/** A separate line after a signup succeeds; the success message itself stays word for word. Hedged,
 * because the reply is the same for every address: a confirmed (or erased) address gets no new email. */
export const checkInboxLine = "Check your inbox: if this address still needs confirming, we've sent it a confirmation link."
