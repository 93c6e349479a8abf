// What a wing declares, once, in its `features/<wing>/wing.ts`: everything the platform must run for it. The
// composition (server/compose.ts) loops over the list (server/wings.ts) and names no feature; so adding a wing
// is its folder plus one line in that list (docs/architecture.md, "Adding a wing").
//
// Wings meet here without importing each other. What one offers another (the line, the consent store) is a port:
// the offering wing adds its name and type to `Ports` from its own folder, by module augmentation as its tables.ts
// adds to `Tables`, and the composition fills the one `ports` object as the wings are built, in the list's order.
// Events work the same way (`WingEvents`): the publisher names its events, and each subscriber declares what it
// follows, subscribed in the list's order, which is the order the subscribers take their locks in.
import type { Hono, MiddlewareHandler } from 'hono'
import type { Clock } from '../clock/every'
import type { Database, Db } from '../database/database'
import type { Migrations } from '../database/migrate'
import type { Subscriber, TransactionEvents } from '../events/transaction-events'
import type { OriginCheck } from '../http/api-guard'
import type { RateLimiter, RateLimitOptions } from '../http/rate-limit'
import type { RequestFacts } from '../http/request-facts'
import type { EmailLinks } from '../mail/list-email'
import type { MailboxBudget } from '../mail/mailbox-budget'
import type { Mailer } from '../mail/mailer'
import type { Logger } from '../observability/logger'
import type { Metrics } from '../observability/metrics'
import type { WatchedQueue } from '../observability/watched-queue'
import type { OutboxKind } from '../outbox/outbox-kinds'
import type { OutboxStore } from '../outbox/outbox-store'
import type { AdminEnv } from '../console/guard'
import type { PersonRecord, PersonRecordPart } from '../../../shared/person-record'
import type { LiveSettings } from '../settings/live-settings'
import type { SuppressionStore } from '../suppression/suppression-store'

/** The settings every wing reads (server/settings.ts adds them: the server's, and the console's). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface WingSettings {}
/** What the wings offer each other, by name (each wing adds its own from its wing.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface Ports {}
/** Each publishing wing's events, by the name of its bus. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface WingEvents {}
/** A rate limit a wing declares in WingLimits: so many requests in a window. */
export type Limit = { max: number; windowMs: number }
/** A test's limits other than a wing's defaults, so that it reaches them at once, or never. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface WingLimits {}
/** A test's other changes to a wing (the webhooks' delivery). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface WingOverrides {}
/** What a wing's console routes are made with (the console's wing adds its audit log). */
export interface ConsoleTools {
  now: () => Date
}

export type EventBuses = { of<Name extends keyof WingEvents>(name: Name): TransactionEvents<WingEvents[Name]> }

/** What a wing is built with: the platform's parts, the settings, and what the wings before it offer. */
export type WingContext = WingSettings & {
  database: Database
  now: () => Date
  log: Logger
  metrics?: Metrics
  /** Every email leaves through it: the outbox's, and the console's sign-in links. */
  mailer: Mailer
  budget: MailboxBudget
  /** The outbox every wing's emails wait in (platform/outbox/). */
  outbox: OutboxStore
  /** The suppression list every email passes (platform/suppression/): the bounces' wing records into it. */
  suppressions: SuppressionStore
  /** The settings the console may change with no restart, the environment's winning (platform/settings/). */
  settings: LiveSettings
  ports: Ports
  events: EventBuses
  limits: Partial<WingLimits>
  overrides: Partial<WingOverrides>
  /** Something was queued: the outbox sender, and every clock that delivers at once, look now. */
  poke: () => void
  /** Everything held about one person, from every wing's `personRecord` (platform/console/person-route.ts): for a
   * wing that hands a person their own copy (issue 51). Read only once built: the record is collected after. */
  personRecord: (personId: number) => Promise<PersonRecord | undefined>
}

/** What a wing's routes are made with, once per app. */
export type WingHttp = {
  clientKey: RequestFacts['clientKey']
  originCheck: OriginCheck
  facts: RequestFacts
  rateLimiter: (options: RateLimitOptions) => RateLimiter
  /** The site's origin (PUBLIC_SITE_URL) when it is not this server's: where form posts are sent back to. */
  publicSiteUrl?: string
  /** Every wing's console routes, for the console's wing to mount behind its guard. */
  consoleRoutes: ConsoleRoute[]
}

/** Routes: the ones under /api in front of the API's 404, the pages after it, each in the list's order. */
export type WingRoutes = {
  /** In front of every route at `at`: the analytics' join of a signup to its visit. */
  before?: { at: string; handler: MiddlewareHandler }[]
  api?: { at: string; app: Hono }[]
  pages?: { at: string; app: Hono }[]
}

/** A wing's console routes, made with the console's tools, behind the console's guard (platform/console/). */
export type ConsoleRoute = (console: ConsoleTools) => Hono<AdminEnv>

/** A wing's clock (platform/clock/every.ts), with its period. */
export type WingClock = {
  name: string
  everyMs: number
  /** Whether a poke (something was queued) runs it at once, as the webhooks' deliverer. */
  poked?: boolean
  start(clock: { everyMs: number }): Clock
}

/** What a wing holds about one person (shared/person-record.ts): its own parts of their record, read through `db`,
 * or nothing when it holds no such person. The platform collects every wing's (platform/console/person-route.ts),
 * for the console's page per person and, later, the person's own export (issue 51), so both cover the same data. */
export type PersonRecordReader = (db: Db, personId: number) => Promise<PersonRecordPart>

/** What a built wing runs: its routes, its console routes, what it follows, its clocks, and how it stops. */
export type WingParts = {
  offers?: Partial<Ports>
  follows?: { [Name in keyof WingEvents]?: Subscriber<WingEvents[Name]> }
  routes?: (http: WingHttp) => WingRoutes
  consoleRoutes?: ConsoleRoute[]
  /** Its parts of a person's record (PersonRecordReader). */
  personRecord?: PersonRecordReader
  clocks?: WingClock[]
  /** What the host checks before it serves: a problem it must not start with (a key that does not open what was
   * sealed), as the one line the start stops with, naming the setting to fix and no secret; undefined when all is
   * well. */
  checkAtStart?: () => Promise<string | undefined>
  /** What the host does once the checks pass and before it serves, that the first request would otherwise wait on
   * with every other one behind it (the console's drawing of the Overview, imported). */
  beforeServing?: () => Promise<void>
  /** Its transport of the outbox (the webhooks' posts), watched as the outbox is: in the metrics and /healthz. */
  queue?: WatchedQueue
  /** After the clocks and the sender, before the work after the replies ends. */
  stop?: () => void
  /** After the work after the replies. */
  settled?: () => Promise<void>
}

export type EmailKindSettings = { links: EmailLinks } & Partial<WingSettings>

export type Wing = {
  migrations?: Migrations
  /** Its outbox kinds (platform/outbox/outbox-kinds.ts); without settings, each says its defaults. */
  emailKinds?: (database: Database, settings: EmailKindSettings) => OutboxKind[]
  build(context: WingContext): WingParts
}
