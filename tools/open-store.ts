// The tests' one composition: the server as server/compose.ts builds it for `npm start`, over a database of
// the test's own, with the test's settings over the defaults and a mailer that keeps its emails in memory
// (memory-mailer.ts) unless the test brings another. The harnesses (test/server/harness.ts,
// admin-harness.ts), the store tests and the in-process senders all build the server through it, so what they
// test is wired as `npm start` wires it.
//
// `Stores` is what the tests read and seed: the signups' own methods at the top (add, all, settled), the
// stores every wing offers beside them (compose.ts `stores`), the database, the composition's outbox sender, and one
// close that stops the background work, waits for the work after the replies, checks the console's kept counts
// against the rows (kept-counts.ts), then closes the database.
import type { Context } from 'hono'
import { compose, type Composition } from '../server/compose'
import { readConfig, type ServerConfig } from '../server/config'
import { parseAdminEmails } from '../server/features/console/admin-emails'
import type { Signups } from '../server/features/signup/signup-store'
import type { Engine } from '../server/platform/database/contract'
import type { Database } from '../server/platform/database/database'
import { openDatabase, type OpenOptions } from '../server/platform/database/open'
import { featureMigrations } from '../server/feature-migrations'
import type { RateLimiter, RateLimitOptions } from '../server/platform/http/rate-limit'
import type { Mailer } from '../server/platform/mail/mailer'
import type { Logger } from '../server/platform/observability/logger'
import type { Metrics } from '../server/platform/observability/metrics'
import { keptCountsAgainstRows } from './kept-counts'
import { memoryMailer } from './memory-mailer'

/** Beside the signups' own methods, everything the wings offer (compose.ts `stores`: the consent, the line, the
 * invitations, the console's store, the analytics' countVisits, which the tests run with no clock, what an
 * activation publishes, ...), so a new wing's store is here with no edit. */
export type Stores = Signups &
  Omit<Composition['stores'], 'signups'> & {
  engine: Engine
  database: Database
  rateLimiter: (options: RateLimitOptions) => RateLimiter
  /** Starts the composition's outbox sender (compose.ts), with a test's overrides: a short poll, its own links. */
  startSender: Composition['startSender']
  close(): Promise<void>
}

export type TestCompositionOptions = {
  /** Settings over the defaults of an empty environment (config.ts). */
  config?: Partial<Omit<ServerConfig, 'invitations'>>
  /** Invitations as INVITE_URL, INVITE_LIFETIME_DAYS and INVITE_SEND_RATE would set them. */
  invitations?: Partial<ServerConfig['invitations']>
  /** ADMIN_EMAILS, as the variable is written. */
  adminEmails?: string
  /** The site's public address: the base of sign-in links, the emails' links and share links. */
  publicUrl?: string
  /** Whether SMTP_URL and MAIL_FROM are set, as the setup checklist reads them (admin-config.ts). */
  mailSet?: { smtpUrl: boolean; mailFrom: boolean }
  /** Without one, the emails are kept in memory; the composition closes it at the end. */
  mailer?: Mailer
  log?: Logger
  /** Counts what the composition counts for `npm start` (the outbox's sends among them). */
  metrics?: Metrics
  now?: () => Date
  clientAddress?: (c: Context) => string | undefined
  site?: (request: Request) => Promise<Response>
  limits?: Parameters<typeof compose>[0]['limits']
  /** A test's changes to the webhooks' delivery (features/webhooks/wing.ts). */
  webhookDelivery?: NonNullable<Parameters<typeof compose>[0]['overrides']>['webhookDelivery']
  /** A test's SNS (features/bounces/wing.ts): the signing certificate and the subscription's confirmation. */
  sns?: NonNullable<Parameters<typeof compose>[0]['overrides']>['sns']
  /** MAIL_FROM and DKIM_SELECTOR as the check of the sender's domain reads them, and the DNS it asks (a test's own). */
  mailDomain?: { mailFrom: string | undefined; dkimSelector: string | undefined }
  resolveTxt?: NonNullable<Parameters<typeof compose>[0]['overrides']>['resolveTxt']
  /** A test's drawing of the console's Overview on the server (features/console/first-view-page.ts). */
  drawOverview?: NonNullable<Parameters<typeof compose>[0]['overrides']>['drawOverview']
  /** How long after a batch of signups' replies its repeats are looked at again (features/signup/wing.ts): none
   * by default, since a test times no reply and would only wait; a test of that moment gives the real one. */
  signupLaterDelay?: () => number
}

export function composeForTests(database: Database, options: TestCompositionOptions = {}): { composition: Composition; stores: Stores } {
  const defaults = readConfig({})
  const config: ServerConfig = { ...defaults, ...given(options.config), invitations: { ...defaults.invitations, ...given(options.invitations) } }
  const mailer = options.mailer ?? memoryMailer()
  const composition = compose({
    database,
    config,
    admin: { adminEmails: parseAdminEmails(options.adminEmails), publicUrl: options.publicUrl ?? config.publicSiteUrl ?? 'http://127.0.0.1:3000', mailSet: options.mailSet, mailDomain: options.mailDomain },
    mailer,
    log: options.log,
    metrics: options.metrics,
    now: options.now,
    clientAddress: options.clientAddress,
    site: options.site,
    limits: options.limits,
    overrides: { webhookDelivery: options.webhookDelivery, sns: options.sns, resolveTxt: options.resolveTxt, drawOverview: options.drawOverview, signupLaterDelay: options.signupLaterDelay ?? (() => 0) },
  })
  const { signups, ...offered } = composition.stores
  const stores: Stores = {
    ...signups,
    ...offered,
    engine: database.engine,
    database,
    rateLimiter: database.rateLimiter,
    startSender: composition.startSender,
    close: async () => {
      await composition.stop()
      mailer.close()
      // The kept counts must still be the rows' (kept-counts.ts); a database the test took away is not read.
      const wrong = await keptCountsAgainstRows(database).catch(() => [])
      await database.close()
      if (wrong.length > 0) throw new Error(`The console's kept counts are not the rows': ${wrong.join('; ')}`)
    },
  }
  return { composition, stores }
}

/** The settings a test gave, without those it left undefined (which keep their defaults). */
const given = <T extends object>(settings: T | undefined): Partial<T> =>
  Object.fromEntries(Object.entries(settings ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>

/** Opens (and so migrates) the database and composes the server over it. */
export const openStore = async (databaseUrl: string, options: Partial<OpenOptions> & TestCompositionOptions = {}): Promise<Stores> =>
  composeForTests(await openDatabase(databaseUrl, { migrations: featureMigrations, ...options }), options).stores
