// `npm run admin:link -- you@company.example`: prints a sign-in link for an address on ADMIN_EMAILS, for the
// first setup or a deploy without SMTP. Uses the server's DATABASE_URL and PUBLIC_URL (or HOST and PORT).
// Whoever can run this already holds the server's shell and database, so saying "not listed" reveals nothing.
import { existsSync } from 'node:fs'
import { readAdminConfig } from '../server/admin/admin-config'
import { openAdminStore } from '../server/admin/admin-store'
import { issueSignInLink, signInLinkLifetimeMs } from '../server/admin/sign-in-links'
import { readConfig } from '../server/config'
import { filePathOf } from '../server/store'

const email = process.argv[2]?.trim() ?? ''
try {
  const config = readConfig(process.env)
  const admin = readAdminConfig(process.env, config)
  if (!email) throw new Error('Usage: npm run admin:link -- you@company.example')
  if (!admin.adminEmails.has(email)) throw new Error(`${email} is not on ADMIN_EMAILS; add it there (comma-separated) first.`)
  if (config.databaseUrl.startsWith('file:') && !existsSync(filePathOf(config.databaseUrl)))
    throw new Error(`No waitlist database at ${config.databaseUrl}. Start the server once, or set DATABASE_URL to its database.`)
  const store = await openAdminStore(config.databaseUrl, config.databaseAuthToken)
  try {
    console.log(await issueSignInLink(store, email, admin.publicUrl))
    console.error(`Valid once, for ${signInLinkLifetimeMs / 60_000} minutes.`)
  } finally {
    store.close()
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
