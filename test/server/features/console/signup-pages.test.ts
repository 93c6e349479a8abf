// @vitest-environment node
// The console's table pages by keyset and jumps by number (issue 35), on each storage engine: for every sort in
// both directions, the pages a team member walks forward through the `after` cursors, back through the
// `before` cursors from the last page, and each page jumped to by its number, all hold the same people in the
// same order as the list sorted here, ties broken by id. And what each search looked through is said.
import type { SignupPage, SignupSort } from '../../../../shared/console-api'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'

// Few names, sources and times for many people, so every sort meets ties; lower-case letters only, which sort
// alike in SQLite's binary order and in any PostgreSQL collation.
const names = ['Ann', 'bob', 'Cleo', 'ann', 'Dan']
const sources = ['home', 'knee', 'about']
const count = 47
const pageSize = 5
const people = Array.from({ length: count }, (_, index) => ({
  email: `person${String(index).padStart(2, '0')}x@example.com`,
  firstName: names[index % names.length]!,
  source: sources[(index * 7) % sources.length]!,
  createdAt: new Date(Date.UTC(2026, 10, 1, 12, index % 6)).toISOString(),
}))

describe.each(eachEngine())('the signups table on $engine', (engine: EngineUnderTest) => {
  let server: AdminTestServer
  let cookie: string
  const idOf = new Map<string, number>()

  beforeAll(async () => {
    await engine.setup()
    server = await startAdminServer({
      databaseUrl: await engine.newDatabase(),
    })
    for (const person of people)
      await server.store.add({
        email: person.email,
        emailNormalized: person.email,
        firstName: person.firstName,
        source: person.source,
        submissionId: null,
      })
    for (const person of people) await engine.query(server.databaseUrl, `UPDATE signups SET created_at = '${person.createdAt}' WHERE email = '${person.email}'`)
    cookie = await server.signIn()
    const everyone = await page('?pageSize=100')
    for (const row of everyone.rows) idOf.set(row.email, row.id)
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await engine.teardown()
  })

  async function page(query: string): Promise<SignupPage> {
    const response = await server.request(`/api/admin/signups${query}`, {
      cookie,
    })
    expect(response.status).toBe(200)
    return response.json()
  }

  const keyOf: Record<SignupSort, (person: (typeof people)[number]) => string> = {
    createdAt: (person) => person.createdAt,
    email: (person) => person.email,
    firstName: (person) => person.firstName.toLowerCase(),
    source: (person) => person.source,
  }
  const expected = (sort: SignupSort, direction: 'asc' | 'desc') => {
    const sign = direction === 'asc' ? 1 : -1
    return [...people]
      .map((person) => ({
        key: keyOf[sort](person),
        id: idOf.get(person.email)!,
      }))
      .sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id))
      .map((person) => person.id)
  }
  const ids = (reply: SignupPage) => reply.rows.map((row) => row.id)
  const pages = Math.ceil(count / pageSize)

  describe.each(['createdAt', 'email', 'firstName', 'source'] as const)('sorted by %s', (sort) => {
    it.each(['asc', 'desc'] as const)('%s: forward by cursors, back by cursors, and by every page number, in one order', async (direction) => {
      const order = expected(sort, direction)
      const base = `?sort=${sort}&direction=${direction}&pageSize=${pageSize}`

      const forward: number[] = []
      let reply = await page(`${base}&page=1`)
      expect(reply.cursors.before).toBeNull()
      for (let number = 1; ; number++) {
        expect(reply.page).toBe(number)
        forward.push(...ids(reply))
        if (reply.cursors.after === null) break
        reply = await page(`${base}&page=${number + 1}&after=${reply.cursors.after}`)
      }
      expect(forward).toEqual(order)

      const back: number[][] = []
      reply = await page(`${base}&page=${pages}`)
      expect(reply.cursors.after).toBeNull()
      for (let number = pages; ; number--) {
        back.unshift(ids(reply))
        if (reply.cursors.before === null) break
        reply = await page(`${base}&page=${number - 1}&before=${reply.cursors.before}`)
      }
      expect(back.flat()).toEqual(order)
      expect(back).toHaveLength(pages)

      for (let number = 1; number <= pages; number++) {
        const jumped = await page(`${base}&page=${number}`)
        expect(ids(jumped)).toEqual(order.slice((number - 1) * pageSize, number * pageSize))
        expect(jumped.total).toBe(count)
      }
    })
  })

  it('jumps by number when a cursor is of another sort, or no cursor at all, and past the end to the last page', async () => {
    const byEmail = await page(`?sort=email&direction=asc&pageSize=${pageSize}&page=1`)
    const order = expected('source', 'asc')
    const elsewhere = await page(`?sort=source&direction=asc&pageSize=${pageSize}&page=2&after=${byEmail.cursors.after}`)
    expect(ids(elsewhere)).toEqual(order.slice(pageSize, 2 * pageSize))
    expect(ids(await page(`?sort=source&direction=asc&pageSize=${pageSize}&page=3&after=not-a-cursor`))).toEqual(order.slice(2 * pageSize, 3 * pageSize))
    const past = await page(`?sort=source&direction=asc&pageSize=${pageSize}&page=999`)
    expect(past.page).toBe(pages)
    expect(ids(past)).toEqual(order.slice((pages - 1) * pageSize))
  })

  it('says what a search looked through: everyone, one address through its index, or the newest people for a part', async () => {
    expect((await page('')).scope).toEqual({ kind: 'everyone' })
    const address = await page(`?search=${encodeURIComponent(' PERSON07X@Example.COM ')}`)
    expect(address.scope).toEqual({ kind: 'address' })
    expect(address.rows.map((row) => row.email)).toEqual(['person07x@example.com'])
    expect(address.total).toBe(1)
    const part = await page('?search=cleo&pageSize=100')
    expect(part.scope).toEqual({
      kind: 'partial',
      scanned: count,
      of: count,
    })
    expect(part.total).toBe(people.filter((person) => person.firstName === 'Cleo').length)
    expect((await page('?search=nobody@example.com')).total).toBe(0)
  })
})
