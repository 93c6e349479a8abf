// The console started with the session its page already has (src/admin/main.tsx): the first thing drawn is the
// console itself, as that member, with no "Checking your session…" drawn and replaced, and the session is not
// asked for again; the Overview asks for its own data as always. At the network layer (msw).
import { render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { SessionReply } from '../../../shared/console-api'
import { sendGuardDefaults } from '../../../shared/update-rows'
import { rolePermissions } from '../../../shared/team'
import { ConsoleApp, prepareConsole } from '../../../src/admin/console-app'
import { keepFigures } from '../../../src/admin/known-at-start'
import { analyticsSamples, samples, wavesSamples } from '../../../tools/admin-models'

const asked: string[] = []
const ok = (body: object) => HttpResponse.json({ ok: true, ...body })
const server = setupServer(
  http.get('*/api/admin/session', () => {
    asked.push('/session')
    return ok(samples.session)
  }),
  http.get('*/api/admin/summary', () => (asked.push('/summary'), ok(samples.summary))),
  http.get('*/api/admin/setup', () => (asked.push('/setup'), ok(samples.summary.setup))),
  http.get('*/api/admin/analytics', () => (asked.push('/analytics'), ok(analyticsSamples.report))),
  http.get('*/api/admin/waves', () => (asked.push('/waves'), ok(wavesSamples.notReady))),
  http.get('*/api/admin/send-rates', () => (asked.push('/send-rates'), ok({ emails: 0, hardBounces: 0, complaints: 0, guard: sendGuardDefaults }))),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const viewer: SessionReply = { email: 'viewer@company.example', role: 'viewer', permissions: [...rolePermissions.viewer] }

it('opens signed in as the given member, with no check drawn, and asks for the Overview alone', async () => {
  window.history.replaceState(null, '', '/admin/')
  // Everything the page draws, from before its first render: the check must never be among it.
  const drawn: string[] = []
  const watch = new MutationObserver(() => drawn.push(document.body.textContent ?? ''))
  watch.observe(document.body, { childList: true, subtree: true, characterData: true })
  render(<ConsoleApp prepared={prepareConsole(viewer)} />)
  expect(await screen.findByRole('heading', { name: 'Totals' })).toBeVisible()
  watch.disconnect()
  expect(drawn.length).toBeGreaterThan(0)
  expect(drawn.filter((text) => text.includes('Checking your session'))).toEqual([])
  expect(screen.getByText(viewer.email)).toBeVisible()
  await waitFor(() => expect(asked).toContain('/summary'))
  expect(asked).not.toContain('/session')
})

/** The console as main.tsx starts it, signed in as the viewer with its router loaded; what the page drew, change by
 * change, from before its first render. */
async function startedPrepared() {
  window.history.replaceState(null, '', '/admin/')
  const prepared = prepareConsole(viewer)
  await prepared.router.load()
  const drawn: string[] = []
  const watch = new MutationObserver(() => drawn.push(document.body.textContent ?? ''))
  watch.observe(document.body, { childList: true, subtree: true, characterData: true })
  render(<ConsoleApp prepared={prepared} />)
  return { drawn, watch }
}

it('with its router loaded before the first render, draws the console in its first frame, never an empty one', async () => {
  const { drawn, watch } = await startedPrepared()
  expect(await screen.findByRole('heading', { name: 'Totals' })).toBeVisible()
  watch.disconnect()
  // The first change the page saw already holds the shell, as the member.
  expect(drawn[0]).toContain(viewer.email)
})

it('with the figures kept at the start, draws the totals with no "Loading the figures…" and asks for them no more', async () => {
  asked.length = 0
  keepFigures({ ...samples.summary, totals: { ...samples.summary.totals, all: 41 } })
  const { drawn, watch } = await startedPrepared()
  const totals = await screen.findByRole('region', { name: 'Totals' })
  expect(totals).toHaveTextContent('41')
  await waitFor(() => expect(asked).toContain('/setup'))
  watch.disconnect()
  expect(drawn.filter((text) => text.includes('Loading the figures'))).toEqual([])
  expect(asked).not.toContain('/summary')
})
