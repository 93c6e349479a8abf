// The two emails of the consent flows: confirm your signup, and confirm your erasure. Short, in the brand's
// name, and with nothing that advertises: a confirmation request that promotes is itself unsolicited
// advertising under German case law (LG Stendal 22 S 87/20). Both carry the RFC 8058 one-click unsubscribe.
// Written as plain text and a small hand-escaped HTML part: two emails of a few lines do not justify a
// rendering library in the endpoint.
import { brand } from '../../shared/brand'
import { consentApi, consentPages } from '../../shared/consent-paths'
import type { OutgoingMail } from '../mail/mailer'
import { inWords, linkLifetimesMs } from '../../shared/rules'

export type EmailLinks = {
  /** Where the site's pages live (PUBLIC_SITE_URL, or this server). */
  siteUrl: string
  /** Where this endpoint answers (PUBLIC_API_URL, else the site's address). */
  apiUrl: string
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

const link = (base: string, path: string, token: string) => `${new URL(path, base).href}?token=${token}`

/** The RFC 8058 headers: a POST of List-Unsubscribe=One-Click to this URL unsubscribes, with no page. */
function unsubscribeHeaders(links: EmailLinks, unsubscribeToken: string) {
  return {
    'List-Unsubscribe': `<${link(links.apiUrl, consentApi.unsubscribe, unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

function html(paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(brand.companyName)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font:16px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">',
    '<div style="max-width:520px;margin:0 auto">',
    `<p style="margin:0 0 24px;font-weight:700">${escapeHtml(brand.companyName)}</p>`,
    ...paragraphs.map(p),
    `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#0b5f4a;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:14px;color:#4a4a4a">${escapeHtml('Or paste this link into your browser:')}<br>${escapeHtml(action.url)}</p>`,
    `<p style="margin:32px 0 0;font-size:13px;color:#4a4a4a">${escapeHtml(footer)}</p>`,
    '</div></body></html>',
  ].join('\n')
}

export function confirmationEmail(to: { email: string; firstName: string }, links: EmailLinks, tokens: { confirm: string; unsubscribe: string }): OutgoingMail {
  const confirmUrl = link(links.siteUrl, consentPages.confirm, tokens.confirm)
  const unsubscribeUrl = link(links.siteUrl, consentPages.unsubscribe, tokens.unsubscribe)
  const greeting = to.firstName ? `Hi ${to.firstName},` : 'Hi,'
  const body = [
    greeting,
    `Please confirm that you want to join the ${brand.companyName} waitlist. We will only email you about early access.`,
    `The link works for ${inWords(linkLifetimesMs.confirm)}. If you did not sign up, ignore this email: without your confirmation we will not write to you.`,
  ]
  const footer = `Sent by ${brand.legalName} because this address was entered on ${new URL(brand.siteUrl).hostname}. Unsubscribe: ${unsubscribeUrl}`
  return {
    to: to.email,
    subject: `Confirm your place on the ${brand.companyName} waitlist`,
    text: [...body.slice(0, 2), '', `Confirm your email: ${confirmUrl}`, '', body[2]!, '', '--', footer].join('\n'),
    html: html(body, { label: 'Confirm my email', url: confirmUrl }, footer),
    headers: unsubscribeHeaders(links, tokens.unsubscribe),
    links: [
      { label: 'Confirm', url: confirmUrl },
      { label: 'Unsubscribe', url: unsubscribeUrl },
    ],
  }
}

export function erasureEmail(to: { email: string }, links: EmailLinks, tokens: { erase: string; unsubscribe: string }): OutgoingMail {
  const eraseUrl = link(links.siteUrl, consentPages.eraseConfirm, tokens.erase)
  const unsubscribeUrl = link(links.siteUrl, consentPages.unsubscribe, tokens.unsubscribe)
  const body = [
    'Hi,',
    `Someone (hopefully you) asked us to delete this address and everything we keep with it from the ${brand.companyName} waitlist.`,
    `The link works for ${inWords(linkLifetimesMs.erase)}. If you did not ask, ignore this email and nothing will change.`,
  ]
  const footer = `Sent by ${brand.legalName} in answer to a deletion request on ${new URL(brand.siteUrl).hostname}. Unsubscribe: ${unsubscribeUrl}`
  return {
    to: to.email,
    subject: `Confirm the deletion of your ${brand.companyName} waitlist data`,
    text: [...body.slice(0, 2), '', `Delete my data: ${eraseUrl}`, '', body[2]!, '', '--', footer].join('\n'),
    html: html(body, { label: 'Delete my data', url: eraseUrl }, footer),
    headers: unsubscribeHeaders(links, tokens.unsubscribe),
    links: [
      { label: 'Delete', url: eraseUrl },
      { label: 'Unsubscribe', url: unsubscribeUrl },
    ],
  }
}
