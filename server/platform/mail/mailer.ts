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
import { brand } from '../../../shared/brand'
import { canonicalAddress } from '../../../shared/mailbox'

export type MailSettings = {
  smtpUrl?: string
  mailFrom: string
  mailDir: string
  timeouts?: Partial<SmtpTimeouts>
  /** Connections the SMTP pool keeps open: as many as the outbox has emails in flight (MAIL_CONCURRENCY). */
  connections?: number
}

/** How long a send over SMTP may wait, each as RFC 5321 §4.5.3.2 asks of a client. */
export type SmtpTimeouts = {
  /** To open the TCP connection (not in the RFC: a server this slow to accept is down). */
  connectMs: number
  /** For the server's greeting (§4.5.3.2.1, "Initial 220 Message: 5 Minutes"). */
  greetingMs: number
  /** Silence while waiting for any one reply: the longest of the RFC's, the DATA termination's (§4.5.3.2.6);
   * MAIL and RCPT are given 5 minutes there, DATA initiation 2, a data block 3. */
  replyMs: number
  /** From the start of a send to its end of DATA: the RFC's limits added up (the greeting, then EHLO, AUTH,
   * MAIL and RCPT at 5 minutes each, DATA initiation 2, our one data block 3). A server within them always
   * fits; past this the send is cut, and a message cut before its end is never delivered. */
  untilDataEndMs: number
  /** From the end of DATA to the server's reply (§4.5.3.2.6, "DATA Termination: 10 Minutes"). */
  afterDataEndMs: number
}

export const smtpTimeouts: SmtpTimeouts = {
  connectMs: 10_000,
  greetingMs: 5 * 60_000,
  replyMs: 10 * 60_000,
  untilDataEndMs: 30 * 60_000,
  afterDataEndMs: 10 * 60_000,
}

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
  /** `text` and `html` already encoded as MIME parts (their headers, and the body quoted-printable), for an email sent
   * to many: encoded once for all (list-email.ts listEmailTemplate), each sent as it is. They decode to `text`
   * and `html`. */
  parts?: { text: string; html: string }
}

export type Mailer = {
  /** Sends, or fails; aborting `signal` stops the send for real (its connection is closed). A send cut after
   * its end of DATA with no reply fails with DeliveryUnknownError: the server may still deliver it. */
  send(mail: OutgoingMail, options?: { signal?: AbortSignal }): Promise<void>
  close(): void
  /** Where emails go, for the start-up line (no password). */
  readonly destination: string
}

export function createMailer(settings: MailSettings, print: (line: string) => void = console.log): Mailer {
  const message = (mail: OutgoingMail) => composeMessage(settings, mail)
  if (settings.smtpUrl) {
    // Pooled: the outbox sends one email after another over one open connection (nodemailer's pool reopens it
    // when the server drops it), instead of a connection, greeting and EHLO each, which held it to about 9
    // emails a second against a local server (2026-11-24, 2-core Xeon: 100 emails in 11.1 s, pooled in 0.7 s).
    //
    // A slow server is waited for as long as RFC 5321 says (smtpTimeouts): cutting an honest one short only
    // makes a retry that it may receive as well as the first. A send that must stop all the same (its limits
    // are up, or the caller aborts) is stopped for real: nodemailer closes the connection carrying it
    // (socketCloseTimeout 0 destroys the socket at once), so it cannot go on and deliver behind a retry.
    const timeouts = { ...smtpTimeouts, ...settings.timeouts }
    const transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      pool: true,
      maxConnections: settings.connections ?? 5,
      connectionTimeout: timeouts.connectMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.replyMs,
      socketCloseTimeout: 0,
    })
    // Whether a send got as far as its end of DATA decides what a failure means: before it, the server has
    // nothing to deliver; after it, with no reply, the server may have the email (RFC 1047). The message's
    // stream is read only once the server has said to go ahead with DATA, and its end, read whole, is followed
    // at once by the terminating dot: a nodemailer 'stream' plugin watches that end for the send whose signal
    // the message carries.
    const dataEndWatchers = new WeakMap<AbortSignal, () => void>()
    transport.use('stream', (mail, done) => {
      const watcher = mail.data.signal && dataEndWatchers.get(mail.data.signal)
      if (watcher) mail.message.processFunc((message) => message.once('end', watcher))
      done()
    })
    const url = new URL(settings.smtpUrl)
    return {
      destination: `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(mail, options = {}) {
        const attempt = new AbortController()
        const stop = (reason: unknown) => attempt.abort(reason)
        const limit = (ms: number, what: string) => setTimeout(() => stop(new Error(`${what} within ${seconds(ms)}`)), ms)
        let dataEnded = false
        let timer = limit(timeouts.untilDataEndMs, 'no end of DATA')
        dataEndWatchers.set(attempt.signal, () => {
          dataEnded = true
          clearTimeout(timer)
          timer = limit(timeouts.afterDataEndMs, 'no reply to the end of DATA')
        })
        const callerAborted = () => stop(options.signal?.reason)
        options.signal?.addEventListener('abort', callerAborted, { once: true })
        if (options.signal?.aborted) callerAborted()
        try {
          await transport.sendMail({ ...message(mail), signal: attempt.signal })
        } catch (error) {
          const reason = attempt.signal.aborted ? attempt.signal.reason : error
          // A reply to the end of DATA (a 4yz or 5yz) says the server did not take the email; no reply says nothing.
          if (dataEnded && typeof (error as { responseCode?: unknown }).responseCode !== 'number') throw new DeliveryUnknownError(reason)
          throw reason
        } finally {
          clearTimeout(timer)
          options.signal?.removeEventListener('abort', callerAborted)
        }
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
      // The file's name sorts by when it was written on this machine, as a log line's time does: the system's clock.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`
      await writeFile(join(settings.mailDir, name), built.message as Buffer, { mode: 0o600 })
      // The address and the links' tokens stay out of the log; the file has them.
      print(`mail: "${mail.subject}" written to ${join(settings.mailDir, name)} (its links: ${mail.links.map((link) => link.label).join(', ')})`)
    },
    close: () => files.close(),
  }
}

/** The message nodemailer is given for an email: what the mailer sends and the email preview shows. */
export function composeMessage(settings: Pick<MailSettings, 'mailFrom'>, { to, subject, text, html, headers, parts }: OutgoingMail) {
  if (canonicalAddress(to) !== to) throw new NotOneMailboxError()
  // The sender's address read by the same parser that checked MAIL_FROM at start (mail-config.ts).
  const envelopeFrom = addressparser(settings.mailFrom)[0]?.address ?? settings.mailFrom
  const body = parts ? { text: { raw: parts.text }, html: { raw: parts.html } } : { text, html }
  return { from: settings.mailFrom, replyTo: brand.contactEmail, to: { name: '', address: to }, envelope: { from: envelopeFrom, to: [to] }, subject, ...body, headers }
}

/** The send ended after its end of DATA with no reply from the server (cut, timed out, or the connection
 * lost): the server may have the email and deliver it, so a retry now could be a second copy (RFC 1047). */
export class DeliveryUnknownError extends Error {
  constructor(cause: unknown) {
    super(`may have been delivered: the connection ended after the end of DATA with no reply (${cause instanceof Error ? cause.message : String(cause)})`, { cause })
    this.name = 'DeliveryUnknownError'
  }
}

const seconds = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`)

/** A recipient that is not exactly one canonical mailbox: never sent, never retried. */
export class NotOneMailboxError extends Error {
  constructor() {
    super('the recipient is not one mailbox')
    this.name = 'NotOneMailboxError'
  }
}
