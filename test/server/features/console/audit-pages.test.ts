// @vitest-environment node
// GET /api/admin/audit a page at a time (issue 35): the newest 50 entries, and the cursor of the older ones (the
// last entry's id), which the next request sends back as ?before=; the oldest page has none; a cursor that is not
// an id is refused. The route is tried over a stand-in store that keeps the contract the store's auditLog(limit,
// before) keeps (newest first, ids below `before`), so this checks the route's paging whatever the engine; the
// engines' reading of the log is admin-data.test.ts's.
import { adminApi } from '../../../../server/features/console/admin-api'
import type { TeamStore } from '../../../../server/features/console/team-store'
import type { AdminStore } from '../../../../server/features/console/admin-store'
import { newSecret } from '../../../../server/platform/secrets/tokens'
import { auditPageSize, type AuditEntry } from '../../../../shared/console-api'
import { systemClock } from '../../../../server/platform/clock/system-clock'

const adminEmail = 'team@company.example'
/** 120 entries, ids 1 to 120, the newest last. */
const log: (AuditEntry & { id: number })[] = Array.from({ length: 120 }, (_, index) => ({
  id: index + 1,
  at: new Date(Date.UTC(2026, 10, 24) + index * 60_000).toISOString(),
  actor: adminEmail,
  action: 'export',
  detail: `export #${index + 1}`,
}))

const notHere = () => {
  throw new Error('not used by GET /audit')
}
const reads: [number, number | undefined][] = []
const store: AdminStore = {
  saveSignInToken: notHere,
  takeSignInToken: notHere,
  createSession: notHere,
  findSession: async () => ({ email: adminEmail, expiresAt: new Date(Date.now() + 60_000) }),
  deleteSession: notHere,
  removeEnded: notHere,
  audit: notHere,
  auditLog: async (limit: number, before?: number) => {
    reads.push([limit, before])
    return log.filter((entry) => before === undefined || entry.id < before).reverse().slice(0, limit)
  },
  summary: notHere,
  searchSignups: notHere,
  exportSignups: notHere,
}
// The signed-in member is an owner, as an address on ADMIN_EMAILS is; the rest of the team is not read here.
const team: TeamStore = { roleOf: async () => 'owner', list: notHere, invite: notHere, changeRole: notHere, remove: notHere, signedIn: notHere }
const api = adminApi(
  { store, team, publicUrl: 'http://console.test', sendSignInLink: { ask: notHere, stop: () => {} }, eraseSignup: notHere, outboxStats: notHere, now: systemClock },
  { clientKey: () => 'test', isHttps: () => false, requestHosts: () => ['console.test'], rateLimiter: () => ({ hit: () => ({ allowed: true }), refund: () => {} }) },
)
const cookie = `stride_admin=${newSecret()}`
const getAudit = async (query = '') => {
  const response = await api.request(`http://console.test/audit${query}`, { headers: { cookie } })
  return { status: response.status, body: await response.json() }
}

beforeEach(() => void (reads.length = 0))

it('answers the newest page and the cursor of the older entries, reading one entry more than a page', async () => {
  const { status, body } = await getAudit()
  expect(status).toBe(200)
  expect(body.entries).toHaveLength(auditPageSize)
  expect(body.entries[0]).toEqual({ at: log[119]!.at, actor: adminEmail, action: 'export', detail: 'export #120' })
  expect(body.entries.at(-1).detail).toBe('export #71')
  expect(body.older).toBe('71')
  expect(reads).toEqual([[auditPageSize + 1, undefined]])
  // The wire carries no ids: the cursor is the only one, and it says nothing but where a page ends.
  expect(Object.keys(body.entries[0])).toEqual(['at', 'actor', 'action', 'detail'])
})

it('follows the cursors to the oldest page, which has none', async () => {
  const second = await getAudit('?before=71')
  expect(second.body.entries.map((entry: AuditEntry) => entry.detail).slice(0, 1)).toEqual(['export #70'])
  expect(second.body.older).toBe('21')
  const last = await getAudit(`?before=${second.body.older}`)
  expect(last.body.entries).toHaveLength(20)
  expect(last.body.entries.at(-1).detail).toBe('export #1')
  expect(last.body.older).toBeNull()
  expect(reads).toEqual([
    [auditPageSize + 1, 71],
    [auditPageSize + 1, 21],
  ])
})

it('has no older cursor when the log fits on one page exactly', async () => {
  const { body } = await getAudit(`?before=${auditPageSize + 1}`)
  expect(body.entries).toHaveLength(auditPageSize)
  expect(body.older).toBeNull()
})

it.each(['', 'abc', '0', '-5', '1.5', '1e3', '9'.repeat(16)])('refuses ?before=%s, reading nothing', async (cursor) => {
  const { status, body } = await getAudit(`?before=${encodeURIComponent(cursor)}`)
  expect(status).toBe(400)
  expect(body.ok).toBe(false)
  expect(reads).toEqual([])
})
