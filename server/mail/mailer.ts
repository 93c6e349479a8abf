// Every email the endpoint sends (consent links, console sign-in links) leaves through here. With SMTP_URL it
// goes over SMTP (nodemailer, the standard Node mail transport: pooled connections, TLS, auth, RFC-correct
// MIME). Without it (the `npm start` default) each email is written as an .eml file into MAIL_DIR and its
// path is printed, so a first-time user can click through every flow with no mail server; the links stay in
// the file, since a token in a log line is a token anyone reading the logs can use.
//
// The recipient is data, never text for the transport to parse: exactly one canonical mailbox
// (shared/mailbox.ts), given to nodemailer as an address object and as the SMTP envelope's only RCPT TO.
//
// Every email answers to a person: MAIL_FROM is often a no-reply address, so Reply-To names the company's
// contact address (shared/brand.ts), the one the emails' footer gives.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import { brand } from '../../shared/brand'
import { canonicalAddress } from '../../shared/mailbox'

export type MailSettings = { smtpUrl?: string; mailFrom: string; mailDir: string }

export type OutgoingMail = {
  /** One canonical address; anything else is refused before it reaches the transport. */
  to: string
  subject: string
  /** Both parts, rendered from one email component (render-email.ts). */
  text: string
  html: string
  headers?: Record<string, string>
  /** The links a reader acts on (their labels are printed when emails go to files). */
  links: { label: string; url: string }[]
}

export type Mailer = {
  send(mail: OutgoingMail): Promise<void>
  close(): void
  /** Where emails go, for the start-up line (no password). */
  readonly destination: string
}

export function createMailer(settings: MailSettings, print: (line: string) => void = console.log): Mailer {
  const message = (mail: OutgoingMail) => composeMessage(settings, mail)
  if (settings.smtpUrl) {
    // Timeouts well under the outbox's lease, so a stuck server fails a send instead of holding it. Pooled: the
    // outbox sends one email after another over one open connection (nodemailer's pool reopens it when the
    // server drops it), instead of a connection, greeting and EHLO each, which held it to about 9 emails a
    // second against a local server (2026-11-24, 2-core Xeon: 100 emails in 11.1 s, pooled in 0.7 s).
    const transport = nodemailer.createTransport({ url: settings.smtpUrl, pool: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    const url = new URL(settings.smtpUrl)
    return {
      destination: `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(mail) {
        await transport.sendMail(message(mail))
      },
      close: () => transport.close(),
    }
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    destination: `.eml files in ${settings.mailDir}/ (set SMTP_URL to send real email)`,
    async send(mail) {
      const built = await files.sendMail(message(mail))
      await mkdir(settings.mailDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`
      await writeFile(join(settings.mailDir, name), built.message as Buffer, { mode: 0o600 })
      // The address and the links' tokens stay out of the log; the file has them.
      print(`mail: "${mail.subject}" written to ${join(settings.mailDir, name)} (its links: ${mail.links.map((link) => link.label).join(', ')})`)
    },
    close: () => files.close(),
  }
}

/** The message nodemailer is given for an email: what the mailer sends and the email preview shows. */
export function composeMessage(settings: Pick<MailSettings, 'mailFrom'>, { to, subject, text, html, headers }: OutgoingMail) {
  if (canonicalAddress(to) !== to) throw new NotOneMailboxError()
  // The sender's address read by the same parser that checked MAIL_FROM at start (mail-config.ts).
  const envelopeFrom = addressparser(settings.mailFrom)[0]?.address ?? settings.mailFrom
  return { from: settings.mailFrom, replyTo: brand.contactEmail, to: { name: '', address: to }, envelope: { from: envelopeFrom, to: [to] }, subject, text, html, headers }
}

/** A recipient that is not exactly one canonical mailbox: never sent, never retried. */
export class NotOneMailboxError extends Error {
  constructor() {
    super('the recipient is not one mailbox')
    this.name = 'NotOneMailboxError'
  }
}
