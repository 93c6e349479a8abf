// `node dist-api/migrate.js` (`npm run migrate`): runs this release's migrations on DATABASE_URL and exits, for a
// release step, an init container or `docker compose run migrate`, so that instances started with
// MIGRATE_AT_START=false only open a database already migrated (docs/operations.md, "Migrations"). It reads the
// same settings as the start, so a mistake in them stops it as it would stop the start: one line, exit 1. A
// database newer than this release is refused in one line too, and left as it is.
import { oneScrubbedLine } from './platform/secrets/redact-url'
import { StoreOpenError } from './platform/database/contract'
import { describeDatabase } from './platform/database/database-url'
import { openDatabase } from './platform/database/open'
import { featureMigrations } from './feature-migrations'
import { readSettings } from './settings'

function stop(line: string): never {
  process.stderr.write(`${oneScrubbedLine(line, [process.env.DATABASE_URL, process.env.SMTP_URL])}\n`)
  process.exit(1)
}

async function run() {
  let databaseUrl: string
  try {
    databaseUrl = readSettings(process.env).config.databaseUrl
  } catch (error) {
    stop((error as Error).message)
  }
  const started = performance.now()
  const database = await openDatabase(databaseUrl, { migrations: featureMigrations, poolSize: 1, onLockWait: (line) => process.stderr.write(`${line}\n`) }).catch(
    (error: unknown) => stop(error instanceof StoreOpenError ? error.message : `Cannot migrate the database (DATABASE_URL): ${(error as Error).message}`),
  )
  await database.close()
  process.stdout.write(`Migrated: ${describeDatabase(databaseUrl)} has every migration of this release (${((performance.now() - started) / 1000).toFixed(1)} s).\n`)
}

await run().catch((error: unknown) => stop(`Cannot migrate: ${error instanceof Error ? error.message : String(error)}`))
