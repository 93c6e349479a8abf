// A database restored from a backup is held until an owner says it is the live one (issue 45, case 4): every backup
// (scripts/backup-waitlist.ts) leaves this mark in its copy, a server on a held database sends no email and no
// webhook and runs none of its clocks (server/main.ts waits for the mark to go), /healthz answers `held`
// (health.ts), and `npm run waitlist:go-live` (scripts/go-live-waitlist.ts) re-applies the erasures made since and
// clears it. So a restore drill started as docs/operations.md says mails nobody and calls no receiver, and a real
// restore sends nothing to a person erased since the backup.
import type { Kysely } from 'kysely'
import type { Tables } from './schema'

/** The settings row that holds a database: its value is when the backup it came from was taken (ISO 8601). */
export const heldKey = 'held_since'

/** When the backup this database was restored from was taken, while it is held; undefined once it is live. */
export async function heldSince(db: Kysely<Tables>): Promise<string | undefined> {
  return (await db.selectFrom('consent_settings').select('value').where('key', '=', heldKey).executeTakeFirst())?.value
}

/** Marks the database as held (a backup's copy), as of `takenAt`. */
export async function hold(db: Kysely<Tables>, takenAt: Date): Promise<void> {
  await db
    .insertInto('consent_settings')
    .values({ key: heldKey, value: takenAt.toISOString() })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
    .execute()
}

/** The owner's word that this database is the live one: it may send from now on. */
export async function release(db: Kysely<Tables>): Promise<void> {
  await db.deleteFrom('consent_settings').where('key', '=', heldKey).execute()
}

/** The SQL that holds a database as it is loaded (the PostgreSQL backup's last statements). */
export const holdStatement = (schema: string, takenAt: Date) =>
  `INSERT INTO ${schema}.consent_settings (key, value) VALUES ('${heldKey}', '${takenAt.toISOString()}') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;\n`
