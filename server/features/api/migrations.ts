// The API wing's schema (issue 33), written once for both engines. Append, never edit: a database that has run a
// migration never runs it again (platform/database/migrate.ts).
import { stepsWithColumnTypes, type ColumnTypes, type MigrationStep, type Migrations } from '../../platform/database/migrate'

const apiTables = ({ id, ref, time }: ColumnTypes): MigrationStep[] => [
  `CREATE TABLE api_keys (
    id ${id},
    name TEXT NOT NULL,
    scopes TEXT NOT NULL,
    prefix TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    created_by TEXT NOT NULL,
    created_at ${time} NOT NULL,
    last_used_at ${time} NULL,
    revoked_at ${time} NULL
  )`,
  `CREATE TABLE activations (
    id ${id},
    signup_id ${ref} NULL,
    invitation_id ${ref} NULL,
    activated_at ${time} NOT NULL,
    via TEXT NOT NULL,
    key_id ${ref} NOT NULL REFERENCES api_keys (id),
    code_hash TEXT NULL
  )`,
  // One activation per person: a second report of the same person finds this row instead of adding one. Both
  // engines let several NULLs (the erased) share a unique index.
  `CREATE UNIQUE INDEX activations_signup ON activations (signup_id)`,
  `CREATE INDEX activations_code ON activations (code_hash) WHERE code_hash IS NOT NULL`,
]

export const apiMigrations: Migrations = {
  // API keys for servers, and the activations they report.
  '2026-11-27-1500-api-keys-and-activations': { up: stepsWithColumnTypes(apiTables) },
}
