// Run as its own process by reads.test.ts: opens DATABASE_URL, starts a long read through `database.reads`,
// closes the database while the read runs in its thread and exits as main.ts does on SIGTERM. The close must
// wait for the read (print its rows) and the process exit 0: not early, and not aborted by libsql.
import { featureMigrations } from '../../server/feature-migrations'
import { openDatabase } from '../../server/platform/database/open'
import { longSqliteRead, threadCount } from './long-sqlite-read'
import { until } from '../../tools/until'

const database = await openDatabase(process.env.DATABASE_URL ?? '', { migrations: featureMigrations })
const before = threadCount()
const read = longSqliteRead.execute(database.reads)
await until(() => threadCount() > before, 5000, 'the read thread to start')
await database.close()
process.stdout.write(`${JSON.stringify((await read).rows)}\n`)
process.exit(0)
