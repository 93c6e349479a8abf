// `npm run admin:link -- you@company.example`: prints a sign-in link for an address on ADMIN_EMAILS, for the
// first setup or a deploy without SMTP. Uses the server's DATABASE_URL and PUBLIC_SITE_URL (or HOST and PORT).
// Whoever can run this already holds the server's shell and database, so saying "not listed" reveals nothing.
import { existsSync } from 'node:fs'
import { readAdminConfig } from '../server/features/console/admin-config'
import { issueSignInLink, signInLinkLifetimeMs } from '../server/features/console/sign-in-links'
import { readConfig } from '../server/config'
import { canonicalAddress } from '../shared/mailbox'
import { StoreOpenError } from '../server/platform/database/contract'
import { adminStore } from '../server/features/console/admin-store'
import { line } from '../server/features/referral/line'
import { openDatabase } from '../server/platform/database/open'
import { featureMigrations } from '../server/feature-migrations'
import { sqliteFilePath } from '../server/platform/database/database-url'
import { inWords } from '../shared/rules'
import { systemClock } from '../server/platform/clock/system-clock'

const email = process.argv[2]?.trim() ?? ''
try {
  const config = readConfig(process.env)
  const admin = readAdminConfig(process.env, config)
  if (!email) throw new Error('Usage: npm run admin:link -- you@company.example')
  if (!admin.adminEmails.has(email)) throw new Error(`${email} is not on ADMIN_EMAILS; add it there (comma-separated) first.`)
  if (config.databaseUrl.startsWith('file:') && !existsSync(sqliteFilePath(config.databaseUrl)))
    throw new Error(`No waitlist database at ${config.databaseUrl}. Start the server once, or set DATABASE_URL to its database.`)
  const database = await openDatabase(config.databaseUrl, { migrations: featureMigrations, poolSize: 1, onLockWait: (line) => console.error(line) })
  try {
    const link = await issueSignInLink(adminStore(database, line(database), systemClock), canonicalAddress(email)!, admin.publicUrl, systemClock())
    process.stdout.write(`${link}\n`)
    process.stderr.write(`Valid once, for ${inWords(signInLinkLifetimeMs)}.\n`)
  } finally {
    await database.close()
  }
} catch (error) {
  console.error(error instanceof StoreOpenError || error instanceof Error ? error.message : String(error))
  process.exit(1)
}
