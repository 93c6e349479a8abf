// What the console asks for its pages (issue 35), at the fetch boundary: a cursor when the table follows one and
// none when it jumps (never the text "undefined"), and the held referrals' and the audit log's cursors as sent.
import { fetchAudit, fetchReferrals, fetchSignups, isSignupPage } from '../../../src/admin/admin-api-client'
import { firstQuery } from '../../../machines/admin-table-machine'

const asked: URL[] = []
const aPage = { rows: [], total: 0, page: 1, cursors: { before: null, after: null }, scope: { kind: 'everyone' } }
let reply: unknown = aPage
beforeEach(() => {
  asked.length = 0
  reply = aPage
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(new URL(url, 'http://console.test'))
    return new Response(JSON.stringify({ ok: true, ...(reply as object) }), { headers: { 'Content-Type': 'application/json' } })
  })
})
afterEach(() => vi.unstubAllGlobals())

const signal = new AbortController().signal
const params = (url: URL) => Object.fromEntries(url.searchParams)

it('sends a jump by page alone and a step with its cursor', async () => {
  await fetchSignups({ ...firstQuery, page: 40_000 }, signal)
  await fetchSignups({ ...firstQuery, search: 'ada', page: 2, after: 'a b/c' }, signal)
  await fetchSignups({ ...firstQuery, page: 1, before: 'xyz' }, signal)
  expect(asked.map((url) => url.pathname)).toEqual(['/api/admin/signups', '/api/admin/signups', '/api/admin/signups'])
  expect(params(asked[0]!)).toEqual({ search: '', sort: 'createdAt', direction: 'desc', page: '40000', pageSize: '25' })
  expect(params(asked[1]!)).toEqual({ search: 'ada', sort: 'createdAt', direction: 'desc', page: '2', pageSize: '25', after: 'a b/c' })
  expect(params(asked[2]!)).toMatchObject({ page: '1', before: 'xyz' })
  expect(asked[2]!.searchParams.has('after')).toBe(false)
})

it('asks for the first page of a paged list with no cursor, and a later one with the cursor it was given', async () => {
  await fetchReferrals(null, signal)
  await fetchReferrals('2026-11-24T09:30:00.000Z_7', signal)
  await fetchAudit(null, signal)
  await fetchAudit('51', signal)
  expect(asked.map((url) => `${url.pathname}${url.search}`)).toEqual([
    '/api/admin/referrals',
    '/api/admin/referrals?after=2026-11-24T09%3A30%3A00.000Z_7',
    '/api/admin/audit',
    '/api/admin/audit?before=51',
  ])
})

it('turns a page without its cursors or scope into an error the table shows, not a crash of the console', async () => {
  expect(isSignupPage(aPage)).toBe(true)
  expect(isSignupPage({ ...aPage, cursors: { before: 'b', after: null }, scope: { kind: 'partial', scanned: 1, of: 2 } })).toBe(true)
  for (const broken of [null, {}, { rows: [], total: 3 }, { ...aPage, cursors: null }, { ...aPage, cursors: { before: 1, after: null } }, { ...aPage, scope: undefined }])
    expect(isSignupPage(broken), JSON.stringify(broken)).toBe(false)
  reply = { rows: [], total: 3 } // a server that predates the keyset contract
  await expect(fetchSignups(firstQuery, signal)).rejects.toThrow(/lacks its cursors or scope/)
})
