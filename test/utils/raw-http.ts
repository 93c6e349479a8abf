// HTTP/1.1 spoken by hand over one TCP connection, for what fetch hides: whether the server keeps a connection
// or closes it, whether a second request on it is answered, and bodies sent late, in chunks, or not at all.
// Replies are read by their Content-Length (every reply these tests read carries one).
import { connect, type Socket } from 'node:net'

export type RawReply = { status: number; headers: Record<string, string>; body: string }

export type RawConnection = {
  /** Sends bytes as they are. A write after the server closed fails quietly: what matters is what came back. */
  write: (data: string | Buffer) => void
  /** The next whole reply on this connection; rejects if the server closes the connection first. */
  reply: () => Promise<RawReply>
  /** Resolves once the server has ended the connection. */
  closed: Promise<void>
  /** Whether the server has ended the connection. */
  isClosed: () => boolean
  destroy: () => void
}

export function openConnection(origin: string): Promise<RawConnection> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname)
    let received = Buffer.alloc(0)
    let ended = false
    let wake = () => {}
    let markClosed = () => {}
    const closed = new Promise<void>((done) => (markClosed = done))
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      wake()
    })
    const end = () => {
      ended = true
      markClosed()
      wake()
    }
    socket.on('end', end)
    socket.on('close', end)
    // EPIPE or ECONNRESET once the server has closed: the test reads what arrived before it.
    socket.on('error', () => {})
    socket.once('connect', () =>
      resolve({
        write: (data) => void socket.write(data),
        reply: async () => {
          for (;;) {
            const reply = takeReply()
            if (reply) return reply
            if (ended) throw new Error(`the server closed the connection without a whole reply (had ${received.length} bytes)`)
            await new Promise<void>((woken) => (wake = woken))
          }
        },
        closed,
        isClosed: () => ended,
        destroy: () => socket.destroy(),
      }),
    )
    socket.once('error', reject)

    function takeReply(): RawReply | undefined {
      const headEnd = received.indexOf('\r\n\r\n')
      if (headEnd < 0) return undefined
      const [statusLine = '', ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n')
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      const length = Number(headers['content-length'] ?? 0)
      if (received.length < headEnd + 4 + length) return undefined
      const body = received.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8')
      received = received.subarray(headEnd + 4 + length)
      return { status: Number(statusLine.split(' ')[1]), headers, body }
    }
  })
}

/** A request's head: the request line and headers (Host from the origin), ending in the blank line. */
export function requestHead(origin: string, method: string, path: string, headers: Record<string, string | number> = {}): string {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${new URL(origin).host}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)]
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** One chunk of a chunked body; `lastChunk` ends it. */
export const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`
export const lastChunk = '0\r\n\r\n'
