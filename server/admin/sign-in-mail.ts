// The sign-in email, sent through the endpoint's one mailer (server/mail/mailer.ts).
import { brand } from '../../shared/brand'
import type { Mailer, OutgoingMail } from '../mail/mailer'
import type { SignInMailer } from './sign-in-routes'
import { inWords, linkLifetimesMs } from '../../shared/rules'

export function signInMessage(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: `Your sign-in link for the ${brand.companyName} console`,
    text: [
      `Someone (hopefully you) asked to sign in to the ${brand.companyName} waitlist console.`,
      '',
      `Open this link within ${inWords(linkLifetimesMs.signIn)} to sign in. It works once:`,
      link,
      '',
      'If you did not ask for it, ignore this mail: nothing happens without the link.',
    ].join('\n'),
    links: [{ label: 'Sign in to the console', url: link }],
  }
}

export const createSignInMailer =
  (mailer: Mailer): SignInMailer =>
  (to, link) =>
    mailer.send(signInMessage(to, link))
