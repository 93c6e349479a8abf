// The mail draft that asks us for a copy of one's waitlist data, when the site has no endpoint to ask (the copy
// request form's fallback). Encoded like the waitlist's draft (RFC 6068): nothing typed can add a header.
import { encodeAddress } from './waitlist-mailto'

export const OWN_DATA_MAILTO_SUBJECT = 'A copy of my data'

export function buildOwnDataMailto({ to, email }: { to: string; email: string }): string {
  const body = ['Please send me a copy of everything you hold about this address on your waitlist.', `Email: ${email.trim()}`].join('\r\n')
  return `mailto:${encodeAddress(to)}?subject=${encodeURIComponent(OWN_DATA_MAILTO_SUBJECT)}&body=${encodeURIComponent(body)}`
}
