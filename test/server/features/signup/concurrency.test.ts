// @vitest-environment node
// Many visitors at once: 500 simultaneous first signups are 500 rows, and 200 simultaneous signups of one
// email (with different casing of the domain) are one.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { messages } from '../../../../shared/messages'
import { startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: TestServer
beforeEach(async () => {
  server = await startTestServer()
})
afterEach(() => server.close())

it('stores 500 concurrent unique signups as exactly 500 rows', async () => {
  const emails = Array.from({ length: 500 }, (_, index) => `person-${index}@example.com`)
  const replies = await Promise.all(emails.map(async (email) => (await server.post({ ...validSignup, email })).json()))
  expect(replies.every((reply) => reply.ok === true && reply.message === messages.success)).toBe(true)
  const rows = await server.rows()
  expect(rows).toHaveLength(500)
  expect(new Set(rows.map((row) => row.email))).toEqual(new Set(emails))
})

it('stores 200 concurrent signups of one person as one row', async () => {
  const replies = await Promise.all(
    Array.from({ length: 200 }, async (_, index) =>
      (await server.post({ ...validSignup, email: index % 2 ? 'ann@EXAMPLE.com' : 'ann@example.COM' })).text(),
    ),
  )
  expect(new Set(replies).size).toBe(1)
  expect(await server.rows()).toHaveLength(1)
})
