// `npm run bench:waves`: a benchmark, not a test (issue 22). A wave of 10,000 invitations is started in one
// transaction (server/features/launch/invitations.ts startWave), then drained by the real server (server/main.ts, in
// processes of its own) through a real SMTP server in this process, at the configured rate (INVITE_SEND_RATE:
// the wave's emails are queued that far apart, for every instance together), with a kill -9 of an instance once
// 40 % have arrived. Two setups: SQLite with one instance, started again at once after the kill (its start
// releases the leases the killed process held); PostgreSQL with two, where the other carries on and takes the
// killed one's leased emails when their lease ends, and a replacement joins 5 s after the kill. Each instance
// sends from its own MAIL_FROM, so the SMTP server knows who sent what; it counts, per recipient, the messages
// it received in full. Lost (someone with no invitation) fails the run; doubled is printed. BENCH_INVITE_RATE
// (default 250 emails/s) sets the rate; BENCH_SETUPS ("sqlite" or "postgres") runs one setup. It always stops
// by itself.
import { outboxDefaults } from '../server/platform/outbox/outbox-sender'
import { openDatabase } from '../server/platform/database/open'
import { featureMigrations } from '../server/feature-migrations'
import { invitationRules } from '../shared/rules'
import { stopAll } from '../tools/processes'
import { composeForTests } from '../tools/open-store'
import { databaseReader, seedConfirmed } from './harness/database'
import { killFirst, startInstance, waitFor, type Instance } from './harness/instances'
import { shares, startCountingSink } from './harness/mail-sink'
import { count } from './harness/print'
import { wholeNumber } from './harness/settings'
import { runSetups } from './harness/setups'

const people = 10_000
// The server takes whole emails a second (server/config.ts INVITE_SEND_RATE).
const rate = wholeNumber('BENCH_INVITE_RATE', 250)
const killAt = Math.round(people * 0.4)
const setupTimeoutMs = 10 * 60_000
const addressOf = (index: number) => `wave-${index}@bench.example`

const sink = await startCountingSink()
const { received, arrivals } = sink

/** Migrates, seeds and starts the wave in this process, as the console's button does; the wave's time in ms. */
async function startWave(databaseUrl: string): Promise<number> {
  const database = await openDatabase(databaseUrl, { migrations: featureMigrations })
  try {
    await seedConfirmed(database, { people, prefix: 'wave' })
    const store = composeForTests(database, { invitations: { lifetimeMs: invitationRules.lifetimeMs, sendsPerSecond: rate } }).stores.invitations
    const started = performance.now()
    const wave = await store.startWave({ count: people, by: 'bench@company.example', kind: 'next', now: new Date() })
    const ms = performance.now() - started
    if (!wave.ok) throw new Error(`the wave did not start: ${wave.reason}`)
    if (wave.wave.funnel.invited !== people) throw new Error(`the wave invited ${wave.wave.funnel.invited}, not ${count(people)}`)
    return ms
  } finally {
    await database.close()
  }
}

const startWaveInstance = (databaseUrl: string) => (letter: string) =>
  startInstance({ DATABASE_URL: databaseUrl, SMTP_URL: sink.url, INVITE_URL: 'https://testflight.apple.com/join/bench', INVITE_SEND_RATE: String(rate), PUBLIC_SITE_URL: 'http://127.0.0.1:3000' }, letter)

const unfinishedInvites = `SELECT count(*) AS n FROM outbox WHERE kind = 'invite' AND finished_at IS NULL`

/** Runs one setup and prints what it found; false when an invitation was lost, or its delivery not recorded. */
async function setup(name: string, databaseUrl: string, instanceCount: 1 | 2): Promise<boolean> {
  const waveMs = await startWave(databaseUrl)
  sink.reset()
  const started = performance.now()
  const instances: Instance[] = []
  const watch = { instances, deadline: started + setupTimeoutMs, progress: () => `${count(arrivals.length)} emails received` }
  const database = databaseReader(databaseUrl)
  const start = startWaveInstance(databaseUrl)
  try {
    instances.push(...(await Promise.all(['a', 'b'].slice(0, instanceCount).map(start))))
    await waitFor(() => arrivals.length >= killAt, `${count(killAt)} emails`, { ...watch, everyMs: 20 })
    const atKill = arrivals.length
    const { killedAt } = await killFirst(instances, start)
    const recovery =
      instanceCount === 1
        ? // One process owns a SQLite file: its next start ends the leases the killed one left, and sends them.
          'started again at once (b@, its start releases the leases)'
        : `b@ carried on and takes the killed one's leased emails when their ${outboxDefaults.leaseMs / 1000} s lease ends; c@ joined 5 s after the kill`
    await waitFor(async () => (await database.count(unfinishedInvites)) === 0, 'every invitation email to be finished', { ...watch, everyMs: 1000 })
    const drainSeconds = (performance.now() - started) / 1000
    const delivered = await database.count('SELECT count(*) AS n FROM invitations WHERE delivered_at IS NOT NULL')
    const notSent = await database.count(`SELECT count(*) AS n FROM outbox WHERE kind = 'invite' AND outcome <> 'sent'`)

    const lost = Array.from({ length: people }, (_, index) => addressOf(index + 1)).filter((address) => !received.has(address))
    const doubled = [...received].filter(([, senders]) => senders.length > 1)
    const extra = doubled.reduce((sum, [, senders]) => sum + senders.length - 1, 0)
    const strangers = [...received.keys()].filter((address) => !/^wave-\d+@bench\.example$/.test(address)).length
    // The steady stretch, before the kill and after the start's catch-up (the wave's first emails were due
    // while the instances were still starting).
    const tenth = Math.round(people * 0.1)
    const steadyRate = (killAt - tenth) / ((arrivals[killAt - 1]! - arrivals[tenth - 1]!) / 1000)
    const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`
    const lostNames = lost.length === 0 ? '' : ` (${lost.slice(0, 10).join(', ')}${lost.length > 10 ? ', …' : ''})`
    const doubledNames = doubled.map(([address, senders]) => `${address} from ${senders.join(' and ')}`).join('; ')

    console.log(
      [
        '',
        name,
        `  wave started in one transaction: ${count(people)} invited (and their reminders queued) in ${waveMs.toFixed(0)} ms`,
        `  drained in ${drainSeconds.toFixed(1)} s from the instances' start: ${(people / drainSeconds).toFixed(0)} emails/s overall, ` +
          `${steadyRate.toFixed(0)} emails/s steady (10-40 % of the wave, before the kill), configured ${rate}/s`,
        `  kill -9 of a@ at ${count(atKill)} received, ${seconds(started, killedAt)} in; ${recovery}; ` +
          `the last email arrived ${seconds(killedAt, arrivals.at(-1)!)} after the kill`,
        `  lost: ${lost.length} of ${count(people)} people received no invitation${lostNames}`,
        `  doubled: ${extra} extra ${extra === 1 ? 'copy' : 'copies'}` +
          (extra === 0
            ? ''
            : ` (${doubledNames}): at least once, by design: an email whose SMTP transaction ended just before the kill, before its instance ` +
              'marked it sent, is sent again by the next (server/platform/outbox/outbox-sender.ts)'),
        `  sent by: ${shares(received)}; ${count(arrivals.length)} messages in all${strangers > 0 ? `, ${strangers} to addresses nobody was invited at` : ''}`,
        `  invitations with delivered_at set: ${count(delivered)} of ${count(people)}; invite emails finished other than sent: ${notSent}`,
      ].join('\n'),
    )
    if (delivered !== people) console.log(`  FAIL  the funnel counts ${count(delivered)} delivered, not ${count(people)}`)
    return lost.length === 0 && delivered === people
  } finally {
    stopAll()
    await Promise.all(instances.map((instance) => instance.server.exited))
    await database.close()
  }
}

await runSetups(
  `A wave of ${count(people)} invitations through a real SMTP server at ${rate} emails/s, kill -9 of an instance at ${count(killAt)} received`,
  sink,
  setup,
  'an invitation was lost or not recorded as delivered',
)
