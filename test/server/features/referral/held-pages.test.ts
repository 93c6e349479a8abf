// @vitest-environment node
// The held referrals a page at a time (issue 35), through the console's API against a real server on each engine:
// pages of 25, oldest first, by keyset on (when held, the friend's id), so that a page deep in the list costs what
// the first does and a referral decided meanwhile neither repeats nor skips a row; how many are held in all; and a
// cursor the API did not write refused. The decisions are written straight into the table (line.test.ts and
// admin-referrals.test.ts make them the long way), several at the same moment, to try the tie on the friend's id.
import { canonicalAddress } from '../../../../shared/mailbox'
import { heldPageSize } from '../../../../shared/console-api'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'

const heldCount = heldPageSize + 3
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 9, minute)).toISOString()
type Held = { friendId: number; decidedAt: string }

describe.each(eachEngine())('the held referrals, paged, on $engine', (engine: EngineUnderTest) => {
  let server: AdminTestServer
  let cookie: string
  let friends: number[]

  const idOf = async (email: string) =>
    (await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirstOrThrow()).id
  const getReferrals = async (query = '') => {
    const response = await server.request(`/api/admin/referrals${query}`, { cookie })
    return { status: response.status, body: await response.json() }
  }

  beforeAll(async () => {
    await engine.setup()
    server = await startAdminServer({ databaseUrl: await engine.newDatabase() })
    const emails = ['rita@example.com', ...Array.from({ length: heldCount + 2 }, (_, index) => `friend${index}@example.com`)]
    for (const email of emails) await server.store.add({ email, emailNormalized: canonicalAddress(email)!, firstName: email.split('@')[0]!, source: 'home', submissionId: null })
    await server.store.settled()
    const rita = await idOf('rita@example.com')
    friends = await Promise.all(emails.slice(1).map(idOf))
    // Three friends at each minute, written in reverse: the order is the query's, not the table's. One more was
    // credited and one more held whose friend has since been erased: neither is the team's to review.
    const held = friends.slice(0, heldCount).map((friendId, index) => ({ friend_id: friendId, referrer_id: rita, outcome: 'held' as const, network: null, decided_at: at(Math.floor(index / 3)) }))
    await server.store.database.db
      .insertInto('referrals')
      .values([
        ...held.reverse(),
        { friend_id: friends[heldCount]!, referrer_id: rita, outcome: 'credited', network: null, decided_at: at(0) },
        { friend_id: null, referrer_id: rita, outcome: 'held', network: null, decided_at: at(0) },
      ])
      .execute()
    cookie = await server.signIn()
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await engine.teardown()
  })

  it('lists them 25 at a time, oldest first and by friend within a moment, with how many there are in all', async () => {
    const first = await getReferrals()
    expect(first.status).toBe(200)
    expect(first.body.held).toHaveLength(heldPageSize)
    expect(first.body.heldTotal).toBe(heldCount)
    expect(first.body.heldAfter).toEqual(expect.any(String))
    const second = await getReferrals(`?after=${encodeURIComponent(first.body.heldAfter)}`)
    expect(second.status).toBe(200)
    expect(second.body.held).toHaveLength(heldCount - heldPageSize)
    expect(second.body.heldAfter).toBeNull()
    expect(second.body.heldTotal).toBe(heldCount)
    const listed: Held[] = [...first.body.held, ...second.body.held]
    const inOrder = [...friends.slice(0, heldCount).map((friendId, index) => ({ friendId, decidedAt: at(Math.floor(index / 3)) }))].sort(
      (a, b) => a.decidedAt.localeCompare(b.decidedAt) || a.friendId - b.friendId,
    )
    expect(listed.map(({ friendId, decidedAt }) => ({ friendId, decidedAt }))).toEqual(inOrder)
    expect(listed[0]).toMatchObject({ referrerFirstName: 'rita', referrerEmail: 'rita@example.com' })
  })

  it('keeps its place when a referral on an earlier page is decided meanwhile', async () => {
    const first = await getReferrals()
    const before = await getReferrals(`?after=${encodeURIComponent(first.body.heldAfter)}`)
    const decided = await server.request(`/api/admin/referrals/${first.body.held[3].friendId}/reject`, { method: 'POST', cookie })
    expect(decided.status).toBe(200)
    const after = await getReferrals(`?after=${encodeURIComponent(first.body.heldAfter)}`)
    expect(after.body.held).toEqual(before.body.held)
    expect(after.body.heldTotal).toBe(heldCount - 1)
    // From the start, one fewer: the first page reaches one row further.
    const again = await getReferrals()
    expect(again.body.held.map((row: Held) => row.friendId)).not.toContain(first.body.held[3].friendId)
    expect(again.body.held.at(-1).friendId).toBe(before.body.held[0].friendId)
  })

  it.each(['nonsense', '2026-11-24T09:00:00.000Z', '2026-11-24T09:00:00.000Z_0', '2026-13-45T09:00:00.000Z_7', '7_2026-11-24T09:00:00.000Z'])(
    'refuses a cursor it did not write: %s',
    async (cursor) => {
      const { status, body } = await getReferrals(`?after=${encodeURIComponent(cursor)}`)
      expect(status).toBe(400)
      expect(body.ok).toBe(false)
    },
  )
})
