// Sends the sign-in link. Over SMTP when SMTP_URL is set (nodemailer); otherwise each mail is written as an
// .eml file into MAIL_DIR, so `npm start` works with no mail server and the link can still be found.
// TODO(merge issue-12): send through the consent issue's Mailer once it is on main, instead of this transport.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { brand } from '../../src/brand'
import type { SignInMailer } from './sign-in-routes'

export type MailSettings = { smtpUrl?: string; mailFrom: string; mailDir: string }

export function signInMessage(to: string, link: string, from: string) {
  return {
    from,
    to,
    subject: `Your sign-in link for the ${brand.companyName} console`,
    text: [
      `Someone (hopefully you) asked to sign in to the ${brand.companyName} waitlist console.`,
      '',
      `Open this link within 15 minutes to sign in. It works once:`,
      link,
      '',
      'If you did not ask for it, ignore this mail: nothing happens without the link.',
    ].join('\n'),
  }
}

export function createSignInMailer(settings: MailSettings): SignInMailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl)
    return async (to, link) => {
      await transport.sendMail(signInMessage(to, link, settings.mailFrom))
    }
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return async (to, link) => {
    const sent = await files.sendMail(signInMessage(to, link, settings.mailFrom))
    await mkdir(settings.mailDir, { recursive: true })
    await writeFile(join(settings.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-sign-in.eml`), sent.message as Buffer, { mode: 0o600 })
  }
}
