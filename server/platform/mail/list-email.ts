// What every email to someone on the list shares, whichever feature sends it: its links carry a token (made when
// it is sent: platform/secrets/link-tokens.ts), its footer links to the unsubscribe page, and its headers are
// RFC 8058's one-click unsubscribe for the same token. Each email is one React Email component (the layout and
// theme beside this file), rendered to its HTML and plain text.
//
// Every email belongs to one purpose (shared/email-purposes.ts), and its unsubscribe link stops that purpose only:
// the link is the same for every purpose, and its token's own purpose says which one it stops, so one route
// answers them all (features/consent/consent-routes.ts) and nothing in the URL can be changed to stop another.
import { randomBytes } from 'node:crypto'
import { encode, wrap } from 'nodemailer/lib/qp'
import type { ReactElement } from 'react'
import { consentApi, consentPages } from '../../../shared/consent-paths'
import type { EmailPurpose } from '../../../shared/email-purposes'
import { linkLifetimesMs } from '../../../shared/rules'
import type { OutgoingMail } from './mailer'
import { renderEmail } from './render-email'

export type EmailLinks = {
  /** Where the site's pages live (PUBLIC_SITE_URL, or this server). */
  siteUrl: string
  /** Where this endpoint answers (PUBLIC_API_URL, else the site's address). */
  apiUrl: string
}

/** The link-token purpose of each email purpose's unsubscribe link. Early access's is `unsubscribe`, the name it
 * had before there were purposes, so every link already sent keeps working as it did. */
export const unsubscribeTokenPurposes = { earlyAccess: 'unsubscribe', news: 'unsubscribe-news' } as const satisfies Record<EmailPurpose, string>
export type UnsubscribeTokenPurpose<E extends EmailPurpose> = (typeof unsubscribeTokenPurposes)[E]

/** The email purpose an unsubscribe token stops, from the token's own purpose. */
export const emailPurposeOfToken = (tokenPurpose: string): EmailPurpose | undefined =>
  (Object.keys(unsubscribeTokenPurposes) as EmailPurpose[]).find((purpose) => unsubscribeTokenPurposes[purpose] === tokenPurpose)

/** An email's links' lifetimes, with its unsubscribe link's: every list email carries one, for the purpose the
 * email belongs to, early access unless said (platform/secrets/link-tokens.ts issueLinkTokens makes them together). */
export function withUnsubscribe<P extends string>(lifetimesMs: Record<P, number>): Record<P | 'unsubscribe', number>
export function withUnsubscribe<P extends string, E extends EmailPurpose>(
  lifetimesMs: Record<P, number>,
  purpose: E,
): Record<P | UnsubscribeTokenPurpose<E>, number>
export function withUnsubscribe(lifetimesMs: Record<string, number>, purpose: EmailPurpose = 'earlyAccess'): Record<string, number> {
  return { ...lifetimesMs, [unsubscribeTokenPurposes[purpose]]: linkLifetimesMs.unsubscribe }
}

/** A page's address with its token. */
export const tokenLink = (base: string, path: string, token: string) => `${new URL(path, base).href}?token=${token}`

/** The RFC 8058 headers: a POST of List-Unsubscribe=One-Click to this URL unsubscribes, with no page. */
function unsubscribeHeaders(links: EmailLinks, unsubscribeToken: string) {
  return {
    'List-Unsubscribe': `<${tokenLink(links.apiUrl, consentApi.unsubscribe, unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

/** What every list email is: its component, rendered with the unsubscribe page's link for its footer, the RFC 8058
 * headers for the same token, and the links a reader acts on, that unsubscribe link last. */
export function listEmail(
  to: string,
  subject: string,
  links: EmailLinks,
  unsubscribeToken: string,
  actions: OutgoingMail['links'],
  email: (unsubscribeUrl: string) => ReactElement,
): OutgoingMail {
  const unsubscribeUrl = tokenLink(links.siteUrl, consentPages.unsubscribe, unsubscribeToken)
  return {
    to,
    subject,
    ...renderEmail(email(unsubscribeUrl)),
    headers: unsubscribeHeaders(links, unsubscribeToken),
    links: [...actions, { label: 'Unsubscribe', url: unsubscribeUrl }],
  }
}

/** A token as issued (platform/secrets/tokens.ts): base64url, every character of which quoted-printable writes as it is. */
const plainToken = /^[A-Za-z0-9_-]{1,64}$/

/** A text's MIME part, encoded once: quoted-printable (RFC 2045 §6.7) through nodemailer's own encoder, with the
 * marker's places left open. Each email puts its token in them, on a line of its own between soft line breaks,
 * so that no line grows past the 76 characters §6.7 allows whatever the token's length. The text's line breaks
 * are CRLF, MIME's canonical form for text, as nodemailer writes them. */
function encodedPart(contentType: string, text: string, marker: string): (token: string) => string {
  const head = `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`
  // 75, leaving room for the soft break written after a piece's last line.
  const pieces = text
    .replace(/\r?\n/g, '\r\n')
    .split(marker)
    .map((piece) => wrap(encode(Buffer.from(piece, 'utf8')), 75))
  return (token) => head + pieces.join(`=\r\n${token}=\r\n`)
}

/** A list email whose words are the same for everyone (an update to the list), rendered once: only each person's
 * parts, their address and their unsubscribe token, are filled in for each. The template is rendered with a marker
 * for the token (random: it cannot be in the words), and each email replaces it, in the HTML, the plain text, the
 * headers and the links alike: the same email listEmail renders for that token, at a string's cost. Its two MIME
 * parts are encoded once too (encodedPart), the larger share of an email's cost when it is built one by one. */
export function listEmailTemplate(subject: string, links: EmailLinks, email: (unsubscribeUrl: string) => ReactElement): (to: string, unsubscribeToken: string) => OutgoingMail {
  const marker = `tokenmarker${randomBytes(12).toString('hex')}`
  const rendered = listEmail('', subject, links, marker, [], email)
  // The unsubscribe link is in the footer of both parts.
  if (!rendered.html.includes(marker) || !rendered.text.includes(marker)) throw new Error('list email: the unsubscribe link is missing from the template')
  const fill = (text: string, token: string) => text.split(marker).join(token)
  const encoded = { text: encodedPart('text/plain', rendered.text, marker), html: encodedPart('text/html', rendered.html, marker) }
  return (to, token) => ({
    to,
    subject,
    html: fill(rendered.html, token),
    text: fill(rendered.text, token),
    headers: Object.fromEntries(Object.entries(rendered.headers ?? {}).map(([name, value]) => [name, fill(value, token)])),
    links: rendered.links.map((link) => ({ label: link.label, url: fill(link.url, token) })),
    // Any other token (none is issued so) is encoded by the mailer with the rest.
    ...(plainToken.test(token) ? { parts: { text: encoded.text(token), html: encoded.html(token) } } : {}),
  })
}
