// The one composition of the server: every wing of the list (wings.ts) built over one open database and the
// settings, and the app that serves them. `npm start` (main.ts), every test (tools/open-store.ts) and the
// README's serverless example (aws-lambda.ts) build the server here, so none can wire it differently. It names no
// feature: each wing declares what it runs (platform/wing/wing.ts). The host brings what is its own (the mailer,
// the logger, the metrics, the clock, the client's address, the site) and starts the background work when it
// wants it: a serverless host has no timers, and a test starts what it tests.
import type { Context } from 'hono'
import { createApp } from './app'
import { emailKinds, type EmailKindSettings } from './email-kinds'
import { systemClock } from './platform/clock/system-clock'
import type { Database } from './platform/database/database'
import { healthCheck } from './platform/database/health'
import { afterRepliesSettled } from './platform/http/after-reply'
import { mailboxBudgetOver } from './platform/mail/mailbox-budget'
import { sendPaceOver } from './platform/mail/send-pace'
import type { Mailer } from './platform/mail/mailer'
import { createLogger, type Logger } from './platform/observability/logger'
import type { Metrics } from './platform/observability/metrics'
import { outboxDefaults, startOutboxSender, type OutboxSender, type OutboxSenderOverrides } from './platform/outbox/outbox-sender'
import { outboxPerson } from './platform/outbox/outbox-person'
import { outboxStore } from './platform/outbox/outbox-store'
import { personRecordOf, personRoute } from './platform/console/person-route'
import { retention, retentionRules, retentionTables } from './platform/retention/retention'
import { startRetentionSchedule, type RetentionSchedule } from './platform/retention/retention-schedule'
import { buildWings, wingClocks } from './platform/wing/build-wings'
import { suppressionGate } from './platform/suppression/outbox-gate'
import { suppressionStore } from './platform/suppression/suppression-store'
import { liveSettings } from './platform/settings/live-settings'
import type { WingLimits, WingOverrides, WingSettings } from './platform/wing/wing'
import { wings } from './wings'

export type CompositionOptions = WingSettings & {
    database: Database
    /** Every email leaves through it: the outbox's, and the console's sign-in links. */
    mailer: Mailer
    /** Without a log, warnings and worse go to stdout; with metrics, the stores' outcomes, the sends, the outbox,
     * the pool and each request are counted. */
    log?: Logger
    metrics?: Metrics
    /** The one clock of every wing, the outbox sender and the health check; the system's by default. */
    now?: () => Date
    /** The address of the connection (without it, and without a trusted proxy, nothing is rate limited), and the
     * prerendered site, which answers every GET that is not the API. */
    clientAddress?: (c: Context) => string | undefined
    site?: (request: Request) => Promise<Response>
    /** Limits other than the wings' own defaults, for tests that must reach them at once, or never; a test's other
     * changes to a wing (the webhooks' delivery). */
    limits?: Partial<WingLimits>
    overrides?: Partial<WingOverrides>
  }

export type Composition = ReturnType<typeof compose>

/** One piece of the background work, run once (Composition's `background`): its name, the period its timer keeps
 * in a long-lived process, and the run. */
export type BackgroundRun = { name: string; everyMs: number; run: () => Promise<void> }

/** A test's changes to the sender: a short poll, its own links, a wrapper that counts the outbox's calls. */
export type SenderOverrides = OutboxSenderOverrides & { links?: EmailKindSettings['links'] }

export function compose(options: CompositionOptions) {
  const { database, config, admin, mailer, metrics } = options
  // The one clock of this process: every part below that asks the time asks it (docs/architecture.md, "One clock").
  const now = options.now ?? systemClock
  const log = options.log ?? createLogger({ level: 'warn' })
  // Every email to one inbox counts against its budget (platform/mail/mailbox-budget.ts), whichever flow sends it.
  const budget = mailboxBudgetOver(database.rateLimiter)
  // The provider's pace (platform/mail/send-pace.ts): the receiving domains' cap and the warm-up's, in the same limiter.
  const pace = sendPaceOver(database.rateLimiter, config.mailPace)
  // The outbox every wing's emails wait in (platform/outbox/); each wing declares its kinds.
  const outbox = outboxStore(database)
  let sender: OutboxSender | undefined
  let retentionSchedule: RetentionSchedule | undefined
  // Something queued an email, or a webhook: the sender and the clocks that deliver at once look now, once started.
  const poke = () => {
    sender?.poke()
    clocks.poke()
  }
  // The settings the console changes with no restart (platform/settings/), one reader for every wing.
  const settings = liveSettings(database, now)
  // The suppression list every email passes (platform/suppression/); it publishes on the wings' bus, made with them
  // (asked only once an address is recorded, long after the wings are built).
  const suppressions = suppressionStore(database, { events: () => events.of('suppression'), softBounces: config.bounces.softBounces })
  // A wing's own copy for a person reads the record collected below from every wing, once it is built.
  const recordOfPerson = (personId: number) => personRecord(personId)
  const context = { database, config, admin, now, log, metrics, mailer, budget, outbox, suppressions, settings, poke, personRecord: recordOfPerson, limits: options.limits ?? {}, overrides: options.overrides ?? {} }
  const { ports, parts, events } = buildWings(wings, context)
  const clocks = wingClocks(parts)
  // Everything held about one person: the outbox's part, and each wing's (shared/person-record.ts).
  const personRecord = personRecordOf(database.reads, [outboxPerson, ...parts.flatMap((wing) => (wing.personRecord ? [wing.personRecord] : []))])

  // Observability: what the metrics read on each scrape, and /healthz asks: the outbox, and each wing's queue beside it.
  const queues = parts.flatMap((wing) => (wing.queue ? [wing.queue] : []))
  metrics?.watchOutbox((at) => outbox.stats(at), now)
  for (const queue of queues) metrics?.watchQueue(queue, now)
  metrics?.watchPool(() => database.poolUse())
  const { allowedOrigins, trustedProxies, publicSiteUrl } = config
  const app = createApp({
    routes: parts.flatMap((wing) => (wing.routes ? [wing.routes] : [])),
    consoleRoutes: [...parts.flatMap((wing) => wing.consoleRoutes ?? []), personRoute(personRecord)],
    ...{ allowedOrigins, trustedProxies, publicSiteUrl, clientAddress: options.clientAddress, site: options.site, log, metrics, now },
    rateLimiter: database.rateLimiter,
    healthCheck: healthCheck(database, log, queues),
    metricsToken: config.metrics.token,
    classifyStoreError: database.classify,
  })
  const background: BackgroundRun[] = [
    {
      name: 'outbox',
      everyMs: outboxDefaults.pollMs,
      run: async () => {
        const once = await composition.startSender()
        await once.idle()
        await once.stop()
      },
    },
    { name: 'retention', everyMs: retentionRules.everyMs, run: async () => void (await retention(database).sweep(now())) },
    ...parts.flatMap((wing) => wing.clocks ?? []).map(({ name, everyMs, start }) => ({ name, everyMs, run: () => start({ everyMs }).stop() })),
  ]
  const composition = {
    app,
    /** What the wings offer (the stores among them), and the outbox, for the hosts and tests that read or seed them. */
    stores: { ...ports, outbox, suppressions },
    /** Everything held about one person, from every wing (platform/console/person-route.ts), or undefined. */
    personRecord,
    /** Every wing's check at start (WingParts `checkAtStart`): the lines a host stops with, none when all is well.
     * `npm start` runs it before it serves (main.ts). */
    async problemsAtStart(): Promise<string[]> {
      const found = await Promise.all(parts.map((wing) => wing.checkAtStart?.()))
      return found.filter((problem): problem is string => problem !== undefined)
    },
    /** Every wing's work before the host serves (WingParts `beforeServing`). */
    async beforeServing(): Promise<void> {
      await Promise.all(parts.map((wing) => wing.beforeServing?.()))
    },
    /** Pokes the background senders: something was queued outside a route that says so (a test's own publish). */
    poke,
    /** Starts the outbox sender: emails leave from the outbox in the background, so that signups never wait
     * for a mail server. `overrides` are a test's (a short poll, its own links). */
    async startSender(overrides: SenderOverrides = {}): Promise<OutboxSender> {
      const { links, outbox: wrapOutbox, ...senderOverrides } = overrides
      // On SQLite this process is the only sender: leases left by a killed predecessor end now.
      if (database.engine === 'sqlite') await outbox.releaseLeases()
      const kinds = emailKinds(database, { links: links ?? { siteUrl: admin.publicUrl, apiUrl: config.publicApiUrl ?? admin.publicUrl }, config, admin })
      const suppression = suppressionGate(database, suppressions)
      return (sender = startOutboxSender({ outbox: wrapOutbox?.(outbox) ?? outbox, kinds, mailer, budget, pace, concurrency: config.mailPace.concurrency, log, onAttempt: metrics?.countOutboxSends(kinds.names()), now, suppression, ...senderOverrides }))
    },
    /** Starts every wing's clock, each at its period (the launch's, the updates' pace, the analytics' count, the
     * webhooks' deliveries), and gives back what stops them, in the list's order. */
    startTicker: clocks.start,
    /** Starts the retention sweep (platform/retention/): link tokens past their end and emails finished long
     * ago are removed now and every hour. The host starts it once it serves, so the first sweep never delays that. */
    startRetention(): RetentionSchedule {
      const sweeps = retention(database, { onBatch: metrics?.countRetention(retentionTables) })
      return (retentionSchedule = startRetentionSchedule({ retention: sweeps, log, now }))
    },
    /** The same background work as a list of single runs, for a host with no timers (aws-lambda.ts): a scheduler calls
     * each at about its period, and each call runs its work once and resolves once it is done. The outbox sends until
     * nothing is due; the retention sweep sweeps; every wing's clock (the launch's, the updates' pace, the analytics'
     * count, the webhooks' deliveries…) is started and stopped at once, which runs it once and waits for that run. */
    background,
    /** Stops the background work, then waits for the work after the replies (repeats signed up again): the
     * host closes the mailer and the database after it. */
    async stop(): Promise<void> {
      await retentionSchedule?.stop()
      await clocks.stop()
      await sender?.stop()
      for (const wing of parts) wing.stop?.()
      await afterRepliesSettled()
      for (const wing of parts) await wing.settled?.()
    },
  }
  return composition
}
