// The serverless example of docs/operations.md ("The endpoint on a serverless or edge host"), as a file of its
// own so that tsc and eslint check it; test/docs/serverless-example.test.ts holds the page's copy to what follows
// this comment.
import { getConnInfo, handle } from 'hono/aws-lambda'
import { compose } from './compose'
import { featureMigrations } from './feature-migrations'
import { systemClock } from './platform/clock/system-clock'
import { openDatabase } from './platform/database/open'
import { createMailer } from './platform/mail/mailer'
import { retention } from './platform/retention/retention'
import { readSettings } from './settings'

const { config, mail, admin } = readSettings(process.env)
const database = await openDatabase(config.databaseUrl, { migrations: featureMigrations, poolSize: config.databasePoolSize })
const { app, stores } = compose({
  database,
  config,
  admin,
  mailer: createMailer(mail),
  now: systemClock,
  // API Gateway's own record of the caller (requestContext's sourceIp), not a header the caller could write.
  clientAddress: (c) => getConnInfo(c).remote.address,
})
export const handler = handle(app)
// The launch's clock (expiry, the pace's daily wave). No timer runs here: a scheduled function calls it
// every minute.
export const launchClock = () => stores.invitations.tick(systemClock())
// The retention sweep (link tokens past their end, emails long finished): a scheduled function calls it hourly.
export const retentionSweep = () => retention(database).sweep(systemClock())
