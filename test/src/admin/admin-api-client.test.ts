// What the console asks for its pages (issue 35), at the fetch boundary: a cursor when the table follows one and
// none when it jumps (never the text "undefined"), and the held referrals' and the audit log's cursors as sent.
import { fetchAudit, fetchReferrals, fetchSignups } from '../../../src/admin/admin-api-client'
import { firstQuery } from '../../../machines/admin-table-machine'

const asked: URL[] = []
beforeEach(() => {
  asked.length = 0
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(new URL(url, 'http://console.test'))
    return new Response(JSON.stringify({ ok: true }), { headers: { 'Content-Type': 'application/json' } })
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
