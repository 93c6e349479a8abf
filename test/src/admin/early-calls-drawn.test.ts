// The console's page with its Overview drawn on the server (server/features/console/first-view-page.ts) carries the
// session and the figures it was drawn from: the early calls (src/admin/early-calls.ts) then ask for neither again,
// only for the Overview's other parts, and main.tsx reads both from the page (known-at-start.ts). At the network
// layer (msw): every request the console makes is seen.
import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { firstViewDataId } from '../../../shared/console-pages'
import { callEarly } from '../../../src/admin/early-calls'
import { drawnFirstView } from '../../../src/admin/known-at-start'
import { samples } from '../../../tools/admin-models'

const asked: string[] = []
const server = setupServer(http.get('*/api/admin/*', ({ request }) => HttpResponse.json({ ok: true, asked: new URL(request.url).pathname })))
server.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
afterEach(() => document.getElementById(firstViewDataId)?.remove())

const drawnPage = (data: string) => {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = firstViewDataId
  block.textContent = data
  document.head.append(block)
}

it('asks for the Overview’s parts but not the session or the figures the server drew it from, and reads those from the page', async () => {
  expect(drawnFirstView()).toBeUndefined()
  const given = { session: samples.session, summary: samples.summary }
  drawnPage(JSON.stringify(given))
  expect(callEarly('/admin/', '/admin')?.name).toBe('Overview')
  await waitFor(() => expect(asked).toHaveLength(4))
  expect(asked.sort()).toEqual(['/api/admin/analytics', '/api/admin/send-rates', '/api/admin/setup', '/api/admin/waves'])
  expect(drawnFirstView()).toEqual(given)
})

it('reads nothing from a data block it cannot read', () => {
  drawnPage('{"session":')
  expect(drawnFirstView()).toBeUndefined()
})
