// `npm run waitlist:go-live -- --erasures-from <URL>` (or `-- --no-other-copy`): the owner's word that a database
// restored from a backup is the live one (issue 45, case 4; server/platform/database/held.ts). Until then a server on
// it sends no email and no webhook. First it re-applies the erasures made since the backup, read from the copy that
// holds them: the old database, or a newer backup (a SQLite file, or a PostgreSQL database it was loaded into), named
// by its DATABASE_URL, read only. Each person erased there and present here is erased here as the console erases
// (so their emails, invitations, place and webhooks go, and every webhook receiver is told), and every erased hash is
// kept, so nobody erased since comes back by signing up again. Then it clears the mark; a held server sees that
// within 5 s and starts sending. Reads DATABASE_URL and the settings as the server does. One line on success; one
// line starting `Not live:` and exit code 1 on anything wrong, with passwords as ***.
import Database from 'libsql'
import pg from 'pg'
import { compose } from '../server/compose'
import { featureMigrations } from '../server/feature-migrations'
import { erasedEmailHash } from '../server/features/consent/public'
import { systemClock } from '../server/platform/clock/system-clock'
import { describeDatabase, isSqliteUrl, sqliteFilePath } from '../server/platform/database/database-url'
import { heldSince, release } from '../server/platform/database/held'
import { openDatabase } from '../server/platform/database/open'
import type { Mailer } from '../server/platform/mail/mailer'
import { createLogger } from '../server/platform/observability/logger'
import { oneScrubbedLine } from '../server/platform/secrets/redact-url'
import { readSettings } from '../server/settings'

type Erasures = { from: string; salt: string | undefined; hashes: { email_hash: string; erased_at: string }[] }

const args = process.argv.slice(2)
const sources = args.flatMap((arg, index) => (args[index - 1] === '--erasures-from' ? [arg] : []))
const noOtherCopy = args.includes('--no-other-copy')

function refuse(reason: string): never {
  process.stderr.write(`Not live: ${oneScrubbedLine(reason, [process.env.DATABASE_URL, process.env.SMTP_URL, ...sources])}\n`)
  process.exit(1)
}

const saltQuery = "SELECT value FROM consent_settings WHERE key = 'erasure_salt'"
const hashesQuery = 'SELECT email_hash, erased_at FROM erased_emails'

/** The erasures another copy of the list holds, read without writing to it (it may be the broken old database). */
async function erasuresIn(url: string): Promise<Erasures> {
  const from = describeDatabase(url)
  if (isSqliteUrl(url)) {
    const source = new Database(sqliteFilePath(url), { readonly: true, fileMustExist: true } as Database.Options)
    try {
      const salt = source.prepare(saltQuery).get() as { value: string } | undefined
      const hashes = (source.prepare(hashesQuery).all() as { email_hash: string; erased_at: string }[]).map((row) => ({ ...row, erased_at: new Date(row.erased_at).toISOString() }))
      return { from, salt: salt?.value, hashes }
    } finally {
      source.close()
    }
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    const salt = (await client.query<{ value: string }>(saltQuery)).rows[0]
    const hashes = (await client.query<{ email_hash: string; erased_at: Date | string }>(hashesQuery)).rows.map((row) => ({ ...row, erased_at: new Date(row.erased_at).toISOString() }))
    return { from, salt: salt?.value, hashes }
  } finally {
    await client.end()
  }
}

const unknown = args.filter((arg, index) => arg !== '--no-other-copy' && arg !== '--erasures-from' && args[index - 1] !== '--erasures-from')
if (unknown.length > 0 || args.at(-1) === '--erasures-from') refuse(`unknown arguments ${JSON.stringify(unknown)}: give --erasures-from <DATABASE_URL> (repeatable) or --no-other-copy`)
if (sources.length === 0 && !noOtherCopy)
  refuse(
    'name the copy that holds the erasures made since the backup: --erasures-from <DATABASE_URL of the old database, or of a newer backup> (repeat it for several), or --no-other-copy if none is left (docs/operations.md, "Restore")',
  )
let settings: ReturnType<typeof readSettings>
try {
  settings = readSettings(process.env)
} catch (error) {
  refuse((error as Error).message)
}
const { config, admin } = settings
const elsewhere: Erasures[] = []
for (const source of sources) {
  if (source === config.databaseUrl) refuse(`--erasures-from names DATABASE_URL itself; name the old database or a newer backup`)
  elsewhere.push(await erasuresIn(source).catch((error: unknown) => refuse(`cannot read the erasures of ${describeDatabase(source)}: ${(error as Error).message}`)))
}
const database = await openDatabase(config.databaseUrl, { migrations: featureMigrations, poolSize: 2 }).catch((error: unknown) => refuse(`cannot open the database (DATABASE_URL): ${(error as Error).message}`))
try {
  const wasHeld = await heldSince(database.db)
  for (const { from, salt } of elsewhere)
    if (salt !== database.erasureSalt) refuse(`${from} is not a copy of this list (its erasures are keyed by another salt), so its erasures cannot be matched here`)
  // Nothing is sent from here: erasing only queues the webhooks' person.erased, which the live server delivers.
  const mailer: Mailer = { send: () => Promise.reject(new Error('waitlist:go-live sends nothing')), close: () => {}, destination: 'nowhere' }
  const composition = compose({ database, config, admin, mailer, log: createLogger({ level: 'warn' }), now: systemClock })
  const erased = new Map(elsewhere.flatMap(({ hashes }) => hashes.map((row) => [row.email_hash, row.erased_at] as const)))
  let reapplied = 0
  try {
    // Everyone here, a thousand at a time by id, against the hashes erased elsewhere.
    for (let after = 0; ; ) {
      const people = await database.db.selectFrom('signups').select(['id', 'email_normalized']).where('id', '>', after).orderBy('id').limit(1000).execute()
      if (people.length === 0) break
      after = Number(people.at(-1)!.id)
      for (const person of people)
        if (erased.has(erasedEmailHash(database.erasureSalt, person.email_normalized)) && (await composition.stores.consent.eraseById(Number(person.id), systemClock()))) reapplied++
    }
    // And every address erased there stays refused here, whether or not it was in the backup.
    const rows = [...erased].map(([email_hash, erased_at]) => ({ email_hash, erased_at }))
    for (let from = 0; from < rows.length; from += 500)
      await database.db.insertInto('erased_emails').values(rows.slice(from, from + 500)).onConflict((conflict) => conflict.doNothing()).execute()
  } finally {
    await composition.stop()
  }
  await release(database.db)
  const some = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  const read = elsewhere.length === 0 ? 'no other copy named' : `${some(erased.size, 'erased address', 'erased addresses')} read from ${elsewhere.map(({ from }) => from).join(' and ')}`
  process.stdout.write(
    `Live: ${describeDatabase(config.databaseUrl)}${wasHeld ? ` (restored from the backup taken ${wasHeld})` : ' (it was not held)'} sends from now on; ${some(reapplied, 'person', 'people')} erased since the backup erased again (${read}). A held server starts sending within 5 s.\n`,
  )
} catch (error) {
  refuse((error as Error).message)
} finally {
  await database.close()
}
