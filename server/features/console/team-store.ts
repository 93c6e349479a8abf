// The team behind the console (issue 46): who may sign in, and with which role (shared/team.ts). Written once for
// both engines over the query builder (tables.ts, migrations.ts).
//
// ADMIN_EMAILS names owners by the settings. An address on it is an owner whatever its row says, and the console
// can neither remove nor demote it; it is seeded as a row (added by `ADMIN_EMAILS`) the first time the team is
// read or changed, so the team page lists it with its last sign-in. A seeded row whose address has left
// ADMIN_EMAILS is nobody's: taking an address off the list still ends its access once the server restarts with the
// new list, as it did before the team was kept here. Every other member was invited in the console.
//
// The role is read from here on every console request (admin-guard.ts), so a change made through one instance
// holds on every other at its very next request; removing a member deletes their sessions and unused links in the
// same transaction. The last owner can never be removed or demoted: a change reads every member under lock
// (PostgreSQL's row locks; SQLite's one writer), so two owners demoting each other at once cannot both succeed.
import { isRole, roles, type Role, type TeamMember } from '../../../shared/team'
import type { Database, Db } from '../../platform/database/database'
import type { Now } from '../../platform/clock/system-clock'
import type { AdminEmails } from './admin-emails'

/** `added_by` of an owner seeded from the settings. */
export const seededBySettings = 'ADMIN_EMAILS'

/** Why a change to the team did not happen. */
export type TeamRefusal = 'not-found' | 'from-settings' | 'last-owner' | 'member-already'
/** A change to the team: done (with the role the member had before, for the audit), or refused. */
export type TeamChange = { ok: true; before: Role | null } | { ok: false; reason: TeamRefusal }

export interface TeamStore {
  /** The member's role now, or undefined when the address (canonical) is not on the team. */
  roleOf(email: string): Promise<Role | undefined>
  /** Every member, owners first. */
  list(): Promise<TeamMember[]>
  /** Adds `email` with `role`. One already on the team is refused, but for one who has never signed in: their
   * invitation is made again, with the new role (the last one may have expired). */
  invite(email: string, role: Role, by: string): Promise<TeamChange>
  changeRole(email: string, role: Role): Promise<TeamChange>
  /** Removes a member, their sessions and their unused sign-in links. */
  remove(email: string): Promise<TeamChange>
  /** Notes a member's sign-in, for the team page. */
  signedIn(email: string): Promise<void>
}

type Row = { email: string; role: Role; added_by: string; added_at: string; last_sign_in_at: string | null }

export function teamStore(database: Database, adminEmails: AdminEmails, now: Now): TeamStore {
  const { db } = database
  const iso = (date: Date) => date.toISOString()
  const columns = ['email', 'role', 'added_by', 'added_at', 'last_sign_in_at'] as const
  const isMember = (row: Row) => adminEmails.has(row.email) || (row.added_by !== seededBySettings && isRole(row.role))
  const roleOfRow = (row: Row): Role => (adminEmails.has(row.email) ? 'owner' : row.role)

  // Once per process, and again after a failure (the database away at the first read).
  let seeded: Promise<void> | undefined
  const seed = () =>
    (seeded ??= (async () => {
      if (adminEmails.addresses.length === 0) return
      const at = iso(now())
      await db
        .insertInto('admin_team')
        .values(adminEmails.addresses.map((email) => ({ email, role: 'owner' as const, added_by: seededBySettings, added_at: at, last_sign_in_at: null })))
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute()
    })().catch((error: unknown) => {
      seeded = undefined
      throw error
    }))

  const membersOf = (rows: Row[]): TeamMember[] =>
    rows
      .filter(isMember)
      .map((row) => ({
        email: row.email,
        role: roleOfRow(row),
        addedBy: row.added_by,
        addedAt: row.added_at,
        lastSignInAt: row.last_sign_in_at,
        fromSettings: adminEmails.has(row.email),
      }))
      .sort((a, b) => roles.indexOf(a.role) - roles.indexOf(b.role) || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))

  /** Runs a change over every row, read under lock, with the member it names (undefined when not on the team). */
  async function changing(email: string, change: (trx: Db, member: Row | undefined, owners: number) => Promise<TeamChange>): Promise<TeamChange> {
    await seed()
    return db.transaction().execute(async (trx) => {
      const rows = (await database.lockRows(trx.selectFrom('admin_team').select(columns).orderBy('email')).execute()) as Row[]
      const members = rows.filter(isMember)
      const owners = members.filter((row) => roleOfRow(row) === 'owner').length
      return change(trx, members.find((row) => row.email === email), owners)
    })
  }

  const refused = (reason: TeamRefusal): TeamChange => ({ ok: false, reason })
  const leavesNoOwner = (member: Row, owners: number) => roleOfRow(member) === 'owner' && owners <= 1

  return {
    async roleOf(email) {
      if (adminEmails.has(email)) return 'owner'
      const row = await db.selectFrom('admin_team').select(columns).where('email', '=', email).executeTakeFirst()
      return row && isMember(row) ? row.role : undefined
    },
    async list() {
      await seed()
      return membersOf(await db.selectFrom('admin_team').select(columns).execute())
    },
    invite: (email, role, by) =>
      changing(email, async (trx, member) => {
        if (member && (adminEmails.has(email) || member.last_sign_in_at !== null)) return refused('member-already')
        // A row that is nobody's (seeded, its address since taken off ADMIN_EMAILS) is taken over by the invitation.
        const row = { role, added_by: by, added_at: iso(now()), last_sign_in_at: null }
        await trx
          .insertInto('admin_team')
          .values({ email, ...row })
          .onConflict((conflict) => conflict.column('email').doUpdateSet(row))
          .execute()
        return { ok: true, before: member?.role ?? null }
      }),
    changeRole: (email, role) =>
      changing(email, async (trx, member, owners) => {
        if (!member) return refused('not-found')
        if (adminEmails.has(email)) return refused('from-settings')
        if (role !== 'owner' && leavesNoOwner(member, owners)) return refused('last-owner')
        await trx.updateTable('admin_team').set({ role }).where('email', '=', email).execute()
        return { ok: true, before: member.role }
      }),
    remove: (email) =>
      changing(email, async (trx, member, owners) => {
        if (!member) return refused('not-found')
        if (adminEmails.has(email)) return refused('from-settings')
        if (leavesNoOwner(member, owners)) return refused('last-owner')
        await trx.deleteFrom('admin_team').where('email', '=', email).execute()
        await trx.deleteFrom('admin_sessions').where('email', '=', email).execute()
        await trx.deleteFrom('admin_sign_in_tokens').where('email', '=', email).execute()
        return { ok: true, before: member.role }
      }),
    async signedIn(email) {
      await seed()
      await db.updateTable('admin_team').set({ last_sign_in_at: iso(now()) }).where('email', '=', email).execute()
    },
  }
}
