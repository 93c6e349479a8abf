// The 90 seeded days of bench/analytics.ts, kept between runs as bench/console.ts keeps its million (data/bench/,
// git-ignored): a SQLite file keyed by the shape and a hash of the seed's code, built once (about two minutes) and
// copied for each run. The seed ends with the day it was built, and the server counts by the clock: a copy made
// on a later day is moved forward by that many days (every day, every signup's times), so that its last raw day is
// today again and yesterday is rolled up, as the roll-up's clock would have left it. PostgreSQL gets the same rows,
// copied from that file into the schema its migrations make (bench/console/postgres.ts copyTables), so that both
// engines are timed over the very same visits.
import { createHash } from 'node:crypto'
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import SqliteFile from 'libsql'
import { featureMigrations } from '../../server/feature-migrations'
import { openDatabase } from '../../server/platform/database/open'
import { migrateForward } from '../console/build'
import { copyTables } from '../console/postgres'
import { seedAnalytics, type SeedFacts, type SeedShape } from './seed'

export type CachedSeed = SeedFacts & { check: string; builtFor: string; builtAt: string }

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/** The seed's code, as a short hash: a change to it seeds anew. */
function seedKey(): string {
  const code = ['./seed.ts', './traffic.ts'].map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
  return createHash('sha256').update(code.join('\n')).digest('hex').slice(0, 12)
}

/** A copy of the seeded file in `scratch`, as of today, seeded now if the cache has none; its facts. */
export async function seededCopy(
  shape: SeedShape,
  cacheDir: string,
  scratch: string,
  now: Date,
  say: (line: string) => void,
): Promise<{ file: string; facts: CachedSeed; built: boolean }> {
  const name = `analytics-${shape.days}d-${shape.viewsPerDay}-${shape.signups}-${seedKey()}`
  const cached = join(cacheDir, `${name}.db`)
  const factsFile = `${cached}.json`
  const file = join(scratch, 'analytics.db')
  const built = !(existsSync(cached) && existsSync(factsFile))
  if (built) {
    mkdirSync(cacheDir, { recursive: true })
    // A seed of another shape or code is of no more use.
    for (const old of readdirSync(cacheDir)) if (old.startsWith('analytics-') && !old.startsWith(name)) rmSync(join(cacheDir, old), { force: true })
    const building = join(scratch, 'seeding.db')
    const database = await openDatabase(`file:${building}`, { migrations: featureMigrations })
    const facts = await seedAnalytics(database, shape, now, say).finally(() => database.close())
    if (existsSync(`${building}-wal`) && statSync(`${building}-wal`).size > 0) throw new Error(`the seed left rows in ${building}-wal, which the cache would lose`)
    copyFileSync(building, cached)
    rmSync(building, { force: true })
    writeFileSync(factsFile, `${JSON.stringify({ ...facts, builtFor: dayOf(now), builtAt: now.toISOString() }, null, 2)}\n`)
  }
  copyFileSync(cached, file)
  const facts = JSON.parse(readFileSync(factsFile, 'utf8')) as CachedSeed
  await migrateForward(`file:${file}`, say)
  const days = Math.round((Date.parse(dayOf(now)) - Date.parse(facts.builtFor)) / 86_400_000)
  if (days !== 0) moveForward(file, days)
  // On the disk before the server starts, as a database that has lived there is (bench/console.ts says why).
  const written = openSync(file, 'r+')
  fsyncSync(written)
  closeSync(written)
  return { file, facts, built }
}

/** Moves every day and every signup's times `days` days later. The daily counts' key holds the day, so they pass
 * through a name no day has ('x' first) on the way, and no two rows meet. */
function moveForward(file: string, days: number) {
  const later = `'+${days} days'`
  const instant = (column: string) => `${column} = strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, ${later})`
  const database = new SqliteFile(file)
  try {
    database.exec(`BEGIN;
      UPDATE analytics_daily SET day = 'x' || date(day, ${later});
      UPDATE analytics_daily SET day = substr(day, 2);
      UPDATE analytics_views SET day = date(day, ${later});
      UPDATE analytics_conversions SET day = date(day, ${later});
      UPDATE signups SET ${instant('created_at')}, ${instant('confirmed_at')};
      UPDATE referrals SET ${instant('decided_at')};
      COMMIT;`)
  } finally {
    database.close()
  }
}

/** The seeded rows in a fresh database on the cluster at `cluster`'s URL, migrated, copied and analysed. */
export async function postgresCopy(createDatabase: () => Promise<string>, file: string, say: (line: string) => void): Promise<string> {
  const url = await createDatabase()
  await (await openDatabase(url, { migrations: featureMigrations })).close()
  await copyTables(file, url, say)
  return url
}
