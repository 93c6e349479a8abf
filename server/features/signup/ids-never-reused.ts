// A person's id is never given twice (issue 45): `person.id` names the same person in every webhook event
// (docs/webhooks.md), so a receiver would merge a newcomer into an erased person's record if the newcomer got
// their id. PostgreSQL's identity is a sequence, which never goes back. SQLite's plain INTEGER PRIMARY KEY gives
// the largest id there is plus one, so erasing the newest person frees their id; with AUTOINCREMENT it gives
// one more than the largest it ever gave, kept in sqlite_sequence (https://www.sqlite.org/autoinc.html).
//
// SQLite cannot add AUTOINCREMENT to a table: the table is rebuilt as SQLite's own recipe says
// (https://www.sqlite.org/lang_altertable.html#otheralter), from the text sqlite_master keeps, so every column
// any feature added to signups comes along whatever it is, and its indexes and triggers are made again from
// their own text. The copy keeps every id, and sqlite_sequence starts at the largest.
import { sql, type Kysely } from 'kysely'
import type { Tables } from '../../platform/database/schema'

const plainKey = /\bid INTEGER PRIMARY KEY\b(?! AUTOINCREMENT)/

export async function signupIdsNeverReused(db: Kysely<Tables>): Promise<void> {
  const schema = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'signups' ORDER BY rowid`.execute(db)
  const table = schema.rows.find((row) => row.type === 'table')?.sql
  if (!table || !plainKey.test(table)) throw new Error(`signups is not the table this migration knows: ${table ?? 'there is none'}`)
  // SQLite's own indexes (the UNIQUE columns') have no text: the new table's definition makes them again.
  const dependents = schema.rows.filter((row) => row.type !== 'table' && row.sql !== null)
  const rebuilt = table.replace(/^CREATE TABLE\s+("signups"|signups)\s*\(/, 'CREATE TABLE signups_rebuilt (').replace(plainKey, 'id INTEGER PRIMARY KEY AUTOINCREMENT')
  if (!rebuilt.startsWith('CREATE TABLE signups_rebuilt (')) throw new Error(`cannot read the definition of signups: ${table}`)

  // The triggers go first, so the copy and the drop move no kept count (the console's tallies).
  for (const trigger of dependents.filter((row) => row.type === 'trigger')) await sql`DROP TRIGGER ${sql.id(trigger.name)}`.execute(db)
  await sql.raw(rebuilt).execute(db)
  await sql`INSERT INTO signups_rebuilt SELECT * FROM signups`.execute(db)
  await sql`DROP TABLE signups`.execute(db)
  await sql`ALTER TABLE signups_rebuilt RENAME TO signups`.execute(db)
  for (const dependent of dependents) await sql.raw(dependent.sql!).execute(db)
}
