// The sign-in email (server/mail/emails/sign-in-email.tsx), sent through the endpoint's one mailer
// (server/mail/mailer.ts).
import { createElement } from 'react'
import type { Mailer, OutgoingMail } from '../mail/mailer'
import { renderEmail } from '../mail/render-email'
import { SignInEmail, signInSubject } from '../mail/emails/sign-in-email'
import type { SignInMailer } from './sign-in-routes'

export function signInMessage(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: signInSubject,
    ...renderEmail(createElement(SignInEmail, { signInUrl: link })),
    links: [{ label: 'Sign in to the console', url: link }],
  }
}

export const createSignInMailer =
  (mailer: Mailer): SignInMailer =>
  (to, link) =>
    mailer.send(signInMessage(to, link))
