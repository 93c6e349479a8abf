// Global setup and teardown run in the same runner process; the servers started by one are stopped by
// the other through this holder (on globalThis, in case the two files are loaded as separate modules).
interface Closable {
  close: () => Promise<void>
}

const key = Symbol.for('stride.e2e.runningServers')
const holder = globalThis as typeof globalThis & { [key]?: Closable[] }

export function setRunningServers(servers: Closable[]) {
  holder[key] = servers
}

export async function stopRunningServers() {
  const servers = holder[key] ?? []
  holder[key] = []
  await Promise.all(servers.map((server) => server.close()))
}
