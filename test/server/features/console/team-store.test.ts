// @vitest-environment node
// The team's store (server/features/console/team-store.ts, issue 46) on both engines: a database of today's schema
// (every migration but the team's) migrates with its sessions kept, and ADMIN_EMAILS's owners are seeded; members
// are invited, changed and removed, a removal taking their sessions and unused links with it; an owner on
// ADMIN_EMAILS is never the console's to change, nor is the last owner, even when two instances demote the two
// owners at once (PostgreSQL; SQLite has one writer); an address taken off ADMIN_EMAILS is nobody's.
import pg from 'pg'
import { parseAdminEmails } from '../../../../server/features/console/admin-emails'
import { teamStore } from '../../../../server/features/console/team-store'
import { featureMigrations } from '../../../../server/feature-migrations'
import type { Database } from '../../../../server/platform/database/database'
import { openDatabase } from '../../../../server/platform/database/open'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'

const teamMigration = '2026-12-06-0200-console-team'
/** Today's schema: every migration but the team's. */
const owner = 'owner@company.example'
const later = new Date(Date.now() + 3_600_000).toISOString()

describe.each(eachEngine())('the team on $engine', (engine: EngineUnderTest) => {
  const opened: Database[] = []
  // `stopBefore`: the schema as it was when the team landed, every migration named before it (a later one, as the
  // suppression list's, would otherwise come before it and be refused as out of order).
  const open = async (url: string, stopBefore?: string) => {
    const database = await openDatabase(url, { migrations: featureMigrations, stopBefore })
    opened.push(database)
    return database
  }
  const fresh = async () => open(await engine.newDatabase())
  const team = (database: Database, adminEmails = owner) => teamStore(database, parseAdminEmails(adminEmails), () => new Date())
  const sessionsOf = async (database: Database, email: string) =>
    (await database.db.selectFrom('admin_sessions').select('session_hash').where('email', '=', email).execute()).map((row) => row.session_hash)
  const linksOf = async (database: Database, email: string) => (await database.db.selectFrom('admin_sign_in_tokens').select('token_hash').where('email', '=', email).execute()).length
  const signIn = async (database: Database, email: string, hash: string) => {
    await database.db.insertInto('admin_sessions').values({ session_hash: hash, email, created_at: new Date().toISOString(), expires_at: later }).execute()
    await database.db.insertInto('admin_sign_in_tokens').values({ token_hash: `link-${hash}`, email, expires_at: later }).execute()
  }

  beforeAll(() => engine.setup(), 60_000)
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close().catch(() => {})))
    await engine.teardown()
  })

  it('migrates a database of the schema before the team, keeping its sessions, and seeds the owners of ADMIN_EMAILS', async () => {
    const url = await engine.newDatabase()
    const before = await open(url, teamMigration)
    await signIn(before, owner, 'owner-session')
    await before.close()
    const database = await open(url)
    expect(await sessionsOf(database, owner)).toEqual(['owner-session'])
    const members = await team(database).list()
    expect(members).toEqual([{ email: owner, role: 'owner', addedBy: 'ADMIN_EMAILS', addedAt: expect.any(String), lastSignInAt: null, fromSettings: true }])
    await team(database).signedIn(owner)
    expect((await team(database).list())[0]!.lastSignInAt).not.toBeNull()
  })

  it('invites, changes and removes a member; the removal ends their sessions and unused links', async () => {
    const database = await fresh()
    const store = team(database)
    expect(await store.invite('ed@company.example', 'editor', owner)).toEqual({ ok: true, before: null })
    expect(await store.roleOf('ed@company.example')).toBe('editor')
    expect((await store.list()).map(({ email, role, addedBy, fromSettings }) => ({ email, role, addedBy, fromSettings }))).toEqual([
      { email: owner, role: 'owner', addedBy: 'ADMIN_EMAILS', fromSettings: true },
      { email: 'ed@company.example', role: 'editor', addedBy: owner, fromSettings: false },
    ])
    expect(await store.changeRole('ed@company.example', 'viewer')).toEqual({ ok: true, before: 'editor' })
    expect(await store.roleOf('ed@company.example')).toBe('viewer')
    await signIn(database, 'ed@company.example', 'ed-session')
    await signIn(database, owner, 'owner-session')
    expect(await store.remove('ed@company.example')).toEqual({ ok: true, before: 'viewer' })
    expect(await store.roleOf('ed@company.example')).toBeUndefined()
    expect(await sessionsOf(database, 'ed@company.example')).toEqual([])
    expect(await linksOf(database, 'ed@company.example')).toBe(0)
    expect(await sessionsOf(database, owner)).toEqual(['owner-session'])
    expect(await store.remove('ed@company.example')).toEqual({ ok: false, reason: 'not-found' })
    expect(await store.changeRole('nobody@company.example', 'owner')).toEqual({ ok: false, reason: 'not-found' })
  })

  it('invites again one who never signed in, with the new role, and refuses one who did', async () => {
    const store = team(await fresh())
    await store.invite('pat@company.example', 'viewer', owner)
    expect(await store.invite('pat@company.example', 'people', owner)).toEqual({ ok: true, before: 'viewer' })
    expect(await store.roleOf('pat@company.example')).toBe('people')
    await store.signedIn('pat@company.example')
    expect(await store.invite('pat@company.example', 'owner', owner)).toEqual({ ok: false, reason: 'member-already' })
    expect(await store.invite(owner, 'viewer', owner)).toEqual({ ok: false, reason: 'member-already' })
  })

  it('never changes an owner on ADMIN_EMAILS, never leaves the team without an owner, and forgets an address taken off the list', async () => {
    const database = await fresh()
    const withList = team(database)
    expect(await withList.changeRole(owner, 'viewer')).toEqual({ ok: false, reason: 'from-settings' })
    expect(await withList.remove(owner)).toEqual({ ok: false, reason: 'from-settings' })
    await withList.invite('cat@company.example', 'owner', owner)
    // Restarted with ADMIN_EMAILS empty: the seeded owner is nobody's, and Cat is the last owner.
    const withoutList = team(database, '')
    expect(await withoutList.roleOf(owner)).toBeUndefined()
    expect((await withoutList.list()).map((member) => member.email)).toEqual(['cat@company.example'])
    expect(await withoutList.changeRole('cat@company.example', 'viewer')).toEqual({ ok: false, reason: 'last-owner' })
    expect(await withoutList.remove('cat@company.example')).toEqual({ ok: false, reason: 'last-owner' })
    // With a second owner, one may go; then the other is the last again.
    await withoutList.invite('dan@company.example', 'owner', 'cat@company.example')
    expect(await withoutList.changeRole('cat@company.example', 'viewer')).toEqual({ ok: true, before: 'owner' })
    expect(await withoutList.remove('dan@company.example')).toEqual({ ok: false, reason: 'last-owner' })
    // The seeded row is taken over by an invitation, as a new member's.
    expect(await withoutList.invite(owner, 'editor', 'dan@company.example')).toEqual({ ok: true, before: null })
    expect(await withoutList.roleOf(owner)).toBe('editor')
  })

  // Another instance's change, held open in its transaction over every member's row, demotes one of the two owners
  // while this one demotes the other: this one waits for it, then sees a single owner left, and refuses. Read
  // without the lock, both would go through and leave no owner.
  it.runIf(engine.engine === 'postgres')('lets only one of two owners demoting each other at once succeed', async () => {
    const url = await engine.newDatabase()
    const database = await open(url)
    const store = team(database, '')
    await store.invite('eve@company.example', 'owner', 'setup')
    await store.invite('fay@company.example', 'owner', 'setup')
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    try {
      await other.query('BEGIN')
      await other.query(`SELECT email FROM admin_team FOR UPDATE`)
      await other.query(`UPDATE admin_team SET role = 'viewer' WHERE email = 'fay@company.example'`)
      const demoting = store.changeRole('eve@company.example', 'viewer')
      await expect.poll(async () => (await other.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n).toBe(1)
      await other.query('COMMIT')
      expect(await demoting).toEqual({ ok: false, reason: 'last-owner' })
    } finally {
      await other.end()
    }
    expect((await store.list()).map((member) => [member.email, member.role])).toEqual([
      ['eve@company.example', 'owner'],
      ['fay@company.example', 'viewer'],
    ])
  })
})
