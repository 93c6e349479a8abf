// The mail draft that asks us to delete a waitlist signup, when the site has no endpoint to ask (the erasure
// request form's fallback). Encoded like the waitlist's draft (RFC 6068): nothing typed can add a header.
// Its own module, so the waitlist form's chunk on the landing page never carries it.
import { encodeAddress } from './waitlist-mailto'

export const ERASE_MAILTO_SUBJECT = 'Delete my data'

export function buildEraseMailto({ to, email }: { to: string; email: string }): string {
  const body = ['Please delete my waitlist signup and everything you hold about this address.', `Email: ${email.trim()}`].join('\r\n')
  return `mailto:${encodeAddress(to)}?subject=${encodeURIComponent(ERASE_MAILTO_SUBJECT)}&body=${encodeURIComponent(body)}`
}
