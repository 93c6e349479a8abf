// The server as the benchmarks run it (bench/waves.ts, bench/updates.ts): instances of server/main.ts, each a
// process of its own sending from its own MAIL_FROM, watched while a benchmark waits, and killed with kill -9 and
// recovered as each engine would.
import { killGroup, startServerProcess, type ServerProcess } from '../../tools/processes'
import { sleep } from '../../tools/until'

export type Instance = { letter: string; from: string; server: ServerProcess; killed: boolean; gone: boolean }

/** An instance of the server (server/main.ts) with `env`, sending from `<letter>@bench.example`. */
export async function startInstance(env: Record<string, string>, letter: string): Promise<Instance> {
  const server = await startServerProcess({ ...env, MAIL_FROM: `Bench ${letter.toUpperCase()} <${letter}@bench.example>` })
  const instance = { letter, from: `${letter}@bench.example`, server, killed: false, gone: false }
  void server.exited.then(() => (instance.gone = true))
  return instance
}

/** Polls `done` every `everyMs`, failing at once if an instance stops by itself, and at `deadline` (performance.now()),
 * with the instances' last output and `progress()` in the message. */
export async function waitFor(
  done: () => boolean | Promise<boolean>,
  what: string,
  { instances, deadline, everyMs, progress }: { instances: Instance[]; deadline: number; everyMs: number; progress: () => string },
) {
  const outputs = () => instances.map((instance) => `--- ${instance.from}:\n${instance.server.output().slice(-3000)}`).join('\n')
  while (!(await done())) {
    const stopped = instances.find((instance) => instance.gone && !instance.killed)
    if (stopped) throw new Error(`${stopped.from} stopped by itself while waiting for ${what}:\n${outputs()}`)
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what} (${progress()}):\n${outputs()}`)
    await sleep(everyMs)
  }
}

/** Kills the first instance with kill -9 and recovers as each engine would: SQLite's one instance is started again
 * at once as b@ (its start releases the leases the killed process held); on PostgreSQL the other instance carries
 * on and a replacement, c@, joins 5 s after the kill. When the kill was, and when the instances were whole again. */
export async function killFirst(instances: Instance[], start: (letter: string) => Promise<Instance>): Promise<{ killedAt: number; wholeAt: number }> {
  const victim = instances[0]!
  victim.killed = true
  killGroup(victim.server.child, 'SIGKILL')
  const killedAt = performance.now()
  await victim.server.exited
  if (instances.length === 1) instances.push(await start('b'))
  else {
    await sleep(5000)
    instances.push(await start('c'))
  }
  return { killedAt, wholeAt: performance.now() }
}
