// Runs a fetch handler on Node's HTTP server and stops it gracefully: in-flight requests (and so their
// database writes) finish before `close` resolves.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

export type RunningServer = { port: number; close: () => Promise<void> }

/** The peer address of the connection, for rate limiting. */
export const socketAddress = (c: Context) => getConnInfo(c).remote.address

export function listen(app: { fetch: (request: Request, env: never) => Response | Promise<Response> }, options: { port: number; host: string }): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({
      fetch: app.fetch as never,
      port: options.port,
      hostname: options.host,
      // Slow or stalled clients must not hold sockets for minutes.
      serverOptions: { requestTimeout: 30_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 },
    }) as Server
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolve({ port: (server.address() as AddressInfo).port, close: () => closeGracefully(server) })
    })
  })
}

function closeGracefully(server: Server, graceMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs)
    force.unref()
    server.close(() => {
      clearTimeout(force)
      resolve()
    })
    server.closeIdleConnections()
  })
}
