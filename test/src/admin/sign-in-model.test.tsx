// Model-based UI tests of the console's sign-in: every path of the sign-in machine's graph (both with and
// without a link in the address) is replayed against the real console, gesture by gesture: typing, pressing
// buttons, and the server's answers, given at the network layer (msw) when the test decides. After every step
// the screen must show the state the graph says the machine is in: one UI assertion per state.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { ConsoleApp } from '../../../src/admin/console-app'
import { transitionPaths, type ModelEvent, type ModelPath } from '../../../tools/admin-model'
import { analyticsSamples, samples, signInWithLink, signInWithoutLink, tableSamples, wavesSamples } from '../../../tools/admin-models'

type Pending = { path: string; answer: (response: Response) => void }
let pending: Pending[] = []
let dashboardStatus = 200
const hold = ({ request }: { request: Request }) => new Promise<Response>((answer) => pending.push({ path: new URL(request.url).pathname, answer }))
const server = setupServer(
  http.get('*/api/admin/session', hold),
  http.post('*/api/admin/sign-in/request', hold),
  http.post('*/api/admin/sign-in/verify', hold),
  http.post('*/api/admin/sign-out', hold),
  // The dashboard's own reads answer at once (401 when the model says the session is lost).
  http.get('*/api/admin/summary', () => (dashboardStatus === 200 ? HttpResponse.json({ ok: true, ...samples.summary }) : HttpResponse.json({ ok: false }, { status: 401 }))),
  http.get('*/api/admin/setup', () => (dashboardStatus === 200 ? HttpResponse.json({ ok: true, ...samples.summary.setup }) : HttpResponse.json({ ok: false }, { status: 401 }))),
  http.get('*/api/admin/referrals', () => (dashboardStatus === 200 ? HttpResponse.json({ ok: true, held: [], heldTotal: 0, heldAfter: null, topReferrers: [] }) : HttpResponse.json({ ok: false }, { status: 401 }))),
  http.get('*/api/admin/waves', () => (dashboardStatus === 200 ? HttpResponse.json({ ok: true, ...wavesSamples.notReady }) : HttpResponse.json({ ok: false }, { status: 401 }))),
  http.get('*/api/admin/analytics', () => (dashboardStatus === 200 ? HttpResponse.json({ ok: true, ...analyticsSamples.report }) : HttpResponse.json({ ok: false }, { status: 401 }))),
  http.get('*/api/admin/audit', () => HttpResponse.json({ ok: true, entries: [], older: null })),
  http.get('*/api/admin/webhooks', () => HttpResponse.json({ ok: true, endpoints: [], eventTypes: [] })),
  http.get('*/api/admin/team', () => HttpResponse.json({ ok: true, members: [] })),
  http.get('*/api/admin/signups', () =>
    dashboardStatus === 200 ? HttpResponse.json({ ok: true, ...tableSamples.onlyPage }) : HttpResponse.json({ ok: false, message: 'Please sign in.' }, { status: 401 }),
  ),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const answers: Record<string, [string, () => Response]> = {
  'xstate.done.actor.checkSession': ['/api/admin/session', () => HttpResponse.json({ ok: false, message: 'Please sign in.' }, { status: 401 })],
  'xstate.error.actor.checkSession': ['/api/admin/session', () => new HttpResponse('down', { status: 502 })],
  'xstate.done.actor.requestLink': ['/api/admin/sign-in/request', () => HttpResponse.json({ ok: true, message: samples.linkSent }, { status: 202 })],
  'xstate.error.actor.requestLink': ['/api/admin/sign-in/request', () => new HttpResponse('down', { status: 502 })],
  'xstate.done.actor.verifyToken': ['/api/admin/sign-in/verify', () => HttpResponse.json({ ok: true, ...samples.session })],
  'xstate.error.actor.verifyToken': ['/api/admin/sign-in/verify', () => HttpResponse.json({ ok: false, message: 'refused' }, { status: 400 })],
  'xstate.done.actor.signOut': ['/api/admin/sign-out', () => HttpResponse.json({ ok: true })],
  'xstate.error.actor.signOut': ['/api/admin/sign-out', () => new HttpResponse('down', { status: 502 })],
}

async function perform(event: ModelEvent, user: ReturnType<typeof userEvent.setup>) {
  if (event.type === 'xstate.done.actor.checkSession' && event.output) {
    const request = pending.find((entry) => entry.path === '/api/admin/session')!
    pending = pending.filter((entry) => entry !== request)
    return request.answer(HttpResponse.json({ ok: true, ...samples.session }))
  }
  const answer = answers[event.type]
  if (answer) {
    const request = await waitFor(() => {
      const found = pending.find((entry) => entry.path === answer[0])
      if (!found) throw new Error(`no ${answer[0]} request`)
      return found
    })
    pending = pending.filter((entry) => entry !== request)
    return request.answer(answer[1]())
  }
  switch (event.type) {
    case 'EMAIL_CHANGED': {
      const field = screen.getByLabelText('Work email')
      await user.clear(field)
      return user.type(field, String(event.value))
    }
    case 'SUBMIT':
      return user.click(screen.getByRole('button', { name: /Email me a sign-in link|Send another link/ }))
    case 'CONFIRM':
      return user.click(screen.getByRole('button', { name: 'Sign in' }))
    case 'SIGN_OUT':
      return user.click(screen.getByRole('button', { name: 'Sign out' }))
    case 'SESSION_LOST':
      // The session ends on the server; the next thing the person does (opening People) meets a 401. The Overview
      // has its figures first, as a person sees it before moving on: else its own first calls, late on a loaded
      // machine, met the 401 and signed the person out before People could be opened.
      await waitFor(() => expect(screen.getByRole('region', { name: 'Totals' })).toHaveAttribute('aria-busy', 'false'))
      dashboardStatus = 401
      await user.click(screen.getByRole('button', { name: 'Menu' }))
      return user.click(screen.getByRole('link', { name: 'People' }))
  }
  throw new Error(`no gesture for ${event.type}`)
}

const expectations = {
  checking: async () => expect(await screen.findByText('Checking your session…')).toBeVisible(),
  signedOut: async () => expect(await screen.findByRole('button', { name: 'Email me a sign-in link' })).toBeEnabled(),
  requesting: async () => expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled(),
  linkSent: async () => {
    expect(await screen.findByRole('button', { name: 'Send another link' })).toBeEnabled()
    expect(screen.getByRole('status')).toHaveTextContent(samples.linkSent)
  },
  confirming: async () => expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled(),
  verifying: async () => expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled(),
  signedIn: async () => {
    expect(await screen.findByText(samples.admin)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled()
  },
  signingOut: async () => expect(await screen.findByRole('button', { name: 'Signing out…' })).toBeDisabled(),
} satisfies Record<string, () => Promise<void>>

it('has one screen assertion for every state of the sign-in machine, and none for a state it lacks', () => {
  expect(Object.keys(expectations).sort()).toEqual(Object.keys(signInWithLink.machine.root.states).sort())
})

async function replay(path: ModelPath, token: string | null) {
  pending = []
  dashboardStatus = 200
  window.history.replaceState(null, '', token ? `/admin/sign-in#token=${token}` : '/admin/')
  const user = userEvent.setup()
  render(<ConsoleApp />)
  await expectations.checking()
  for (const { event, state } of path.steps) {
    await perform(event, user)
    await expectations[state.value as keyof typeof expectations]()
    if (state.context.message) expect(await screen.findByText(state.context.message)).toBeVisible()
  }
  if (path.steps.some((step) => step.state.matches('verifying'))) expect(window.location.hash).toBe('') // the used link left the address bar
}

describe.each([
  ['opened from a link', signInWithLink, samples.token],
  ['opened plainly', signInWithoutLink, null],
] as const)('the console sign-in, %s', (_, model, token) => {
  it.each(transitionPaths(model).map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replay(path, token)
  })
})
