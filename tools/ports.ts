// A port nobody is listening on now, on 127.0.0.1, for a server that must be told its port before it starts
// (a throwaway PostgreSQL, a spec's own npm start, the gallery's static hosts, a test's SMTP or metrics port). It
// was free a moment ago: each caller takes its own, so runs side by side never share a server.
import { createServer } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
