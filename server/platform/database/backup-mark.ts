// When the last backup of this database was made: `npm run waitlist:backup` (scripts/backup-waitlist.ts) writes it
// into the database it copied once the copy is complete, and the console's setup checklist reads it (issue 47). A
// settings row rather than a table of its own: one value, on both engines, with no migration; a backup's copy keeps
// the value it had, which is older than the copy itself, so a restore never claims a backup it did not make.
import type { Kysely } from 'kysely'
import type { Tables } from './schema'

/** The settings row: its value is when the last backup began (ISO 8601). */
export const backupMadeKey = 'backup_made_at'

/** When the last backup of this database began, or undefined when none is recorded. */
export async function lastBackupAt(db: Kysely<Tables>): Promise<string | undefined> {
  return (await db.selectFrom('consent_settings').select('value').where('key', '=', backupMadeKey).executeTakeFirst())?.value
}

