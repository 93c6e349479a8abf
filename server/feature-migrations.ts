// Every wing's migrations, for whatever opens the database: the platform runs its own first, then these, all in
// one order by name (platform/database/migrate.ts), so the list's order does not matter here.
import type { Migrations } from './platform/database/migrate'
import { wings } from './wings'

export const featureMigrations: Migrations[] = wings.flatMap((wing) => (wing.migrations ? [wing.migrations] : []))
