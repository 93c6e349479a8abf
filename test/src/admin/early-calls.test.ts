// The answers the console asks for before its script runs (src/admin/early-calls.ts), known by their route's name,
// whatever the address each was asked at: main.tsx starts signed in when the session's is in, and draws the totals
// first when the summary's is. At the network layer (msw), each answer held back until the test lets it go.
import { waitFor } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { sendGuardDefaults } from '../../../shared/update-rows'
import { answeredEarly, callEarly, takeEarly } from '../../../src/admin/early-calls'
import { analyticsSamples, samples, wavesSamples } from '../../../tools/admin-models'

const held = { summary: true }
const ok = (body: object) => HttpResponse.json({ ok: true, ...body })
const server = setupServer(
  http.get('*/api/admin/session', () => ok(samples.session)),
  http.get('*/api/admin/summary', async () => {
    while (held.summary) await delay(5)
    return ok(samples.summary)
  }),
  http.get('*/api/admin/setup', () => ok(samples.summary.setup)),
  // The analytics' call carries the Overview's days in its query: it is known by its route all the same.
  http.get('*/api/admin/analytics', () => ok(analyticsSamples.report)),
  http.get('*/api/admin/waves', () => ok(wavesSamples.notReady)),
  http.get('*/api/admin/send-rates', () => ok({ emails: 0, hardBounces: 0, complaints: 0, guard: sendGuardDefaults })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('says a route’s early answer is in once it has come with a 200, until it is taken; never for a route not asked', async () => {
  expect(callEarly('/admin/', '/admin/')?.name).toBe('Overview')
  await waitFor(() => expect(answeredEarly('session')).toBe(true))
  await waitFor(() => expect(answeredEarly('analytics')).toBe(true))
  expect(answeredEarly('summary')).toBe(false)
  expect(answeredEarly('signups')).toBe(false)

  held.summary = false
  await waitFor(() => expect(answeredEarly('summary')).toBe(true))
  expect((await takeEarly('/api/admin/summary'))?.status).toBe(200)
  expect(answeredEarly('summary')).toBe(false)
})
