// The beacons of bench/analytics.ts, posted from a process of its own (`tsx bench/analytics/beacons.ts
// '<json>'`), so that making and timing them takes nothing from the server's two cores' other tenant, the process
// that times the signups beside them. HTTP/1.1 is written by hand over keep-alive connections, several requests in
// flight on each (pipelining), so that making and reading a request costs a small part of what the server spends on
// it (the result says how much): on two cores the load generator competes with the server it measures. Each beacon is what a browser's sendBeacon
// posts (text/plain JSON, this site's Origin, a browser's User-Agent) through one trusted proxy that names the
// visitor's address (X-Forwarded-For), each visitor an address of their own, three views each.
//
// As fast as the server answers (`perSecond` absent), or at a steady pace, sent whether or not the last came back.
// After `seconds` nothing new is sent and every request in flight is waited for, so that every beacon sent is
// answered and the count of 204s is the count the database must end with. It prints "started" once its connections
// are open, and at the end its result as one line of JSON.
import { connect, type Socket } from 'node:net'
import { pathToFileURL } from 'node:url'
import { analyticsPath } from '../../shared/analytics'
import { beaconBody, visitorOf } from './traffic'

export type BeaconLoad = { origin: string; connections: number; pipelining: number; seconds: number; perSecond?: number; firstVisitor: number; onStart?: () => void }
/** `cpuMs`: this process's own CPU time while it sent, to show it was not the bottleneck. */
export type BeaconResult = { sent: number; statuses: Record<string, number>; seconds: number; p50: number; p99: number; max: number; cpuMs: number; failed?: string }

const viewsPerVisit = 3

function request(load: BeaconLoad, host: string, n: number): string {
  const visitor = visitorOf(load.firstVisitor + Math.floor(n / viewsPerVisit))
  const body = beaconBody(n % viewsPerVisit === 0)
  return (
    `POST ${analyticsPath} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${load.origin}\r\nContent-Type: text/plain;charset=UTF-8\r\n` +
    `User-Agent: ${visitor.userAgent}\r\nX-Forwarded-For: ${visitor.address}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}

export async function postBeacons(load: BeaconLoad): Promise<BeaconResult> {
  const { hostname, port, host } = new URL(load.origin)
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  let sent = 0
  let failed: string | undefined
  // From the first request, once the connections are open.
  let started = 0
  let deadline = 0
  let lastAnswer = 0

  type Connection = { socket: Socket; sentAt: number[]; received: Buffer }
  const send = (connection: Connection, count: number) => {
    if (count <= 0) return
    let text = ''
    for (let k = 0; k < count; k++) text += request(load, host, sent++)
    const at = performance.now()
    for (let k = 0; k < count; k++) connection.sentAt.push(at)
    connection.socket.write(text)
  }
  // Replies are read by their Content-Length; a 204 has none and no body.
  const read = (connection: Connection, chunk: Buffer) => {
    connection.received = connection.received.length === 0 ? chunk : Buffer.concat([connection.received, chunk])
    let answered = 0
    for (;;) {
      const end = connection.received.indexOf('\r\n\r\n')
      if (end < 0) break
      const head = connection.received.toString('latin1', 0, end)
      if (/\r\ntransfer-encoding:/i.test(head)) failed ??= 'a chunked reply, which this client does not read'
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
      if (connection.received.length < end + 4 + length) break
      connection.received = connection.received.subarray(end + 4 + length)
      const status = head.slice(9, 12)
      statuses[status] = (statuses[status] ?? 0) + 1
      lastAnswer = performance.now()
      latencies.push(lastAnswer - connection.sentAt.shift()!)
      answered++
    }
    return answered
  }

  const connections = await Promise.all(
    Array.from(
      { length: load.connections },
      () =>
        new Promise<Connection>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => resolve({ socket, sentAt: [], received: Buffer.alloc(0) }))
          socket.setNoDelay(true)
          socket.once('error', reject)
        }),
    ),
  )
  const inFlight = () => connections.reduce((sum, connection) => sum + connection.sentAt.length, 0)
  started = performance.now()
  const cpu = process.cpuUsage()
  deadline = started + load.seconds * 1000
  lastAnswer = started
  load.onStart?.()
  await new Promise<void>((resolve) => {
    const finishWhenDone = () => {
      if (performance.now() >= deadline && inFlight() === 0) resolve()
    }
    for (const connection of connections) {
      connection.socket.on('data', (chunk: Buffer) => {
        const answered = read(connection, chunk)
        // As fast as it answers: each reply makes room for one more on its connection.
        if (load.perSecond === undefined && performance.now() < deadline) send(connection, answered)
        finishWhenDone()
      })
      connection.socket.on('error', (error) => {
        failed ??= error.message
        connection.sentAt.length = 0
        finishWhenDone()
      })
      connection.socket.on('close', () => {
        if (connection.sentAt.length > 0) failed ??= `the server closed a connection with ${connection.sentAt.length} requests unanswered`
        connection.sentAt.length = 0
        finishWhenDone()
      })
    }
    if (load.perSecond === undefined) {
      for (const connection of connections) send(connection, load.pipelining)
      setTimeout(finishWhenDone, load.seconds * 1000 + 1)
      return
    }
    // A steady pace: every 5 ms, what is due by now, to the connection with the fewest in flight.
    const pace = setInterval(() => {
      const now = performance.now()
      if (now >= deadline) {
        clearInterval(pace)
        finishWhenDone()
        return
      }
      const due = Math.floor(((now - started) / 1000) * load.perSecond!) - sent
      for (let k = 0; k < due; k++) send(connections.reduce((least, connection) => (connection.sentAt.length < least.sentAt.length ? connection : least)), 1)
    }, 5)
  })
  const { user, system } = process.cpuUsage(cpu)
  for (const connection of connections) connection.socket.destroy()
  latencies.sort((a, b) => a - b)
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN
  return { sent, statuses, seconds: (lastAnswer - started) / 1000, p50: percentile(0.5), p99: percentile(0.99), max: latencies.at(-1) ?? Number.NaN, cpuMs: (user + system) / 1000, failed }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // "started" once the connections are open and the first beacons go: the caller starts its own load then.
  const result = await postBeacons({ ...(JSON.parse(process.argv[2]!) as BeaconLoad), onStart: () => process.stdout.write('started\n') })
  process.stdout.write(`${JSON.stringify(result)}\n`)
}
