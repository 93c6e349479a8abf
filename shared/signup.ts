// One signup, as the waitlist form sends it and the endpoint reads it: its fields and the one rule that checks
// and cleans them. The form's machine builds a SignupRequest, the site's client posts it as a SignupBody (JSON
// text, or the browser's own form post with the same names), and the server reads whatever arrives through
// checkSignup, then adds what only it knows (disposable domains, the store's keys). Pure: no I/O, no clock,
// nothing here throws.
//
// A new field: its type below, its rule in checkSignup; then the form's input (src/waitlist/waitlist-form.tsx),
// the machine that holds it (machines/waitlist-machine.ts) and where the server stores it (server/platform/database/).
import { referralCodeOf } from './referral-code'
import type { ReplyKey } from './form-outcomes'
import { parseMailbox, type MailboxProblem } from './mailbox'

/** The most each field may hold after trimming, in characters (code points). */
export const signupLimits = {
  firstNameLength: 100,
  sourceLength: 100,
  /** Each value of the consent record. */
  consentValueLength: 100,
} as const

/** The consent record a signup carries: the version of the consent wording the form showed
 * (src/content/consent-wording.ts) and the campaign the visitor landed with. What is not known is not sent. */
export interface SignupConsent {
  consentVersion?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  /** The referring site's origin only (https://news.example), never its full URL. */
  referrerOrigin?: string
  /** The referral code of the share link the visitor came through (/?ref=CODE: shared/referral-code.ts). */
  referralCode?: string
}

/** What a visitor's form sends: the fields they typed, the form's source, and the consent record. */
export interface SignupRequest extends SignupConsent {
  firstName: string
  email: string
  source: string
}

/** The body on the wire: the request and what the client adds to it. */
export interface SignupBody extends SignupRequest {
  /** Honeypot: a person leaves it empty; the server drops signups that fill it. */
  website?: string
  /** Lets the server recognise a retried submission; the client makes one for each signup. */
  submissionId?: string
}

/** The consent record as the rule keeps it: each value clean, or null where it was absent or did not fit. */
export type ConsentRecord = { [Field in keyof SignupConsent]-?: string | null }

/** A signup the rule accepts, every field clean. */
export interface CheckedSignup {
  /** The canonical address (shared/mailbox.ts): what is stored and mailed. */
  email: string
  firstName: string
  source: string
  submissionId: string | null
  consent: ConsentRecord
}

// C0 and C1 controls, DEL, and the two JavaScript line terminators; lone surrogates cannot be stored as UTF-8.
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const forbiddenCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\p{Cs}/u
// Literals, not built from signupLimits: a bundler keeps a RegExp call in the page's up-front script.
const submissionIdPattern = /^[A-Za-z0-9._:-]{1,100}$/
/** A consent version: a date with an optional suffix (src/content/consent-wording.ts), 40 characters at most. */
const consentVersionPattern = /^[a-z0-9.-]{1,40}$/
const characterCount = (value: string) => Array.from(value).length

/** Whether the honeypot (`website`) was filled: a bot's signup, dropped without a word. */
export function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false
  return typeof value !== 'string' || value.trim() !== ''
}

/** The stricter address rule answers with the browser check's sentence ("Please enter a valid email
 * address."); only the two lengths get a sentence of their own. */
export const mailboxReplies: Record<MailboxProblem, ReplyKey> = {
  invalid: 'invalidEmail',
  'too-long': 'emailTooLong',
  'local-part-too-long': 'emailLocalPartTooLong',
}

/** Checks and cleans a signup's fields, read from JSON or a form post: the clean signup, or the reply that
 * says what is wrong. The fields are checked in this order, so a body with several faults gets the first. */
export function checkSignup(fields: Readonly<Record<string, unknown>>): { signup: CheckedSignup } | { reason: ReplyKey } {
  const { email, firstName = '', source, submissionId } = fields
  if (typeof email !== 'string') return { reason: 'invalidEmail' }
  if (typeof firstName !== 'string') return { reason: 'unreadable' }
  if (typeof source !== 'string') return { reason: 'outdatedForm' }
  if (submissionId !== undefined && (typeof submissionId !== 'string' || !submissionIdPattern.test(submissionId))) return { reason: 'unreadable' }

  const address = parseMailbox(email)
  if ('problem' in address) return { reason: mailboxReplies[address.problem] }

  const name = firstName.trim()
  if (forbiddenCharacters.test(name)) return { reason: 'nameHasControlCharacters' }
  if (characterCount(name) > signupLimits.firstNameLength) return { reason: 'nameTooLong' }

  const cleanSource = source.trim()
  if (cleanSource === '' || forbiddenCharacters.test(cleanSource) || characterCount(cleanSource) > signupLimits.sourceLength)
    return { reason: 'outdatedForm' }

  return {
    signup: {
      email: address.address,
      firstName: name,
      source: cleanSource,
      submissionId: typeof submissionId === 'string' ? submissionId : null,
      consent: consentRecordOf(fields),
    },
  }
}

// The consent record's fields are optional and never refuse a signup: a value that does not fit is dropped.
function consentRecordOf(fields: Readonly<Record<string, unknown>>): ConsentRecord {
  const version = consentValue(fields.consentVersion)
  const referrer = consentValue(fields.referrerOrigin)
  return {
    consentVersion: version !== null && consentVersionPattern.test(version) ? version : null,
    utmSource: consentValue(fields.utmSource),
    utmMedium: consentValue(fields.utmMedium),
    utmCampaign: consentValue(fields.utmCampaign),
    referrerOrigin: referrer === null ? null : originOf(referrer),
    referralCode: referralCodeOf(fields.referralCode),
  }
}

/** A value of the consent record worth keeping: a trimmed string of 1 to 100 characters without control
 * characters, or null. The site keeps a landing's campaign by the same rule (src/waitlist/landing-campaign.ts). */
export function consentValue(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' || forbiddenCharacters.test(trimmed) || characterCount(trimmed) > signupLimits.consentValueLength ? null : trimmed
}

/** The origin of an http(s) URL, or null for anything else. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null
  } catch {
    return null
  }
}
