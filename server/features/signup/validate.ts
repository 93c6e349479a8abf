// Turns a request body into either a clean signup, a bot (the honeypot was filled) or a message for the
// visitor. Pure: no I/O, no clock. Whatever comes in, nothing here throws and nothing invalid comes out.
import MailChecker from 'mailchecker'
import { checkSignup, isHoneypotFilled, type CheckedSignup, type ConsentRecord } from '../../../shared/signup'
import { formerKey } from './canonical-addresses'
import type { ReplyKey } from '../../../shared/form-outcomes'

/** A signup as the stores keep it: shared/signup.ts's clean signup, with the keys the store looks it up by. */
export type Signup = Omit<CheckedSignup, 'consent'> & {
  /** The uniqueness key: the same canonical address. */
  emailNormalized: string
  /** The key the rule before the canonical address gave what was typed, to find erasures hashed under it. */
  formerKey?: string
  /** The consent record (issue 12): which wording the form showed, and what brought the visitor. */
  consent?: SignupConsent
  /** The network it came from (features/signup/network.ts), kept (hashed) only when it came through a share link. */
  network?: string
}

/** The consent record as the stores read it: shared/signup.ts's, under the same names. */
export type SignupConsent = ConsentRecord

export type ParsedBody =
  | { kind: 'signup'; signup: Signup }
  | { kind: 'bot' }
  | { kind: 'invalid'; reason: ReplyKey }

// Keys that mean someone is probing for prototype pollution; no honest client sends them.
const poisonedKeys = new Set(['__proto__', 'constructor', 'prototype'])

const invalid = (reason: ReplyKey): ParsedBody => ({ kind: 'invalid', reason })

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

// The field rules are shared/signup.ts's; the server adds what only it knows: the disposable domains and the
// keys the store looks a signup up by.
function validateFields(fields: Record<string, unknown>): ParsedBody {
  const checked = checkSignup(fields)
  if ('reason' in checked) return invalid(checked.reason)
  const { signup } = checked
  if (isDisposable(signup.email)) return invalid('disposableEmail')
  // Every field of the clean signup goes on as it is, so a field added to shared/signup.ts needs nothing here.
  return {
    kind: 'signup',
    signup: { ...signup, emailNormalized: signup.email, formerKey: formerKey(String(fields.email)), consent: signup.consent },
  }
}

export const noConsentRecord: SignupConsent = { consentVersion: null, utmSource: null, utmMedium: null, utmCampaign: null, referrerOrigin: null, referralCode: null }

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
