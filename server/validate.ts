// Turns a request body into either a clean signup, a bot (the honeypot was filled) or a message for the
// visitor. Pure: no I/O, no clock. Whatever comes in, nothing here throws and nothing invalid comes out.
import MailChecker from 'mailchecker'
import { parseMailbox, type MailboxProblem } from '../shared/mailbox'
import { formerKey } from './store/canonical-addresses'
import type { ReplyKey } from '../shared/form-outcomes'

export const limits = {
  firstNameLength: 100,
  sourceLength: 100,
  submissionIdLength: 100,
} as const

export type Signup = {
  /** The canonical address (shared/mailbox.ts): what is stored and mailed. */
  email: string
  /** The uniqueness key: the same canonical address. */
  emailNormalized: string
  /** The key the rule before the canonical address gave what was typed, to find erasures hashed under it. */
  formerKey?: string
  firstName: string
  source: string
  submissionId: string | null
  /** The consent record (issue 12): which wording the form showed, and what brought the visitor. */
  consent?: SignupConsent
}

export type SignupConsent = {
  /** The version id kept beside the consent wording in the site's content modules. */
  version: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  /** The referring site's origin only (https://news.example), never its full URL. */
  referrerOrigin: string | null
}

export type ParsedBody =
  | { kind: 'signup'; signup: Signup }
  | { kind: 'bot' }
  | { kind: 'invalid'; reason: ReplyKey }

// C0 and C1 controls, DEL, and the two JavaScript line terminators; lone surrogates cannot be stored as UTF-8.
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const forbiddenCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\p{Cs}/u
const submissionIdPattern = /^[A-Za-z0-9._:-]{1,100}$/
const consentVersionPattern = /^[a-z0-9.-]{1,40}$/
// Keys that mean someone is probing for prototype pollution; no honest client sends them.
const poisonedKeys = new Set(['__proto__', 'constructor', 'prototype'])

const invalid = (reason: ReplyKey): ParsedBody => ({ kind: 'invalid', reason })
const characterCount = (value: string) => Array.from(value).length

export function parseSignupBody(text: string): ParsedBody {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return invalid('unreadable')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return invalid('unreadable')
  // JSON.parse makes `__proto__` an own property rather than a prototype, but refuse it outright, and read
  // only own properties into a prototype-less record so nothing inherited can ever be mistaken for a field.
  const fields: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(parsed)) {
    if (poisonedKeys.has(key)) return invalid('unreadable')
    fields[key] = (parsed as Record<string, unknown>)[key]
  }
  if (isHoneypotFilled(fields.website)) return { kind: 'bot' }
  return validateFields(fields)
}

/** A browser's own form post (application/x-www-form-urlencoded, sent when no script runs): the same fields
 * and the same rules as the JSON body. A field sent twice is not something our form does: unreadable. */
export function parseSignupForm(text: string): ParsedBody {
  const params = new URLSearchParams(text)
  const fields: Record<string, unknown> = Object.create(null)
  for (const [key, value] of params) {
    if (poisonedKeys.has(key) || key in fields) return invalid('unreadable')
    fields[key] = value
  }
  if (isHoneypotFilled(fields.website)) return { kind: 'bot' }
  // No script ran, so there is no submission id; an empty one is the same as none.
  if (fields.submissionId === '') delete fields.submissionId
  return validateFields(fields)
}

function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false
  return typeof value !== 'string' || value.trim() !== ''
}

function validateFields(fields: Record<string, unknown>): ParsedBody {
  const { email, firstName = '', source, submissionId } = fields
  if (typeof email !== 'string') return invalid('invalidEmail')
  if (typeof firstName !== 'string') return invalid('unreadable')
  if (typeof source !== 'string') return invalid('outdatedForm')
  if (submissionId !== undefined && (typeof submissionId !== 'string' || !submissionIdPattern.test(submissionId)))
    return invalid('unreadable')

  const address = parseMailbox(email)
  if ('problem' in address) return invalid(mailboxReplies[address.problem])

  const name = firstName.trim()
  if (forbiddenCharacters.test(name)) return invalid('nameHasControlCharacters')
  if (characterCount(name) > limits.firstNameLength) return invalid('nameTooLong')

  const cleanSource = source.trim()
  if (cleanSource === '' || forbiddenCharacters.test(cleanSource) || characterCount(cleanSource) > limits.sourceLength)
    return invalid('outdatedForm')

  if (isDisposable(address.address)) return invalid('disposableEmail')
  return {
    kind: 'signup',
    signup: {
      email: address.address,
      emailNormalized: address.address,
      formerKey: formerKey(email),
      firstName: name,
      source: cleanSource,
      submissionId: typeof submissionId === 'string' ? submissionId : null,
      consent: consentOf(fields),
    },
  }
}

// The consent record's fields are optional and never refuse a signup: a value that does not fit is dropped.
function consentOf(fields: Record<string, unknown>): SignupConsent {
  const text = (value: unknown) => {
    if (typeof value !== 'string') return null
    const trimmed = value.trim()
    return trimmed === '' || forbiddenCharacters.test(trimmed) || characterCount(trimmed) > limits.sourceLength ? null : trimmed
  }
  const version = text(fields.consentVersion)
  return {
    version: version !== null && consentVersionPattern.test(version) ? version : null,
    utmSource: text(fields.utmSource),
    utmMedium: text(fields.utmMedium),
    utmCampaign: text(fields.utmCampaign),
    referrerOrigin: originOf(text(fields.referrerOrigin)),
  }
}

function originOf(value: string | null): string | null {
  if (value === null) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null
  } catch {
    return null
  }
}

export const noConsentRecord: SignupConsent = { version: null, utmSource: null, utmMedium: null, utmCampaign: null, referrerOrigin: null }

// The stricter rule answers with the browser check's sentence ("Please enter a valid email address."); only
// the two lengths get a sentence of their own.
const mailboxReplies: Record<MailboxProblem, ReplyKey> = {
  invalid: 'invalidEmail',
  'too-long': 'emailTooLong',
  'local-part-too-long': 'emailLocalPartTooLong',
}

/** The canonical address, or the reply for the visitor when `email` is not exactly one mailbox. */
export function checkEmail(email: string): { address: string } | { reason: ReplyKey } {
  const parsed = parseMailbox(email)
  return 'problem' in parsed ? { reason: mailboxReplies[parsed.problem] } : parsed
}

// Disposable addresses are gone before anyone could confirm or be written to; mailchecker keeps the list of
// their domains. Only its list is used (a domain or any parent domain listed): our own rule says what an
// address looks like, and its stricter pattern would refuse addresses the site accepts.
const disposableDomains = MailChecker.blacklist()
export function isDisposable(address: string): boolean {
  let domain = address.slice(address.lastIndexOf('@') + 1)
  for (;;) {
    if (disposableDomains.has(domain)) return true
    const dot = domain.indexOf('.')
    if (dot < 0) return false
    domain = domain.slice(dot + 1)
  }
}
