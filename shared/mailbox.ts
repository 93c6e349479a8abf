// One address is one mailbox. The site's form checks only a loose pattern (something@something.something);
// the server accepts only a single RFC 5321 mailbox and keeps it in one canonical form, which is what is
// stored, de-duplicated, erased, rate-limited and mailed. Nothing here does I/O.
//
// Accepted: a Dot-string local part (RFC 5321 §4.1.2: atext atoms joined by single dots, with RFC 6531's
// non-ASCII letters, marks and digits) and a domain name of two or more LDH labels (RFC 5321 §4.1.2, RFC 1035
// §2.3.1), possibly Unicode (IDNA, UTS #46). Refused: lists (`a@x.io,b@y.io`), display names (`Ann <a@x.io>`),
// comments, quoted strings, address literals (`a@[1.2.3.4]`), and any space or control character.
export const addressLimits = {
  /** RFC 5321 §4.5.3.1.3: a path is at most 256 octets, its angle brackets included. */
  length: 254,
  /** RFC 5321 §4.5.3.1.1. */
  localPartLength: 64,
} as const

export type MailboxProblem = 'invalid' | 'too-long' | 'local-part-too-long'

// atext (RFC 5322 §3.2.3) and, after RFC 6531, letters, marks and digits beyond ASCII; no symbols, spaces or
// format characters (a zero-width space or a right-to-left override in an address is a trick, not a name).
const atom = String.raw`(?:[A-Za-z0-9!#$%&'*+/=?^_\x60{|}~-]|(?![\x00-\x7f])[\p{L}\p{M}\p{N}])+`
const dotString = new RegExp(`^${atom}(?:\\.${atom})*$`, 'u')
const ldhLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

// A domain in IDNA ASCII form by the URL standard's host parser (UTS #46, as browsers and Node's domainToASCII
// do it), so this module runs in both. Characters the parser would read as URL syntax, or percent-decode, are
// refused first: only a plain name is converted.
function domainToAscii(domain: string): string {
  if (/[%/?#:@[\]\\\s]/u.test(domain)) return ''
  try {
    return new URL(`http://${domain}`).hostname
  } catch {
    return ''
  }
}

/** The canonical form of one mailbox (trimmed, NFC, lower-cased, the domain in IDNA ASCII form with no
 * trailing dot), or why the text is not one. */
export function parseMailbox(text: string): { address: string } | { problem: MailboxProblem } {
  const trimmed = text.trim().normalize('NFC')
  const at = trimmed.lastIndexOf('@')
  if (at <= 0) return { problem: 'invalid' }
  const localPart = trimmed.slice(0, at).toLowerCase()
  const typedDomain = trimmed.slice(at + 1).replace(/\.$/, '')
  if (!dotString.test(localPart) || /[\s@]/u.test(typedDomain)) return { problem: 'invalid' }
  const domain = domainToAscii(typedDomain)
  const labels = domain.split('.')
  if (labels.length < 2 || !labels.every((label) => ldhLabel.test(label)) || /^\d+$/.test(labels.at(-1)!) || domain.length > 253)
    return { problem: 'invalid' }
  const address = `${localPart}@${domain}`
  if (Array.from(address).length > addressLimits.length) return { problem: 'too-long' }
  if (Array.from(localPart).length > addressLimits.localPartLength) return { problem: 'local-part-too-long' }
  return { address }
}

/** The canonical form, or undefined when `text` is not exactly one mailbox. */
export function canonicalAddress(text: string): string | undefined {
  const parsed = parseMailbox(text)
  return 'address' in parsed ? parsed.address : undefined
}
