// The serverless example of docs/operations.md ("The endpoint on a serverless or edge host"), as a file of its
// own so that tsc and eslint check it; test/docs/serverless-example.test.ts holds the page's copy to what follows
// this comment, and test/server/aws-lambda.test.ts runs it as Lambda would (npm run build:server bundles it as
// dist-api/aws-lambda.js); test/server/aws-lambda-key.test.ts holds that a cold start whose SENSITIVE_ANSWERS_KEY does
// not open the stored answers refuses.
import { getConnInfo, handle } from 'hono/aws-lambda'
import { compose } from './compose'
import { featureMigrations } from './feature-migrations'
import { systemClock } from './platform/clock/system-clock'
import { heldSince } from './platform/database/held'
import { openDatabase } from './platform/database/open'
import { createMailer } from './platform/mail/mailer'
import { readSettings } from './settings'

const { config, mail, admin } = readSettings(process.env)
// With MIGRATE_AT_START=false, run dist-api/migrate.js as the release's step before the functions take traffic.
const database = await openDatabase(config.databaseUrl, { migrations: featureMigrations, apply: config.migrateAtStart, poolSize: config.databasePoolSize })
const { app, background, problemsAtStart } = compose({
  database,
  config,
  admin,
  mailer: createMailer(mail),
  now: systemClock,
  // API Gateway's own record of the caller (requestContext's sourceIp), not a header the caller could write.
  clientAddress: (c) => getConnInfo(c).remote.address,
})
// What a wing cannot serve with (a SENSITIVE_ANSWERS_KEY that does not open the stored answers) fails the cold start.
const problems = await problemsAtStart()
if (problems.length > 0) throw new Error(problems.join('; '))
export const handler = handle(app)

// No timer runs here. Each piece of the server's background work (the composition's one list) is a scheduled
// function: each call runs it once and returns when it is done. Schedule each at the period named, or as near as
// the scheduler allows (EventBridge: one minute at most often); two calls at once are safe, as two instances are.
// On a database restored from a backup and not yet released (npm run waitlist:go-live), nothing is sent and no clock
// runs, as in npm start; the retention sweep still runs.
const exported = new Set<string>()
const scheduled = (name: string) => {
  const work = background.find((entry) => entry.name === name)
  if (!work) throw new Error(`No background work is named ${name}: the list holds ${background.map((entry) => entry.name).join(', ')}`)
  exported.add(name)
  return async () => {
    if (name !== 'retention' && (await heldSince(database.db)) !== undefined) return
    await work.run()
  }
}
export const outboxSender = scheduled('outbox') // every minute: the emails (confirmations first) leave here
export const retentionSweep = scheduled('retention') // hourly
export const launchClock = scheduled('launch') // every minute: expiry, the pace's daily wave
export const updatesClock = scheduled('updates') // every minute: the updates' pace
export const analyticsClock = scheduled('analytics') // every minute: today's visit counts
export const webhooksClock = scheduled('webhooks') // every minute: the webhooks' deliveries
export const webhookBodiesClock = scheduled('webhook-bodies') // hourly
export const consoleSweep = scheduled('console-sweep') // hourly: the team's ended sessions and sign-in links
export const answersRetention = scheduled('answers-retention') // hourly: sensitive answers past their keep
// A clock the list gains fails the import here until it has its line above: no work is left with no schedule.
const unscheduled = background.filter((entry) => !exported.has(entry.name)).map((entry) => entry.name)
if (unscheduled.length > 0) throw new Error(`No scheduled function runs ${unscheduled.join(', ')}: export one in server/aws-lambda.ts`)
