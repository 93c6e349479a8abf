// A database's schema as its engine's catalog tells it, to compare two databases: on SQLite every object's
// SQL text (sqlite_master) and the header's user_version; on PostgreSQL the tables, columns, constraints,
// indexes, triggers and functions of the public schema. `bookkeeping: false` leaves out the runners' own
// records (kysely_migration, kysely_migration_lock, schema_migrations, user_version).
import type { EngineUnderTest } from './engines'

const isBookkeeping = (row: Record<string, unknown>) => Object.values(row).some((value) => typeof value === 'string' && /^(kysely_migration|schema_migrations)/.test(value))

export async function schemaOf(engine: EngineUnderTest, databaseUrl: string, { bookkeeping = true } = {}): Promise<Record<string, unknown[]>> {
  const queries =
    engine.engine === 'sqlite'
      ? {
          objects: 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name',
          userVersion: 'PRAGMA user_version',
        }
      : {
          relations: `SELECT c.relname, c.relkind, c.relpersistence FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' ORDER BY c.relname`,
          columns: `SELECT table_name, column_name, ordinal_position, data_type, character_maximum_length, is_nullable, column_default,
            is_identity, identity_generation FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
          constraints: `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
            WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
          indexes: `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`,
          triggers: 'SELECT tgrelid::regclass::text AS table_name, tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2',
          functions: `SELECT proname, pg_get_functiondef(oid) AS definition FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`,
        }
  const schema: Record<string, unknown[]> = {}
  for (const [part, query] of Object.entries(queries)) {
    if (!bookkeeping && part === 'userVersion') continue
    const rows = await engine.query(databaseUrl, query)
    schema[part] = bookkeeping ? rows : rows.filter((row) => !isBookkeeping(row))
  }
  return schema
}

/** Every row of every table but the runners' records, in a form that compares. */
export async function rowsOf(engine: EngineUnderTest, databaseUrl: string): Promise<Record<string, unknown[]>> {
  const tables =
    engine.engine === 'sqlite'
      ? await engine.query(databaseUrl, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      : await engine.query(databaseUrl, "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
  const rows: Record<string, unknown[]> = {}
  for (const { name } of tables.filter((table) => !isBookkeeping(table)))
    rows[String(name)] = JSON.parse(JSON.stringify(await engine.query(databaseUrl, `SELECT * FROM ${String(name)} ORDER BY 1`)))
  return rows
}
