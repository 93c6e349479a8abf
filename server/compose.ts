// The one composition of the server: the features built over one open database and the settings, and the app
// that serves them. `npm start` (main.ts), every test (test/utils/open-store.ts and the harnesses over it) and
// the README's serverless example (aws-lambda.ts) build the server here, so none of them can wire it
// differently. The host brings what is its own: the mailer, the logger, the metrics, the clock, how to learn
// the client's address, the static site. Nothing here listens, reads the environment or exits (main.ts does).
//
// The background work (the outbox sender, the launch's clock, the retention sweep) starts only when the host
// asks: a serverless host has no timers, and a test starts what it tests.
import type { Context } from 'hono'
import { createApp } from './app'
import type { ServerConfig } from './config'
import type { AdminConfig } from './features/console/admin-config'
import { adminStore } from './features/console/admin-store'
import { teamStore } from './features/console/team-store'
import { createSignInMailer } from './features/console/sign-in-mail'
import type { ConsentEvents } from './features/consent/consent-events'
import { consentStore } from './features/consent/consent-store'
import { countedConsent } from './features/consent/counted-consent'
import { heldInvitation } from './features/launch/held-invitation'
import { invitations } from './features/launch/invitations'
import { invitationsFollowConsent } from './features/launch/invitations-follow-consent'
import { startLaunchTicker, type LaunchTicker } from './features/launch/launch-ticker'
import { waveRoutes } from './features/launch/wave-routes'
import { line } from './features/referral/line'
import { lineFollowsConsent } from './features/referral/line-follows-consent'
import { referralReviews } from './features/referral/referral-reviews'
import { reviewRoutes } from './features/referral/review-routes'
import { countedSignups } from './features/signup/counted-signups'
import { signupStore } from './features/signup/signup-store'
import { updateRoutes } from './features/updates/update-routes'
import { updateStore } from './features/updates/update-store'
import { updateSends } from './features/updates/update-sends'
import { startUpdateTicker, type UpdateTicker } from './features/updates/update-ticker'
import { updatesFollowConsent } from './features/updates/updates-follow-consent'
import { analyticsStore } from './features/analytics/analytics-store'
import { analyticsRoutes, defaultAnalyticsRateLimit } from './features/analytics/analytics-routes'
import { analyticsConsoleRoutes } from './features/analytics/analytics-console'
import { analyticsReader } from './features/analytics/analytics-report'
import type { ActivationEvents } from './features/api/activation-events'
import { activations } from './features/api/activations'
import { activationsFollowConsent } from './features/api/activations-follow-consent'
import { apiKeys } from './features/api/api-keys'
import { apiKeysConsoleRoutes } from './features/api/api-keys-console'
import { defaultApiKeyRateLimit } from './features/api/bearer'
import { v1Routes } from './features/api/v1-routes'
import type { LaunchEvents } from './features/launch/launch-events'
import type { ReferralEvents } from './features/referral/referral-events'
import { endpointStore } from './features/webhooks/endpoint-store'
import { webhookDeliverer, type Deliverer, type DeliverySettings } from './features/webhooks/webhook-deliverer'
import { clearOldBodies } from './features/webhooks/webhook-outbox'
import { webhookRoutes } from './features/webhooks/webhook-routes'
import { webhooksFollowActivations, webhooksFollowConsent, webhooksFollowLaunch, webhooksFollowReferrals } from './features/webhooks/webhooks-follow'
import { every, type Clock } from './platform/clock/every'
import { systemClock } from './platform/clock/system-clock'
import type { Database } from './platform/database/database'
import { removeInTurns } from './platform/database/in-turns'
import { transactionEvents } from './platform/events/transaction-events'
import { healthCheck } from './platform/database/health'
import { afterRepliesSettled } from './platform/http/after-reply'
import { mailboxBudgetOver } from './platform/mail/mailbox-budget'
import type { Mailer } from './platform/mail/mailer'
import { createLogger, type Logger } from './platform/observability/logger'
import type { Metrics } from './platform/observability/metrics'
import { startOutboxSender, type OutboxSender, type OutboxSenderOptions } from './platform/outbox/outbox-sender'
import { outboxStore, type OutboxStore } from './platform/outbox/outbox-store'
import { retention, retentionTables } from './platform/retention/retention'
import { startRetentionSchedule, type RetentionSchedule } from './platform/retention/retention-schedule'
import { emailKinds, type EmailKindSettings } from './email-kinds'

type Limit = { max: number; windowMs: number }

export type CompositionOptions = {
  database: Database
  /** The settings (settings.ts): the server's, and the console's. */
  config: ServerConfig
  admin: AdminConfig
  /** Every email leaves through it: the outbox's, and the console's sign-in links. */
  mailer: Mailer
  /** Without it, warnings and worse go to stdout. */
  log?: Logger
  /** With them, the stores' outcomes, the sends, the outbox, the pool and each request are counted. */
  metrics?: Metrics
  /** The clock of the console, the outbox sender, the launch and the health check; the system's by default. */
  now?: () => Date
  /** The address of the connection; without it (and without a trusted proxy) nothing is rate limited. */
  clientAddress?: (c: Context) => string | undefined
  /** Answers every GET that is not the API: the prerendered site. */
  site?: (request: Request) => Promise<Response>
  /** Limits other than the features' own defaults, for tests that must reach them at once, or never. */
  limits?: { consent?: Limit; signIn?: Limit; signInCheckMs?: number; analytics?: Limit; apiKey?: Limit }
  /** A test's changes to the webhooks' delivery: a resolver to pass through the address guard, a short time-out, a
   * compressed retry schedule (the benchmark's). */
  webhookDelivery?: Pick<DeliverySettings, 'resolve' | 'timeoutMs' | 'retryAfterMs'>
}

export type Composition = ReturnType<typeof compose>

/** A test's changes to the sender: a short poll, its own links, a wrapper that counts the outbox's calls. */
export type SenderOverrides = Omit<Partial<OutboxSenderOptions>, 'outbox' | 'kinds'> & { links?: EmailKindSettings['links']; outbox?: (outbox: OutboxStore) => OutboxStore }

export function compose(options: CompositionOptions) {
  const { database, config, admin: adminConfig, mailer, metrics } = options
  // The one clock of this process: every part below that asks the time asks it (docs/architecture.md, "One clock").
  const now = options.now ?? systemClock
  const log = options.log ?? createLogger({ level: 'warn' })
  // Every email to one inbox counts against its budget (platform/mail/mailbox-budget.ts), whichever flow sends it.
  const budget = mailboxBudgetOver(database.rateLimiter)
  let sender: OutboxSender | undefined
  let ticker: LaunchTicker | undefined
  let updateTicker: UpdateTicker | undefined
  let analyticsClock: Clock | undefined
  let retentionSchedule: RetentionSchedule | undefined
  let webhookClock: Clock | undefined
  let webhookDeliveries: Deliverer | undefined
  let webhookBodiesClock: Clock | undefined
  // A signup, an erasure request or a wave may have queued an email, and a webhook: the sender and the webhooks'
  // deliverer look at once, once started.
  const pokeSender = () => {
    sender?.poke()
    webhookClock?.poke()
  }

  // Webhooks: each event of the features below queued, in its own transaction, for the endpoints that want it
  // (features/webhooks/). Subscribed last to each bus: the other followers' locks come first.
  const referralEvents = transactionEvents<ReferralEvents>()
  referralEvents.subscribe(webhooksFollowReferrals)
  const launchEvents = transactionEvents<LaunchEvents>()
  launchEvents.subscribe(webhooksFollowLaunch)
  const webhookEndpoints = endpointStore(database, { allowPrivate: config.webhooks.allowPrivate })

  // Signup: where signups go (features/signup/).
  const signups = metrics ? countedSignups(signupStore(database, now, log), metrics) : signupStore(database, now, log)

  // Referral: the place in line, kept by the confirmations and erasures, and by the team's reviews of held
  // referrals (features/referral/).
  const placeInLine = line(database, { boostPlaces: config.placeBoost }, referralEvents)

  // The outbox every feature's emails wait in (platform/outbox/); each feature registers its kinds (email-kinds.ts).
  const outbox = outboxStore(database)

  // Consent: confirmation, unsubscribing and erasure (features/consent/). What each reaches, in its transaction
  // and in this order (platform/events/): the invitations, then the line, which takes its lock first, then the
  // updates being sent.
  const consentEvents = transactionEvents<ConsentEvents>()
  consentEvents.subscribe(invitationsFollowConsent)
  consentEvents.subscribe(lineFollowsConsent(placeInLine))
  consentEvents.subscribe(updatesFollowConsent)
  consentEvents.subscribe(activationsFollowConsent)
  consentEvents.subscribe(webhooksFollowConsent)
  const consent = metrics ? countedConsent(consentStore(database, consentEvents, heldInvitation), metrics) : consentStore(database, consentEvents, heldInvitation)

  // Launch: invitations in waves, taken from the line by place (features/launch/).
  const invited = invitations(database, placeInLine, config.invitations, launchEvents)

  // Updates: written in the console, sent to those who asked for news and updates, paced (features/updates/).
  const sending = updateSends(database)

  // Analytics: visits counted without cookies, and the signups that follow them (features/analytics/).
  const analytics = analyticsStore(database)
  const analyticsReport = analyticsReader(database)
  // What the analytics' clock does every ANALYTICS_COUNT_SECONDS: roll up finished days and drop old raw views, count
  // today so far, then read the console's ranges as of that count, ahead of the team's look.
  const countVisits = async (at: Date) => {
    const done = await analytics.rollUp(at, config.analytics.rawDays)
    await analytics.countToday(at)
    await analyticsReport.refresh(at)
    return done
  }
  // The site's host, read once: every beacon hashes it.
  const publicHost = URL.canParse(adminConfig.publicUrl) ? new URL(adminConfig.publicUrl).host : undefined
  const siteHost = (c: Context) => publicHost ?? c.req.header('host') ?? ''

  // API: keys made in the console, and /api/v1 for the app's backend, which reports activations (features/api/).
  // Whoever keeps facts about an activation subscribes to `activationEvents` here, and hears it in its transaction:
  // the webhooks' `person.activated`.
  const keys = apiKeys(database)
  const activationEvents = transactionEvents<ActivationEvents>()
  activationEvents.subscribe(webhooksFollowActivations)
  const activated = activations(database, activationEvents)

  // Console: sign-in by emailed link, sessions, the audit and the people table, with each person's place
  // (features/console/).
  const admin = adminStore(database, placeInLine, now)
  const signInMailer = createSignInMailer({ mailer, budget, log, now, checkMs: options.limits?.signInCheckMs })

  // Observability: what the metrics read on each scrape.
  metrics?.watchOutbox((at) => outbox.stats(at), now)
  metrics?.watchPool(() => database.poolUse())

  const app = createApp({
    signups,
    consent,
    line: placeInLine,
    invitations: invited,
    inviteUrl: config.invitations.url,
    rateLimiter: database.rateLimiter,
    healthCheck: healthCheck(database, log),
    allowedOrigins: config.allowedOrigins,
    trustedProxies: config.trustedProxies,
    rateLimit: config.rateLimit,
    consentRateLimit: options.limits?.consent,
    clientAddress: options.clientAddress,
    site: options.site,
    publicSiteUrl: config.publicSiteUrl,
    onOutboxQueued: pokeSender,
    analytics: (api) =>
      analyticsRoutes({
        ...api,
        store: analytics,
        enabled: config.analytics.enabled,
        limiter: database.rateLimiter(options.limits?.analytics ?? defaultAnalyticsRateLimit),
        site: siteHost,
        now,
        log,
      }),
    shareSiteUrl: adminConfig.publicUrl,
    versionedApi: v1Routes({
      keys,
      activations: activated,
      limiter: database.rateLimiter(options.limits?.apiKey ?? defaultApiKeyRateLimit),
      audit: (actor, action, detail) => admin.audit(actor, action, detail),
      now,
      classify: database.classify,
      log,
    }),
    admin: {
      store: admin,
      // The team, with ADMIN_EMAILS's owners (features/console/team-store.ts).
      team: teamStore(database, adminConfig.adminEmails, now),
      publicUrl: adminConfig.publicUrl,
      sendSignInLink: signInMailer,
      eraseSignup: (id, at) => consent.eraseById(id, at),
      outboxStats: (at) => outbox.stats(at),
      // Each feature's console routes, one line each, made with the console's audit log and clock.
      routes: [
        ({ audit, now: at }) => reviewRoutes({ reviews: referralReviews(database, placeInLine), audit, now: at }),
        ({ audit, now: at }) => waveRoutes({ invitations: invited, ready: config.invitations.url !== undefined, audit, now: at }),
        ({ audit, now: at }) =>
          updateRoutes({ updates: updateStore(database, sending), sends: sending, defaultPerSecond: config.invitations.sendsPerSecond, audit, now: at, onQueued: pokeSender }),
        ({ audit, now: at }) => analyticsConsoleRoutes({ reader: analyticsReport, settings: config.analytics, audit, now: at }),
        ({ audit, now: at }) => apiKeysConsoleRoutes({ keys, audit, now: at }),
        ({ audit, now: at }) => webhookRoutes({ endpoints: webhookEndpoints, audit, now: at, onQueued: pokeSender }),
      ],
      signInRateLimit: options.limits?.signIn,
    },
    log,
    metrics,
    metricsToken: config.metrics.token,
    classifyStoreError: database.classify,
    now,
  })

  return {
    app,
    /** The stores the app was built over, for the hosts and tests that read or seed them directly. */
    stores: { signups, consent, invitations: invited, admin, line: placeInLine, outbox, updateSends: sending, analytics, countVisits, apiKeys: keys, activations: activated, webhookEndpoints },
    /** What an activation publishes in its transaction (features/api/activation-events.ts), for the hosts and tests
     * that subscribe. */
    activationEvents,
    /** Pokes the background senders: something was queued outside a route that says so (a test's own publish). */
    poke: pokeSender,
    /** Starts the outbox sender: emails leave from the outbox in the background, so that signups never wait
     * for a mail server. `overrides` are a test's (a short poll, its own links). */
    async startSender(overrides: SenderOverrides = {}): Promise<OutboxSender> {
      const { links, outbox: wrapOutbox, ...senderOverrides } = overrides
      // On SQLite this process is the only sender: leases left by a killed predecessor end now.
      if (database.engine === 'sqlite') await outbox.releaseLeases()
      const kinds = emailKinds(database, {
        links: links ?? { siteUrl: adminConfig.publicUrl, apiUrl: config.publicApiUrl ?? adminConfig.publicUrl },
        placeBoost: config.placeBoost,
        invitationLifetimeMs: config.invitations.lifetimeMs,
      })
      sender = startOutboxSender({
        outbox: wrapOutbox?.(outbox) ?? outbox,
        kinds,
        mailer,
        budget,
        log,
        onAttempt: metrics?.countOutboxSends(kinds.names()),
        now,
        ...senderOverrides,
      })
      return sender
    },
    /** Starts the clocks: the launch's (features/launch/launch-ticker.ts: expiry, and the pace's daily wave) and the
     * updates' (features/updates/update-ticker.ts: scheduled sends, and each send's pace). */
    startTicker(): { stop(): Promise<void> } {
      ticker = startLaunchTicker({ invitations: invited, onWave: pokeSender, log, now })
      updateTicker = startUpdateTicker({ sends: sending, onQueued: pokeSender, log, now })
      // The analytics' count (countVisits above), every ANALYTICS_COUNT_SECONDS.
      analyticsClock = every({
        name: 'analytics',
        everyMs: config.analytics.countEverySeconds * 1000,
        run: countVisits,
        done: ({ rolledUp }) => rolledUp > 0 && log.info({ rolledUp }, `analytics: ${rolledUp} finished day(s) rolled up into daily counts`),
        failure: 'analytics: cannot roll up the finished days now; will try again',
        now,
        log,
      })
      // The webhooks' deliverer: every second, and at once when poked after a commit that queued a delivery.
      const deliverer = (webhookDeliveries = webhookDeliverer(database, { allowPrivate: config.webhooks.allowPrivate, log, now, ...options.webhookDelivery }))
      webhookClock = every({
        name: 'webhooks',
        everyMs: 1000,
        run: () => deliverer.deliverDue(),
        done: () => undefined,
        failure: 'webhooks: cannot deliver now; will try again',
        now,
        log,
      })
      // The delivery log's bodies are kept 7 days, then only the status rows (features/webhooks/webhook-outbox.ts).
      webhookBodiesClock = every({
        name: 'webhook-bodies',
        everyMs: 60 * 60_000,
        // In batches of about 10 ms, the loop handed back between them (platform/database/in-turns.ts).
        run: (at) => removeInTurns(1000, (size) => clearOldBodies(database, at, size)),
        done: (cleared) => cleared > 0 && log.info({ cleared }, `webhooks: ${cleared} delivery bodies past their 7 days cleared`),
        failure: 'webhooks: cannot clear old delivery bodies now; will try again',
        now,
        log,
      })
      return {
        stop: async () => {
          await ticker?.stop()
          await updateTicker?.stop()
          await analyticsClock?.stop()
          await webhookClock?.stop()
          // The deliverer's lanes run on after each run of its clock: their posts in flight end here.
          await deliverer.stop()
          await webhookBodiesClock?.stop()
        },
      }
    },
    /** Starts the retention sweep (platform/retention/): link tokens past their end and emails finished long
     * ago are removed now and every hour. The host starts it once it serves, so the first sweep never delays that. */
    startRetention(): RetentionSchedule {
      const sweeps = retention(database, { onBatch: metrics?.countRetention(retentionTables) })
      retentionSchedule = startRetentionSchedule({ retention: sweeps, log, now })
      return retentionSchedule
    },
    /** Stops the background work, then waits for the work after the replies (repeats signed up again): the
     * host closes the mailer and the database after it. */
    async stop(): Promise<void> {
      await retentionSchedule?.stop()
      await ticker?.stop()
      await updateTicker?.stop()
      await analyticsClock?.stop()
      await webhookClock?.stop()
      await webhookDeliveries?.stop()
      await webhookBodiesClock?.stop()
      await sender?.stop()
      signInMailer.stop()
      await afterRepliesSettled()
      await signups.settled()
    },
  }
}
