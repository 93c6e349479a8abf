// A real SMTP server in-process (smtp-server) that parses what it receives (mailparser): the tests' inbox.
// `next(to)` resolves with the next mail delivered to that address.
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { until } from './until'

/** A mail as parsed, with the envelope's recipients (RCPT TO), which decide who actually receives it. */
export type ReceivedMail = ParsedMail & { rcptTo: string[] }
export type Inbox = {
  url: string
  port: number
  mails: ReceivedMail[]
  /** How many SMTP connections clients have opened so far. */
  connections: () => number
  next: (to: string, timeoutMs?: number) => Promise<ReceivedMail>
  /** Resolves once no client is connected and no message is being read: after its senders have stopped, all
   * they sent is in `mails`, and nothing more will come. */
  settled: () => Promise<void>
  close: () => Promise<void>
}

export async function startInbox(port = 0): Promise<Inbox> {
  const mails: ReceivedMail[] = []
  let connections = 0
  let open = 0
  let reading = 0
  const waiting: { to: string; resolve: (mail: ReceivedMail) => void }[] = []
  const recipients = (mail: ParsedMail) =>
    [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase() ?? ''))
  const deliver = (mail: ReceivedMail) => {
    const index = waiting.findIndex((waiter) => recipients(mail).includes(waiter.to))
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(mail)
    else mails.push(mail)
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++
      open++
      callback()
    },
    onClose() {
      open--
    },
    onData(stream, session, callback) {
      reading++
      simpleParser(stream)
        .then((mail) => {
          deliver(Object.assign(mail, { rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()) }))
          callback()
        })
        .catch(callback)
        .finally(() => reading--)
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      // A client killed mid-message (the fault tests do that) breaks its connection; the inbox carries on.
      server.on('error', () => {})
      resolve()
    })
  })
  const address = server.server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    mails,
    connections: () => connections,
    next(to, timeoutMs = 30_000) {
      const wanted = to.toLowerCase()
      const index = mails.findIndex((mail) => recipients(mail).includes(wanted))
      if (index >= 0) return Promise.resolve(mails.splice(index, 1)[0]!)
      return new Promise((resolve, reject) => {
        const waiter = { to: wanted, resolve: (mail: ReceivedMail) => (clearTimeout(timer), resolve(mail)) }
        const timer = setTimeout(() => {
          // A waiter that gave up must not swallow a later mail meant for someone else's wait.
          waiting.splice(waiting.indexOf(waiter), 1)
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`))
        }, timeoutMs)
        waiting.push(waiter)
      })
    },
    settled: () => until(() => open === 0 && reading === 0, 10_000, 'the inbox to see its clients go and read all they sent'),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A header exactly as it was sent (mailparser folds the List-* headers into one structure). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line
  return line?.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim()
}

/** The sign-in link in a mail's text. */
export function linkIn(mail: ParsedMail): string {
  const found = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')
  if (!found) throw new Error(`no sign-in link in: ${mail.text}`)
  return found[0]
}
