// After a backup is complete, `npm run waitlist:backup` records its time in the database it copied
// (server/platform/database/backup-mark.ts), where the console's setup checklist reads whether a recent one exists.
// A failure to record is said on stderr and leaves the backup as it is: the copy is what matters.
import Database from 'libsql'
import pg from 'pg'
import { backupMadeKey } from '../server/platform/database/backup-mark'
import { isSqliteUrl, sqliteFilePath } from '../server/platform/database/database-url'

const upsert = (placeholders: [string, string]) =>
  `INSERT INTO consent_settings (key, value) VALUES (${placeholders[0]}, ${placeholders[1]}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`

export async function recordBackup(databaseUrl: string, takenAt: Date): Promise<void> {
  const value = takenAt.toISOString()
  if (isSqliteUrl(databaseUrl)) {
    const database = new Database(sqliteFilePath(databaseUrl), { timeout: 5000 })
    try {
      database.prepare(upsert(['?', '?'])).run(backupMadeKey, value)
    } finally {
      database.close()
    }
    return
  }
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query(upsert(['$1', '$2']), [backupMadeKey, value])
  } finally {
    await client.end().catch(() => {})
  }
}
