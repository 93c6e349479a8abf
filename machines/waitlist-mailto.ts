// The fallback mail draft when the site has no waitlist endpoint: to the contact address, subject "Waitlist",
// the name (or "(not provided)"), the email and the source in the body. Every value is
// percent-encoded (RFC 6068), so nothing a visitor types can add a header, a recipient or a line
// outside the body: '&', '?', '#', '%' and line breaks all arrive as data.

export interface WaitlistMailtoFields {
  to: string
  firstName: string
  email: string
  source: string
}

export const MAILTO_SUBJECT = 'Waitlist'
export const NAME_NOT_PROVIDED = '(not provided)'

/** The '@' between local part and domain stays literal (RFC 6068 §2); each side is encoded. */
export const encodeAddress = (address: string) => {
  const at = address.lastIndexOf('@')
  if (at < 0) return encodeURIComponent(address)
  return `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`
}

export function buildWaitlistMailto({ to, firstName, email, source }: WaitlistMailtoFields): string {
  const body = [
    `Name: ${firstName.trim() || NAME_NOT_PROVIDED}`,
    `Email: ${email.trim()}`,
    `Source: ${source}`,
  ].join('\r\n') // RFC 6068 §5: line breaks in a body are CRLF, encoded as %0D%0A
  return `mailto:${encodeAddress(to)}?subject=${encodeURIComponent(MAILTO_SUBJECT)}&body=${encodeURIComponent(body)}`
}
