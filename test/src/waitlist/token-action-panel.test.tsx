// Model-based UI tests of the pages behind the links in our emails: every path generated from the token
// action machine's graph (test/utils/consent-models.ts) is replayed against the real view, gesture by
// gesture: opening the link (the view reads its token when it takes over), pressing the button, and the
// server's answers, given at the network layer (msw) when the test decides; fake timers for the 15 s time-out.
// After every step the page must show the state the graph says the machine is in: one assertion per state.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { getInitialSnapshot, type AnyMachineSnapshot } from 'xstate'
import { tokenActionMachine, type TokenActionStateName } from '../../../machines/token-action-machine'
import { tokenPages, type TokenAction } from '../../../src/content/consent-pages'
import { TokenActionPanel } from '../../../src/waitlist/token-action-panel'
import { transitionPaths, type ModelEvent, type ModelPath } from '../../../tools/admin-model'
import { TOKEN_TIMEOUT, samples, tokenModels } from '../../utils/consent-models'
import { formWords } from '../../utils/form-words'
import { holdRequests, requestsSent, fakeClock } from '../../utils/held-requests'
import { describeModelGuards } from '../../utils/model-guards'

const { NETWORK, SUBMITTING } = formWords
const ENDPOINT = 'http://waitlist.test/api/waitlist'
const STOP_ALL = 'Stop all email'
const suffixes = { confirm: '/confirm', unsubscribe: '/unsubscribe', eraseConfirm: '/erase/confirm' } as const

// ---- the network holds every request until the test answers it -------------------------------------------
const { requests, answer, passTimeout } = holdRequests(`${ENDPOINT}/*`)
fakeClock()

function renderPanel({ token, endpoint = ENDPOINT, action = 'confirm' }: { token: string; endpoint?: string; action?: TokenAction }) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  const panel = (readToken: () => string) => (
    <TokenActionPanel action={action} endpoint={endpoint} readToken={readToken} renderNext={(outcome) => <a href={`/next-${outcome}`}>next: {outcome}</a>} />
  )
  const view = render(panel(() => token))
  return {
    user,
    action,
    copy: tokenPages[action],
    /** The link read again (only a model path does this; a page reads its link once). */
    reread: (next: string) => view.rerender(panel(() => next)),
    button: () => screen.queryByRole('button', { name: tokenPages[action].button }),
    stopAll: () => screen.queryByRole('button', { name: STOP_ALL }),
    status: () => screen.getByRole('status'),
    next: () => screen.queryByRole('link', { name: /^next:/ }),
  }
}
type Ui = ReturnType<typeof renderPanel>

// ---- one UI assertion per resting state of the machine ----------------------------------------------------
function expectNoButton(ui: Ui) {
  expect(ui.button()).toBeNull()
  expect(ui.stopAll()).toBeNull()
  expect(document.querySelector('form')).toBeNull()
}
const uiAssertions: Record<Exclude<TokenActionStateName, 'start'>, (ui: Ui, expected: AnyMachineSnapshot) => void> = {
  byEmail: (ui) => {
    expectNoButton(ui)
    expect(ui.status()).toHaveTextContent(ui.copy.byEmail)
    expect(ui.next()).toBeNull()
    expect(requests).toHaveLength(0)
  },
  ready: (ui) => {
    expect(ui.button()).toBeEnabled()
    expect(ui.button()).toHaveAttribute('type', 'submit')
    // Only the unsubscribe page has the second button.
    if (ui.action === 'unsubscribe') expect(ui.stopAll()).toBeEnabled()
    else expect(ui.stopAll()).toBeNull()
    expect(screen.getByText(ui.copy.body)).toBeInTheDocument()
    expect(ui.status()).toBeEmptyDOMElement()
    expect(ui.next()).toBeNull()
  },
  missingToken: (ui) => {
    expectNoButton(ui)
    expect(ui.status()).toHaveTextContent(ui.copy.missingToken)
    expect(ui.next()).toHaveAttribute('href', '/next-refused')
  },
  submitting: (ui) => {
    expect(ui.button()).toBeDisabled()
    if (ui.action === 'unsubscribe') expect(ui.stopAll()).toBeDisabled()
    expect(ui.status()).toHaveTextContent(SUBMITTING, { normalizeWhitespace: false })
    expect(document.querySelector('form')).toHaveAttribute('aria-busy', 'true')
    expect(ui.next()).toBeNull()
  },
  done: (ui, expected) => {
    expectNoButton(ui)
    expect(ui.status()).toHaveTextContent(expected.context.message, { normalizeWhitespace: false })
    expect(expected.context.message).toBe(samples.done.message)
    expect(expected.context.ok).toBe(true)
    expect(ui.next()).toHaveAttribute('href', '/next-done')
  },
  refused: (ui, expected) => {
    expectNoButton(ui)
    expect(ui.status()).toHaveTextContent(samples.refused.message, { normalizeWhitespace: false })
    expect(expected.context.ok).toBe(false)
    expect(ui.next()).toHaveAttribute('href', '/next-refused')
  },
  failure: (ui, expected) => {
    expect([NETWORK, samples.tooMany.message]).toContain(expected.context.message)
    expect(ui.status()).toHaveTextContent(expected.context.message, { normalizeWhitespace: false })
    expect(ui.button()).toBeEnabled() // trying again may help
    expect(ui.next()).toBeNull()
  },
}

// ---- gestures for each event of the graph ------------------------------------------------------------
async function perform(ui: Ui, event: ModelEvent, submittedAt: { time: number }) {
  switch (event.type) {
    case 'LINK_READ':
      return act(() => ui.reread(String(event.token)))
    case 'SUBMIT':
      submittedAt.time = Date.now()
      return ui.user.click((event.scope === 'all' ? ui.stopAll() : ui.button())!)
    case 'xstate.done.actor.sendToken': {
      const output = event.output as { ok: boolean; message: string; answered: boolean }
      // An answered reply is JSON; the 429 of the rate limit is text, like every HTTP error.
      return answer(output.answered ? HttpResponse.json({ ok: output.ok, message: output.message }) : new HttpResponse(output.message, { status: 429 }))
    }
    case 'xstate.error.actor.sendToken':
      return answer(HttpResponse.error())
    case TOKEN_TIMEOUT:
      return passTimeout(submittedAt.time, ui.status, SUBMITTING)
  }
  throw new Error(`no gesture for ${event.type}`)
}

// Opening the page is the first LINK_READ: the view reads its link as it takes over. So the paths replayed
// here are those that begin by reading the link; the one transition only a path without it could take,
// a SUBMIT before the link is read, cannot happen in a browser (the page reads its link before it replays
// an early tap) and is replayed at machine level only.
// A path that presses "stop all email" is replayed on the unsubscribe page, the one page with that button.
const beforeLinkRead = ['ready --SUBMIT--> missingToken']
const uiPaths: ModelPath[] = transitionPaths(tokenModels.configured).filter((path) => path.steps[0]?.event.type === 'LINK_READ')
const stopsAll = (path: ModelPath) => path.steps.some((step) => step.event.type === 'SUBMIT' && step.event.scope === 'all')

async function replay(path: ModelPath) {
  const [opening, ...rest] = path.steps
  const ui = renderPanel({ token: String(opening!.event.token), action: stopsAll(path) ? 'unsubscribe' : 'confirm' })
  const submittedAt = { time: 0 }
  await waitFor(() => uiAssertions[opening!.state.value as keyof typeof uiAssertions](ui, opening!.state))
  for (const { event, state: expected } of rest) {
    await perform(ui, event, submittedAt)
    await waitFor(() => uiAssertions[expected.value as keyof typeof uiAssertions](ui, expected))
  }
  // Exactly one request per entry into `submitting`: the link's token, as JSON text, to <endpoint>/confirm (or
  // /unsubscribe), and "stop all email"'s scope when that button was pressed.
  await waitFor(() => expect(requests).toHaveLength(requestsSent(opening!.state.value, rest)))
  const presses = rest.filter((step) => step.event.type === 'SUBMIT' && step.state.value === 'submitting')
  requests.forEach((request, index) => {
    expect(request.url).toBe(`${ENDPOINT}${suffixes[ui.action]}`)
    expect(request.contentType).toMatch(/^text\/plain/)
    expect(request.body).toEqual(presses[index]!.event.scope === 'all' ? { token: samples.token, scope: 'all' } : { token: samples.token })
  })
}

const stateNames = (Object.keys(tokenActionMachine.root.states) as TokenActionStateName[]).filter((name) => !tokenActionMachine.root.states[name]!.always)

describe('token action page: every generated path replayed in the UI', () => {
  it.each(uiPaths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replay(path)
  })

  it('[notConfigured] (opened) ⇒ byEmail', async () => {
    const ui = renderPanel({ token: samples.token, endpoint: '' })
    expect(getInitialSnapshot(tokenActionMachine, tokenModels.notConfigured.input as never).value).toBe('byEmail')
    uiAssertions.byEmail(ui, getInitialSnapshot(tokenActionMachine, tokenModels.notConfigured.input as never))
  })
})

describeModelGuards('token action page', {
  machine: tokenActionMachine,
  paths: uiPaths,
  uiAssertions,
  stateNames,
  stateWord: 'resting state',
  notTaken: { but: 'a SUBMIT before the link is read', transitions: beforeLinkRead },
  alsoEndsIn: ['byEmail'], // shown by the test '[notConfigured] (opened) ⇒ byEmail' above
})

describe('token action page', () => {
  it('sends exactly one request for a double click', async () => {
    const ui = renderPanel({ token: samples.token })
    await ui.user.dblClick(ui.button()!)
    await act(async () => document.querySelector('form')?.requestSubmit())
    await waitFor(() => expect(requests).toHaveLength(1))
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(requests).toHaveLength(1)
  })

  it.each([
    ['unsubscribe', '/unsubscribe'],
    ['eraseConfirm', '/erase/confirm'],
  ] as const)('%s posts the token to <endpoint>%s', async (action, suffix) => {
    const ui = renderPanel({ token: samples.token, action })
    await ui.user.click(ui.button()!)
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]).toMatchObject({ url: `${ENDPOINT}${suffix}`, body: { token: samples.token } })
    await answer(HttpResponse.json({ ok: true, message: '' }))
    // A reply without a sentence gets the endpoint's own sentence for that action.
    await waitFor(() => expect(ui.status()).toHaveTextContent(action === 'unsubscribe' ? /You're unsubscribed/ : /Your signup is deleted/))
  })

  it('shows a server error as text, and lets the visitor try again', async () => {
    const ui = renderPanel({ token: samples.token })
    await ui.user.click(ui.button()!)
    await answer(new HttpResponse('Something went wrong on our side. Please try again in a moment.', { status: 500 }))
    await waitFor(() => expect(ui.status()).toHaveTextContent('Something went wrong on our side.'))
    expect(ui.button()).toBeEnabled()
  })

  it('renders on the server the explanation and an enabled button in a form that posts back to the page', () => {
    const html = renderToString(<TokenActionPanel action="confirm" endpoint={ENDPOINT} renderNext={() => null} />)
    expect(html).toMatch(/<form[^>]*method="post"/)
    expect(html).not.toMatch(/<form[^>]*action=/) // posts to the page's own address, ?token= included
    expect(html).toContain(tokenPages.confirm.button)
    expect(html).not.toContain('disabled')
    expect(html).not.toContain(STOP_ALL)
  })

  it('renders on the unsubscribe page a second form, "stop all email", that posts scope=all back to the page', () => {
    const html = renderToString(<TokenActionPanel action="unsubscribe" endpoint={ENDPOINT} renderNext={() => null} />)
    const forms = html.match(/<form[^>]*>/g) ?? []
    expect(forms).toHaveLength(2)
    for (const form of forms) expect(form).not.toMatch(/action=/)
    expect(html).toMatch(/<form[^>]*>(?:(?!<\/form>).)*name="scope" value="all"(?:(?!<\/form>).)*Stop all email/)
  })
})
