// A real HTTP receiver on 127.0.0.1 for the webhook tests: it keeps every request (headers and body, as received)
// and answers as the test says (200 unless told otherwise: a status, a redirect, silence), or holds every reply
// until the test releases them (a receiver that never answers, for as long as the test needs one).
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { until } from '../../tools/until'

export type Received = { headers: IncomingHttpHeaders; body: string; at: number }
export type Answer = { status: number; headers?: Record<string, string>; body?: string }

export type Receiver = {
  url: string
  port: number
  received: Received[]
  /** What the next requests are answered (a function of how many came before). */
  answer: (request: Received, index: number) => Answer
  /** Waits until `count` requests have come in, and gives them. */
  waitFor(count: number, what?: string): Promise<Received[]>
  /** The requests whose body has this `type`. */
  ofType(type: string): Received[]
  /** From now on, every reply waits until `release()`. */
  hold(): void
  /** Answers every held request, and those that come later at once. */
  release(): void
  /** Requests held and still waiting for their reply; one whose sender gave up and hung up is not counted. */
  held(): number
  close(): Promise<void>
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    answer: () => ({ status: 200, body: 'ok' }),
    waitFor: async (count, what = `${count} webhook request(s)`) => {
      await until(() => receiver.received.length >= count, 20_000, what)
      return receiver.received.slice(0, count)
    },
    ofType: (type) => receiver.received.filter((request) => (JSON.parse(request.body) as { type: string }).type === type),
    hold: () => void (holding = true),
    release: () => {
      holding = false
      for (const reply of waiting.splice(0)) reply()
    },
    held: () => waiting.length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  let holding = false
  const waiting: (() => void)[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() }
      const answer = receiver.answer(received, receiver.received.length)
      receiver.received.push(received)
      const reply = () => {
        response.writeHead(answer.status, answer.headers)
        response.end(answer.body ?? '')
      }
      if (!holding) return reply()
      waiting.push(reply)
      // A sender that gives up (its timeout) hangs up: its request no longer waits.
      response.on('close', () => {
        const index = waiting.indexOf(reply)
        if (index >= 0) waiting.splice(index, 1)
      })
    })
  })
  server.keepAliveTimeout = 1
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.port = (server.address() as AddressInfo).port
  receiver.url = `http://127.0.0.1:${receiver.port}${path}`
  return receiver
}
