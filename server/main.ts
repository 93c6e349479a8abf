// `npm start`'s server: the prerendered site and POST /api/waitlist on one origin, with signups in the database
// DATABASE_URL names (an embedded SQLite file by default), the features composed over it by compose.ts. This
// file keeps the process's own concerns: the settings from the environment (see settings.ts), the listeners,
// the refusals at start, and a clean stop on SIGTERM and SIGINT.
// A start that cannot go on says why in one plain line on stderr, naming the variable to fix, and exits 1: the
// operator reads it in a deploy log, so never a stack trace and never a password. Once the settings are read,
// everything else is a JSON log line on stdout (platform/observability/logger.ts), and the metrics are counted
// (platform/observability/metrics.ts) and served where METRICS_PORT or METRICS_TOKEN say.
import { existsSync } from 'node:fs'
import { brand } from '../shared/brand'
import { compose } from './compose'
import { createFolder } from './platform/folders'
import { createMailer, type Mailer } from './platform/mail/mailer'
import { listen, socketAddress, type RunningServer } from './platform/http/node-server'
import { createLogger } from './platform/observability/logger'
import { watchEventLoop } from './platform/observability/event-loop'
import { createMetrics } from './platform/observability/metrics'
import { metricsApp } from './platform/observability/metrics-server'
import { oneScrubbedLine } from './platform/secrets/redact-url'
import { readSettings, type Settings } from './settings'
import { createStaticSite } from './platform/http/static'
import { StoreOpenError } from './platform/database/contract'
import { describeDatabase } from './platform/database/database-url'
import { openDatabase } from './platform/database/open'
import { featureMigrations } from './feature-migrations'
import { heldSince } from './platform/database/held'
import { keepRowsYoung } from './platform/observability/young-rows'
import { every, type Clock } from './platform/clock/every'
import { systemClock } from './platform/clock/system-clock'

/** One plain line on stderr: the start-up's own words to the operator, before the process serves anything. */
const sayAtStart = (line: string) => process.stderr.write(`${line}\n`)

/** Prints one line (whatever the error held, with any password from SMTP_URL or DATABASE_URL as ***) and exits. */
function stopAtStart(line: string): never {
  sayAtStart(oneScrubbedLine(line, [process.env.SMTP_URL, process.env.DATABASE_URL]))
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
  keepRowsYoung()

  // A SQLite file's folder is created, another process's lock waited on (for a bounded time) and its header and
  // schema read by openDatabase (platform/database/sqlite-file.ts); every page is checked once it serves. The wait is announced plainly, as the refusal
  // that may follow it is.
  const database = await openDatabase(config.databaseUrl, { migrations: featureMigrations, apply: config.migrateAtStart, poolSize: config.databasePoolSize, onLockWait: sayAtStart, log }).catch((error: unknown) =>
    stopAtStart(error instanceof StoreOpenError ? error.message : `Cannot open the database (DATABASE_URL): ${(error as Error).message}`),
  )
  // The guard on the event loop: a turn longer than EVENT_LOOP_STALL_MS is one line naming what ran, and counted.
  // It starts once the database is open, as the server is about to serve: a start refused before then says one
  // line and nothing else, though a loaded machine held its turns (a lock's wait read 119 ms, 2026-12-06).
  const loop = watchEventLoop({ log, stallMs: config.metrics.stallMs, onStall: (stall) => countStall(stall) })
  const countStall = metrics.watchEventLoop(loop)
  if (!mailSettings.smtpUrl) {
    try {
      createFolder(mailSettings.mailDir)
    } catch (error) {
      await database.close()
      stopAtStart(`Cannot write emails to MAIL_DIR: ${(error as Error).message}`)
    }
  }
  const mailer = createMailer({ ...mailSettings, connections: config.mailPace.concurrency }, (line) => log.info(line))
  // While the database is held (below) not even a sign-in link leaves: the team signs in with npm run admin:link.
  let holding = false
  const heldMailer: Mailer = {
    destination: mailer.destination,
    close: () => mailer.close(),
    send: (mail, sendOptions) =>
      holding ? Promise.reject(new Error('this database is held: nothing is sent until npm run waitlist:go-live (sign in with npm run admin:link)')) : mailer.send(mail, sendOptions),
  }
  const hasSite = existsSync(config.staticDir)
  // The features over the database (compose.ts); this process runs their background work too.
  const composition = compose({
    database,
    config,
    admin: adminConfig,
    mailer: heldMailer,
    log,
    metrics,
    clientAddress: socketAddress,
    site: hasSite ? createStaticSite(config.staticDir) : undefined,
  })
  // What a wing cannot serve with (the sensitive answers' key that does not open them) stops the start here, before
  // any clock or listener, in one line naming the setting.
  const problems = await composition.problemsAtStart().catch(async (error: unknown) => {
    await database.close()
    return stopAtStart(`Cannot read the database (DATABASE_URL): ${(error as Error).message}`)
  })
  if (problems.length > 0) {
    await composition.stop()
    await database.close()
    stopAtStart(problems.join('; '))
  }
  // A database restored from a backup is held (platform/database/held.ts): nothing leaves, and no clock runs, until an
  // owner runs `npm run waitlist:go-live`; this process looks for that every few seconds and then starts as usual.
  const goLive = async () => {
    await composition.startSender()
    composition.startTicker()
  }
  const held = await heldSince(database.db).catch(async (error: unknown) => {
    await database.close()
    return stopAtStart(`Cannot read the database (DATABASE_URL): ${(error as Error).message}`)
  })
  let waitingForGoLive: Clock | undefined
  holding = held !== undefined
  if (held === undefined) await goLive()
  else {
    log.warn(
      `Held: this database is a backup taken ${held}, restored. It sends no email and no webhook until an owner runs npm run waitlist:go-live (docs/operations.md, "Restore"); /healthz says held.`,
    )
    waitingForGoLive = every({
      name: 'go-live-check',
      everyMs: heldCheckMs,
      run: () => heldSince(database.db),
      done: (still) => {
        if (still !== undefined || !waitingForGoLive) return
        void waitingForGoLive.stop()
        waitingForGoLive = undefined
        holding = false
        log.info('Live: npm run waitlist:go-live released this database; emails and webhooks go from now on.')
        void goLive()
      },
      failure: 'held: cannot read whether this database is live yet; will try again',
      now: systemClock,
      log,
    })
  }
  if (!hasSite) log.warn(`No site to serve at ${config.staticDir}/ (run the build first); serving the waitlist API only.`)
  await composition.beforeServing()
  const { app } = composition
  // The work after the replies (repeats signed up again) ends before the database closes.
  const stopWork = async () => {
    await waitingForGoLive?.stop()
    await composition.stop()
    mailer.close()
    await database.close()
  }

  const giveUp = async (line: string) => {
    await stopWork()
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
  // Serving now: the first retention sweep may take a while (platform/retention/), and so may the check of every
  // page of a SQLite file (database.ts checkStoredData), whose damage fails /healthz from then on.
  composition.startRetention()
  const checking = performance.now()
  void database.checkStoredData().then(({ checked, damage }) => {
    if (damage) log.error(damage)
    else if (checked) log.info(`The database's quick check passed in ${((performance.now() - checking) / 1000).toFixed(1)} s`)
  })
  // The site's address last: it says the start is complete (tools/processes.ts waits for it).
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
    await stopWork()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

/** How often a held server looks whether an owner has released its database. */
const heldCheckMs = 5000

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
