// Model-based UI tests of the question about news and updates (the confirmed page's, and the outcome pages'
// after a no-script choice): every path generated from the news choice machine's graph
// (test/utils/consent-models.ts) is replayed against the real view, gesture by gesture: the page handing the view
// its token, pressing the button, and the server's answers, given at the network layer (msw) when the test
// decides; fake timers for the 15 s time-out. After every step the page must show the state the graph says the
// machine is in: one assertion per state. Each request must carry the token and the choice the graph says.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { getInitialSnapshot, type AnyMachineSnapshot } from 'xstate'
import { newsChoiceMachine, type NewsChoiceStateName } from '../../../machines/news-choice-machine'
import type { NewsChoice } from '../../../shared/email-purposes'
import { NewsChoicePanel } from '../../../src/waitlist/news-choice-panel'
import { transitionPaths, type Model, type ModelEvent, type ModelPath } from '../../../tools/admin-model'
import { NEWS_TIMEOUT, newsModels, samples } from '../../utils/consent-models'
import { formWords } from '../../utils/form-words'
import { fakeClock, holdRequests } from '../../utils/held-requests'
import { describeModelGuards } from '../../utils/model-guards'

const { NETWORK, SUBMITTING } = formWords
const ENDPOINT = 'http://waitlist.test/api/waitlist'
// The page's words, written out: a changed sentence turns these red.
const WORDING = "Would you also like our news and updates? What we're building and learning, a few emails a year at most. Unsubscribe any time."
const TAKE_BACK = 'You get our news and updates as well as emails about early access. You can stop them here at any time.'
const BUTTON: Record<NewsChoice, string> = { on: 'Yes, send me news and updates', off: 'Stop news and updates' }

const { requests, answer, passTimeout } = holdRequests(`${ENDPOINT}/*`)
fakeClock()

function renderPanel({ token, offer, endpoint = ENDPOINT }: { token: string; offer: NewsChoice; endpoint?: string }) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  const panel = (readToken: () => string) => <NewsChoicePanel offer={offer} endpoint={endpoint} readToken={readToken} />
  const view = render(panel(() => token))
  return {
    user,
    view,
    reread: (next: string) => view.rerender(panel(() => next)),
    region: () => screen.queryByRole('region', { name: 'News and updates' }),
    button: () => screen.queryByRole('button'),
    said: () => document.querySelector('[aria-live="polite"]'),
  }
}
type Ui = ReturnType<typeof renderPanel>

// ---- one UI assertion per resting state of the machine ----------------------------------------------------
function expectNothing(ui: Ui) {
  expect(ui.view.container).toBeEmptyDOMElement()
  expect(ui.region()).toBeNull()
}
function expectOffer(ui: Ui, offer: NewsChoice) {
  expect(ui.button()).toHaveTextContent(BUTTON[offer])
  expect(ui.button()).toHaveAttribute('type', 'submit')
  expect(document.querySelector('input[name="news"]')).toHaveAttribute('value', offer)
  // Never pre-ticked: the only way to say yes is the button.
  expect(document.querySelector('input[type="checkbox"], input[type="radio"]')).toBeNull()
}
const uiAssertions: Record<Exclude<NewsChoiceStateName, 'start'>, (ui: Ui, expected: AnyMachineSnapshot) => void> = {
  byEmail: (ui) => {
    expectNothing(ui)
    expect(requests).toHaveLength(0)
  },
  ready: (ui, expected) => {
    expectOffer(ui, expected.context.offer)
    expect(ui.button()).toBeEnabled()
    expect(screen.getByText(expected.context.offer === 'on' ? WORDING : TAKE_BACK)).toBeInTheDocument()
    expect(ui.said()).toBeEmptyDOMElement()
  },
  missingToken: (ui) => expectNothing(ui),
  submitting: (ui, expected) => {
    expectOffer(ui, expected.context.offer)
    expect(ui.button()).toBeDisabled()
    expect(ui.said()).toHaveTextContent(SUBMITTING, { normalizeWhitespace: false })
    expect(document.querySelector('form')).toHaveAttribute('aria-busy', 'true')
  },
  answered: (ui, expected) => {
    // The answer in the server's words, and the other choice offered at once: taking back is one press.
    expect(ui.said()).toHaveTextContent(samples.newsOn.message, { normalizeWhitespace: false })
    expect(expected.context.ok).toBe(true)
    expectOffer(ui, expected.context.offer)
    expect(ui.button()).toBeEnabled()
    expect(screen.getByText(expected.context.offer === 'on' ? WORDING : TAKE_BACK)).toBeInTheDocument()
  },
  refused: (ui, expected) => {
    expect(ui.button()).toBeNull()
    expect(document.querySelector('form')).toBeNull()
    expect(ui.said()).toHaveTextContent(samples.newsRefused.message, { normalizeWhitespace: false })
    expect(expected.context.ok).toBe(false)
  },
  failure: (ui, expected) => {
    expect([NETWORK, samples.tooMany.message]).toContain(expected.context.message)
    expect(ui.said()).toHaveTextContent(expected.context.message, { normalizeWhitespace: false })
    expect(ui.button()).toBeEnabled() // trying again may help
  },
}

// ---- gestures for each event of the graph ------------------------------------------------------------
async function perform(ui: Ui, event: ModelEvent, submittedAt: { time: number }) {
  switch (event.type) {
    case 'LINK_READ':
      return act(() => ui.reread(String(event.token)))
    case 'SUBMIT':
      submittedAt.time = Date.now()
      return ui.user.click(ui.button()!)
    case 'xstate.done.actor.sendChoice': {
      const { answered, ...reply } = event.output as { ok: boolean; message: string; answered: boolean; nextToken?: string }
      return answer(answered ? HttpResponse.json(reply) : new HttpResponse(reply.message, { status: 429 }))
    }
    case 'xstate.error.actor.sendChoice':
      return answer(HttpResponse.error())
    case NEWS_TIMEOUT:
      return passTimeout(submittedAt.time, () => ui.said() as HTMLElement, SUBMITTING)
  }
  throw new Error(`no gesture for ${event.type}`)
}

// The view reads its token as it takes over, so the paths replayed begin by reading it; a SUBMIT before that
// cannot happen in a browser (the token is read before an early tap is replayed) and is replayed at machine level.
const beforeLinkRead = ['ready --SUBMIT--> missingToken']
const opened = (model: Model, name: string) =>
  transitionPaths(model)
    .filter((path) => path.steps[0]?.event.type === 'LINK_READ')
    .map((path) => ({ ...path, name: `[${name}] ${path.name}`, model }))
const uiPaths = [...opened(newsModels.asks, 'asks'), ...opened(newsModels.takesBack, 'takes back')]

async function replay(path: ModelPath & { model: Model }) {
  const [opening, ...rest] = path.steps
  const { offer } = path.model.input as { offer: NewsChoice }
  const ui = renderPanel({ token: String(opening!.event.token), offer })
  const submittedAt = { time: 0 }
  const sent: { token: string; news: NewsChoice }[] = []
  await waitFor(() => uiAssertions[opening!.state.value as keyof typeof uiAssertions](ui, opening!.state))
  for (const { event, state: expected } of rest) {
    await perform(ui, event, submittedAt)
    if (event.type === 'SUBMIT') sent.push({ token: expected.context.token, news: expected.context.offer })
    await waitFor(() => uiAssertions[expected.value as keyof typeof uiAssertions](ui, expected))
  }
  // One request per press, as JSON text to <endpoint>/news, with the token and the choice the graph says: after
  // an answer, the token it handed on and the other choice.
  await waitFor(() => expect(requests.map((request) => request.body)).toEqual(sent))
  for (const request of requests) {
    expect(request.url).toBe(`${ENDPOINT}/news`)
    expect(request.contentType).toMatch(/^text\/plain/)
  }
}

const stateNames = (Object.keys(newsChoiceMachine.root.states) as NewsChoiceStateName[]).filter((name) => !newsChoiceMachine.root.states[name]!.always)

describe('news and updates: every generated path replayed in the UI', () => {
  it.each(uiPaths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replay(path)
  })

  it('[notConfigured] (opened) ⇒ byEmail', () => {
    const ui = renderPanel({ token: samples.token, offer: 'on', endpoint: '' })
    const start = getInitialSnapshot(newsChoiceMachine, newsModels.notConfigured.input as never)
    expect(start.value).toBe('byEmail')
    uiAssertions.byEmail(ui, start)
  })
})

describeModelGuards('news and updates', {
  machine: newsChoiceMachine,
  paths: uiPaths,
  uiAssertions,
  stateNames,
  stateWord: 'resting state',
  notTaken: { but: 'a SUBMIT before the token is read', transitions: beforeLinkRead },
  alsoEndsIn: ['byEmail'], // shown by the test '[notConfigured] (opened) ⇒ byEmail' above
})

describe('news and updates', () => {
  it('sends exactly one request for a double click', async () => {
    const ui = renderPanel({ token: samples.token, offer: 'on' })
    await ui.user.dblClick(ui.button()!)
    await act(async () => document.querySelector('form')?.requestSubmit())
    await waitFor(() => expect(requests).toHaveLength(1))
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(requests).toHaveLength(1)
  })

  it('renders on the server the question and an enabled button in a form that posts back to the page, never pre-ticked', () => {
    const html = renderToString(<NewsChoicePanel offer="on" endpoint={ENDPOINT} readToken={() => ''} />)
    expect(html).toMatch(/<form[^>]*method="post"/)
    expect(html).not.toMatch(/<form[^>]*action=/) // posts to the page's own address, ?token= included
    expect(html).toContain('<input type="hidden" name="news" value="on"/>')
    expect(html).toContain(BUTTON.on)
    expect(html).not.toMatch(/disabled|checked|type="checkbox"/)
  })

  it('keeps the spent token when an answer hands on none, so the next press is refused in the server’s words', async () => {
    const ui = renderPanel({ token: samples.token, offer: 'on' })
    await ui.user.click(ui.button()!)
    await answer(HttpResponse.json({ ok: true, message: samples.newsOn.message }))
    await waitFor(() => expect(ui.button()).toHaveTextContent(BUTTON.off))
    await ui.user.click(ui.button()!)
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(requests[1]!.body).toEqual({ token: samples.token, news: 'off' })
  })
})
