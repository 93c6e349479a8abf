// The tests' one mailer that sends nothing: it keeps each email it is given, in order, in `sent`. A test may
// slow it down (a slow mail server) or have it refuse some emails (with the error a real mailer would throw).
import type { Mailer, OutgoingMail } from '../server/platform/mail/mailer'
import { sleep } from './until'

export type MemoryMailer = Mailer & { sent: OutgoingMail[] }

export function memoryMailer(options: { delayMs?: number; refuse?: (mail: OutgoingMail) => Error | undefined } = {}): MemoryMailer {
  const sent: OutgoingMail[] = []
  return {
    destination: 'memory',
    sent,
    async send(mail) {
      if (options.delayMs) await sleep(options.delayMs)
      const refusal = options.refuse?.(mail)
      if (refusal) throw refusal
      sent.push(mail)
    },
    close: () => {},
  }
}
