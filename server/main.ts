// `npm start`'s server: the prerendered site and POST /api/waitlist on one origin, with signups in the database
// DATABASE_URL names (an embedded SQLite file by default); the stores are composed here, over that database.
// Configured by environment (see settings.ts); stops cleanly on SIGTERM and SIGINT.
// A start that cannot go on says why in one plain line on stderr, naming the variable to fix, and exits 1: the
// operator reads it in a deploy log, so never a stack trace and never a password. Once the settings are read,
// everything else is a JSON log line on stdout (platform/observability/logger.ts), and the metrics are counted
// (platform/observability/metrics.ts) and served where METRICS_PORT or METRICS_TOKEN say.
import { existsSync } from 'node:fs'
import { brand } from '../shared/brand'
import { createSignInMailer } from './features/console/sign-in-mail'
import { createApp } from './app'
import { emailKinds } from './email-kinds'
import { startOutboxSender } from './platform/outbox/outbox-sender'
import { outboxStore } from './platform/outbox/outbox-store'
import { createFolder } from './platform/folders'
import { afterRepliesSettled } from './platform/http/after-reply'
import { mailboxBudgetOver } from './platform/mail/mailbox-budget'
import { createMailer } from './platform/mail/mailer'
import { listen, socketAddress, type RunningServer } from './platform/http/node-server'
import { countedConsent, countedSignups } from './platform/observability/counted-stores'
import { createLogger } from './platform/observability/logger'
import { createMetrics } from './platform/observability/metrics'
import { metricsApp } from './platform/observability/metrics-server'
import { scrubSecrets } from './platform/secrets/redact-url'
import { readSettings, type Settings } from './settings'
import { createStaticSite } from './platform/http/static'
import { StoreOpenError } from './platform/database/contract'
import { describeDatabase } from './platform/database/database-url'
import { adminStore } from './features/console/admin-store'
import { consentStore } from './features/consent/consent-store'
import { invitations } from './features/launch/invitations'
import { startLaunchTicker } from './features/launch/launch-ticker'
import { line } from './features/referral/line'
import { healthCheck } from './platform/database/health'
import { openDatabase } from './platform/database/open'
import { signupStore } from './features/signup/signup-store'

/** One plain line on stderr: the start-up's own words to the operator, before the process serves anything. */
const sayAtStart = (line: string) => process.stderr.write(`${line}\n`)

/** Prints one line (whatever the error held, with any password from SMTP_URL or DATABASE_URL as ***) and exits. */
function stopAtStart(line: string): never {
  sayAtStart(scrubSecrets(line.replace(/\s*[\r\n]+\s*/g, ' '), [process.env.SMTP_URL, process.env.DATABASE_URL]))
  process.exit(1)
}

async function main() {
  let settings: Settings
  try {
    settings = readSettings(process.env)
  } catch (error) {
    stopAtStart((error as Error).message)
  }
  const { config, mail: mailSettings, admin: adminConfig } = settings
  const log = createLogger({ level: config.logLevel })
  const metrics = createMetrics()

  // A SQLite file's folder is created, another process's lock waited on (for a bounded time) and the file's
  // integrity checked by openDatabase (platform/database/sqlite-file.ts). The wait is announced plainly, as the refusal
  // that may follow it is.
  const database = await openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize, onLockWait: sayAtStart, log }).catch((error: unknown) =>
    stopAtStart(error instanceof StoreOpenError ? error.message : `Cannot open the database (DATABASE_URL): ${(error as Error).message}`),
  )
  const signups = countedSignups(signupStore(database, log), metrics)
  // The place in line: kept by the confirmations and erasures, and by the team's reviews of held referrals.
  const placeInLine = line(database, { boostPlaces: config.placeBoost })
  const consent = countedConsent(consentStore(database, placeInLine), metrics)
  // Invitations in waves, taken from the line by place (features/launch/invitations.ts).
  const invited = invitations(database, placeInLine, config.invitations)
  const outbox = outboxStore(database)
  metrics.watchOutbox((now) => outbox.stats(now))
  metrics.watchPool(() => database.poolUse())
  // The work after the replies (repeats signed up again) ends before the database closes.
  const closeStores = async () => {
    await afterRepliesSettled()
    await signups.settled()
    await database.close()
  }
  if (!mailSettings.smtpUrl) {
    try {
      createFolder(mailSettings.mailDir)
    } catch (error) {
      await closeStores()
      stopAtStart(`Cannot write emails to MAIL_DIR: ${(error as Error).message}`)
    }
  }
  // Emails leave from the outbox, in the background: signups never wait for a mail server. Every email to one
  // inbox counts against its budget (platform/mail/mailbox-budget.ts), whichever flow sends it.
  const mailer = createMailer(mailSettings, (line) => log.info(line))
  const budget = mailboxBudgetOver(database.rateLimiter)
  const signInMailer = createSignInMailer({ mailer, budget, log })
  // On SQLite this process is the only sender: leases left by a killed predecessor end now.
  if (database.engine === 'sqlite') await outbox.releaseLeases()
  const links = { siteUrl: adminConfig.publicUrl, apiUrl: config.publicApiUrl ?? adminConfig.publicUrl }
  const kinds = emailKinds(database, { links, placeBoost: config.placeBoost, invitationLifetimeMs: config.invitations.lifetimeMs })
  const sender = startOutboxSender({ outbox, kinds, mailer, budget, log, onAttempt: metrics.countOutboxSends(kinds.names()) })
  const ticker = startLaunchTicker({ invitations: invited, onWave: sender.poke, log })
  const hasSite = existsSync(config.staticDir)
  if (!hasSite) log.warn(`No site to serve at ${config.staticDir}/ (run the build first); serving the waitlist API only.`)
  const app = createApp({
    signups,
    consent,
    invitations: invited,
    inviteUrl: config.invitations.url,
    rateLimiter: database.rateLimiter,
    healthCheck: healthCheck(database, log),
    allowedOrigins: config.allowedOrigins,
    trustedProxies: config.trustedProxies,
    rateLimit: config.rateLimit,
    clientAddress: socketAddress,
    site: hasSite ? createStaticSite(config.staticDir) : undefined,
    publicSiteUrl: config.publicSiteUrl,
    onOutboxQueued: sender.poke,
    shareSiteUrl: adminConfig.publicUrl,
    admin: {
      store: adminStore(database),
      adminEmails: adminConfig.adminEmails,
      publicUrl: adminConfig.publicUrl,
      sendSignInLink: signInMailer,
      eraseSignup: (id, now) => consent.eraseById(id, now),
      outboxStats: (now) => outbox.stats(now),
      reviewReferral: (id, verdict, by) => placeInLine.review(id, verdict, by),
      waves: { invitations: invited, ready: config.invitations.url !== undefined },
    },
    log,
    metrics,
    metricsToken: config.metrics.token,
    classifyStoreError: database.classify,
  })

  const giveUp = async (line: string) => {
    await ticker.stop()
    await sender.stop()
    signInMailer.stop()
    mailer.close()
    await closeStores()
    stopAtStart(line)
  }
  const { port: metricsPort, host: metricsHost, token: metricsToken } = config.metrics
  const metricsServer: RunningServer | undefined =
    metricsPort === undefined
      ? undefined
      : await listen(metricsApp(metrics.registry, metricsToken), { port: metricsPort, host: metricsHost }).catch((error: NodeJS.ErrnoException) =>
          giveUp(listenProblem(error, metricsHost, metricsPort, 'METRICS_')),
        )
  const server = await listen(app, { port: config.port, host: config.host }).catch(async (error: NodeJS.ErrnoException) => {
    await metricsServer?.close()
    return giveUp(listenProblem(error, config.host, config.port))
  })
  // The site's address last: it says the start is complete (test/server/processes.ts waits for it).
  if (metricsServer) log.info(`Metrics on http://${shownHost(metricsHost)}:${metricsServer.port}/metrics${metricsToken ? ' (with the bearer token)' : ''}`)
  if (metricsToken) log.info(`Metrics also at /metrics on the site's port, for the bearer of METRICS_TOKEN only`)
  log.info(`Emails go to ${mailer.destination}`)
  log.info(`${brand.companyName} site and waitlist on http://${shownHost(config.host)}:${server.port} (signups in ${describeDatabase(config.databaseUrl)})`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info(`${signal}: finishing open requests, then stopping.`)
    await server.close()
    await metricsServer?.close()
    await ticker.stop()
    await sender.stop()
    signInMailer.stop()
    mailer.close()
    await closeStores()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

const shownHost = (host: string) => (host === '0.0.0.0' || host === '::' ? 'localhost' : host)

/** Why a listener could not start, naming the variables to change (PORT and HOST, or METRICS_PORT and METRICS_HOST). */
function listenProblem(error: NodeJS.ErrnoException, host: string, port: number, prefix = ''): string {
  const [PORT, HOST] = [`${prefix}PORT`, `${prefix}HOST`]
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use. Set ${PORT} to another port.`
    case 'EACCES':
      return `Cannot listen on port ${port}: permission denied. Set ${PORT} to 1024 or above (or give this process the right to bind it).`
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${HOST} ${host}: it is not an address of this machine.`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot listen on ${HOST} ${host}: the name does not resolve to an address.`
    default:
      return `Cannot listen on ${HOST} ${host}, ${PORT} ${port}: ${error.message}`
  }
}

await main().catch((error: unknown) => stopAtStart(`Cannot start: ${error instanceof Error ? error.message : String(error)}`))
