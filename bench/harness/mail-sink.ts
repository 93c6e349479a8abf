// The benchmarks' mail servers, all real SMTP (smtp-server) on 127.0.0.1, so that the server sends as in production:
// - startCountingSink, in the benchmark's own process, counts what each recipient received in full and from which
//   instance (each sends from its own MAIL_FROM), and hands over a message a benchmark waits for (a sign-in link);
// - startSinkProcess accepts everything and keeps nothing, in a process of its own (smtp-sink.ts), for benchmarks
//   that time requests: in the benchmark's process, receiving an email shared the event loop that timed them.
import { spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { repoRoot } from '../../tools/processes'
import { count } from './print'

export type CountingSink = {
  url: string
  /** Per counted recipient, the instance (MAIL_FROM) of each message received in full. */
  received: Map<string, string[]>
  /** When each message to a counted recipient arrived (performance.now()), in order. */
  arrivals: number[]
  /** The next message to `to`, whole as it came (a sign-in link's email, say); `to` is not counted. */
  nextMessage(to: string): Promise<Buffer>
  /** Forgets what it received, for the next setup. */
  reset(): void
  close(): void
}

/** An SMTP server in this process that accepts everything and counts the messages to the recipients `counted`
 * says, per recipient and per sender. */
export async function startCountingSink(counted: (address: string) => boolean = () => true): Promise<CountingSink> {
  const received = new Map<string, string[]>()
  const arrivals: number[] = []
  const waiting = new Map<string, (message: Buffer) => void>()
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    // Counted at the stream's end: the whole message is here, and the 250 reply that tells the sender so goes
    // after done(). A message cut off by the kill is destroyed by smtp-server, never ended, so never counted.
    onData: (stream, session, done) => {
      const recipients = session.envelope.rcptTo.map(({ address }) => address)
      const kept = recipients.some((address) => waiting.has(address)) ? ([] as Buffer[]) : undefined
      stream.on('data', (chunk: Buffer) => kept?.push(chunk))
      stream.once('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '(no sender)'
        let any = false
        for (const address of recipients) {
          const waiter = waiting.get(address)
          if (waiter && kept) {
            waiting.delete(address)
            waiter(Buffer.concat(kept))
          } else if (counted(address)) {
            received.set(address, [...(received.get(address) ?? []), from])
            any = true
          }
        }
        if (any) arrivals.push(performance.now())
        done()
      })
    },
  })
  // An instance killed mid-message is no fault of the sink's.
  smtp.on('error', () => {})
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    arrivals,
    nextMessage: (to) => new Promise((resolve) => waiting.set(to, resolve)),
    reset() {
      received.clear()
      arrivals.length = 0
      waiting.clear()
    },
    close: () => smtp.close(),
  }
}

/** Each sender's share of the messages received, as "a@bench.example 4,000 (40.0 %), …". */
export function shares(received: Map<string, string[]>): string {
  const bySender = new Map<string, number>()
  for (const senders of received.values()) for (const from of senders) bySender.set(from, (bySender.get(from) ?? 0) + 1)
  const total = [...bySender.values()].reduce((sum, n) => sum + n, 0)
  return [...bySender]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, n]) => `${from} ${count(n)} (${((100 * n) / total).toFixed(1)} %)`)
    .join(', ')
}

/** The sink that keeps nothing, in a process of its own (smtp-sink.ts), once it listens. */
export async function startSinkProcess(): Promise<{ url: string; close: () => void }> {
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, 'bench/harness/smtp-sink.ts')], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited at start (${code})`)))
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))
  })
  return { url: `smtp://127.0.0.1:${Number(port)}`, close: () => void child.kill() }
}
