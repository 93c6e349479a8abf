// Each area's first view (src/admin/area-list.ts firstView, which `npm run bench:console` times) is what the area
// asks for when it opens: the console opened at the area's address, as an owner (who may make every call), with
// the real client over msw, and every request to /api/admin after the session's recorded with its query.
import { cleanup, render, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { rolePermissions } from '../../../shared/team'
import { areas, firstCallPath, titleOf } from '../../../src/admin/area-list'
import { ConsoleApp } from '../../../src/admin/console-app'
import { questionsSamples } from '../../../tools/admin-questions-model'
import { analyticsSamples, samples, tableSamples, teamSamples, wavesSamples } from '../../../tools/admin-models'

const replies: Record<string, object> = {
  '/session': { email: samples.admin, role: 'owner', permissions: rolePermissions.owner },
  '/summary': samples.summary,
  '/setup': samples.summary.setup,
  '/analytics': analyticsSamples.report,
  '/waves': wavesSamples.notReady,
  '/updates': { updates: [] },
  '/updates/audiences': { audiences: [] },
  '/referrals': { held: [], heldTotal: 0, heldAfter: null, topReferrers: [] },
  '/signups': tableSamples.onlyPage,
  '/api-keys': { keys: [] },
  '/webhooks': { endpoints: [], eventTypes: [] },
  '/team': { members: teamSamples.members },
  '/audit': { entries: [], older: null },
  '/questions': { questions: questionsSamples.questions },
}
const asked: string[] = []
let answered = 0
const server = setupServer(
  http.all('*/api/admin/*', ({ request }) => {
    const { pathname, search } = new URL(request.url)
    const path = pathname.replace('/api/admin', '')
    if (path !== '/session') asked.push(`${request.method === 'GET' ? '' : `${request.method} `}${path}${search}`)
    const reply = replies[path]
    return reply ? HttpResponse.json({ ok: true, ...reply }) : HttpResponse.json({ ok: false, message: `no reply for ${path}` }, { status: 404 })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  asked.length = 0
  answered = 0
  server.events.removeAllListeners()
  server.events.on('response:mocked', () => void answered++)
})

it.each(areas.map((area) => [area.name, area] as const))('%s asks, when it opens, for its firstView and nothing else', async (name, area) => {
  window.history.replaceState(null, '', `/admin${area.path === '/' ? '/' : area.path}`)
  render(<ConsoleApp />)
  await waitFor(() => expect(document.title).toBe(titleOf(name)))
  const expected = area.firstView.map((call) => firstCallPath(call, new Date()))
  // Opened: its requests sent (every area makes one at least) and every one answered (the session's too), nothing busy.
  await waitFor(() => {
    expect(asked.length).toBeGreaterThan(0)
    expect(answered).toBe(asked.length + 1)
    expect(document.querySelector('[aria-busy="true"]')).toBeNull()
  })
  const message =
    `${name} (/admin${area.path}) asked for ${JSON.stringify(asked)} when it opened; its firstView in src/admin/area-list.ts says ${JSON.stringify(expected)}. ` +
    `If the area is right, its firstView is the line to change.`
  expect([...asked].sort(), message).toEqual([...expected].sort())
  cleanup()
})
