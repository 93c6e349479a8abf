// `npm run waitlist:export > signups.csv`: every signup, oldest first, as CSV on stdout. Reads DATABASE_URL
// (the same default as the server) and refuses to invent an empty database where none exists.
import { existsSync } from 'node:fs'
import { csvRow } from '../server/platform/http/csv'
import { signupCsvColumns, signupCsvRow } from '../server/features/signup/signup-export'
import { defaultDatabaseUrl } from '../server/config'
import { StoreOpenError } from '../server/platform/database/contract'
import { openDatabase } from '../server/platform/database/open'
import { featureMigrations } from '../server/feature-migrations'
import { signupStore } from '../server/features/signup/signup-store'
import { systemClock } from '../server/platform/clock/system-clock'
import { sqliteFilePath } from '../server/platform/database/database-url'

const databaseUrl = process.env.DATABASE_URL?.trim() || defaultDatabaseUrl
if (databaseUrl.startsWith('file:') && !existsSync(sqliteFilePath(databaseUrl))) {
  console.error(`No waitlist database at ${databaseUrl}. Set DATABASE_URL to the server's database.`)
  process.exit(1)
}

const database = await openDatabase(databaseUrl, { migrations: featureMigrations, poolSize: 1, onLockWait: (line) => console.error(line) }).catch((error: unknown) => {
  console.error(error instanceof StoreOpenError ? error.message : `Cannot open the database: ${(error as Error).message}`)
  process.exit(1)
})
const write = (line: string) => {
  // Respect back-pressure so a large list piped into a slow consumer does not pile up in memory.
  if (!process.stdout.write(line)) return new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()))
}
try {
  await write(csvRow(signupCsvColumns))
  for await (const signup of signupStore(database, systemClock).all()) await write(signupCsvRow(signup))
} finally {
  await database.close()
}
