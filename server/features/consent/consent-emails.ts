// The consent flows' emails: confirm your signup, and confirm your erasure. Each is one React Email component
// beside this file, sent as a list email (platform/mail/list-email.ts: the unsubscribe link and headers).
import { createElement } from 'react'
import { consentPages } from '../../../shared/consent-paths'
import { listEmail, tokenLink, type EmailLinks } from '../../platform/mail/list-email'
import type { OutgoingMail } from '../../platform/mail/mailer'
import { ConfirmationEmail, confirmationSubject } from './confirmation-email'
import { ErasureEmail, erasureSubject } from './erasure-email'

export function confirmationEmail(to: { email: string; firstName: string }, links: EmailLinks, tokens: { confirm: string; unsubscribe: string }): OutgoingMail {
  const confirmUrl = tokenLink(links.siteUrl, consentPages.confirm, tokens.confirm)
  return listEmail(to.email, confirmationSubject, links, tokens.unsubscribe, [{ label: 'Confirm', url: confirmUrl }], (unsubscribeUrl) =>
    createElement(ConfirmationEmail, { firstName: to.firstName, confirmUrl, unsubscribeUrl }),
  )
}

export function erasureEmail(to: { email: string }, links: EmailLinks, tokens: { erase: string; unsubscribe: string }): OutgoingMail {
  const eraseUrl = tokenLink(links.siteUrl, consentPages.eraseConfirm, tokens.erase)
  return listEmail(to.email, erasureSubject, links, tokens.unsubscribe, [{ label: 'Delete', url: eraseUrl }], (unsubscribeUrl) =>
    createElement(ErasureEmail, { eraseUrl, unsubscribeUrl }),
  )
}
