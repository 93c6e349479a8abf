// Model-based UI tests of the request for a copy of one's data (/waitlist/copy), as of the erasure request form's
// (erase-request-form.test.tsx): every path generated from the own data request machine's graph (test/utils/consent-models.ts), with and without an endpoint, is replayed against
// the real form, gesture by gesture, with the HTTP side stubbed at the network layer (msw) and fake timers
// for the 15 s time-out. After every step the form must show the state the graph says: one assertion per state.
import { render, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { getInitialSnapshot, type AnyMachineSnapshot } from 'xstate'
import { ownDataRequestMachine, type OwnDataRequestStateName } from '../../../machines/own-data-request-machine'
import { OwnDataRequestForm } from '../../../src/waitlist/own-data-request-form'
import { transitionPaths, type ModelEvent, type ModelPath } from '../../../tools/admin-model'
import { OWN_DATA_TIMEOUT, ownDataModels, samples } from '../../utils/consent-models'
import { expectError, expectNoError } from '../../utils/email-field'
import { formWords } from '../../utils/form-words'
import { captureMailDrafts, holdRequests, requestsSent, fakeClock } from '../../utils/held-requests'
import { describeModelGuards } from '../../utils/model-guards'
import { expectOneRequestAfterResubmits } from '../../utils/repeated-submits'

const { INVALID, MAILTO, NETWORK, SUBMITTING } = formWords
const ENDPOINT = 'http://waitlist.test/api/waitlist'
const BUTTON = 'Email me my data'

// ---- the network holds every request until the test answers it; mail drafts are captured, not followed ----
const { requests, answer, passTimeout } = holdRequests(`${ENDPOINT}/copy`)
const mailDrafts = captureMailDrafts('http://localhost/waitlist/copy')
fakeClock()

function renderForm(endpoint = ENDPOINT) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  const view = render(<OwnDataRequestForm endpoint={endpoint} />)
  const form = view.container.querySelector('form')!
  const scope = within(form)
  return {
    user,
    form,
    email: () => scope.getByLabelText('Email'),
    button: () => scope.getByRole('button', { name: BUTTON }),
    status: () => scope.getByRole('status'),
  }
}
type Ui = ReturnType<typeof renderForm>

// ---- one UI assertion per machine state ------------------------------------------------------------------
const uiAssertions: Record<OwnDataRequestStateName, (ui: Ui, expected: AnyMachineSnapshot, event: ModelEvent | undefined) => void> = {
  idle: (ui, expected) => {
    expect(ui.status()).toBeEmptyDOMElement()
    expect(ui.button()).toBeEnabled()
    expectNoError(ui)
    expect(ui.email()).toHaveValue(expected.context.email)
  },
  invalid: (ui, expected, event) => {
    expectError(ui, INVALID)
    expect(ui.button()).toBeEnabled()
    if (event?.type === 'SUBMIT') expect(ui.email()).toHaveFocus()
    expect(ui.email()).toHaveValue(expected.context.email)
  },
  submitting: (ui, expected) => {
    expect(ui.status()).toHaveTextContent(SUBMITTING, { normalizeWhitespace: false })
    expect(ui.button()).toBeDisabled()
    expect(ui.form).toHaveAttribute('aria-busy', 'true')
    expectNoError(ui)
    expect(ui.email()).toHaveValue(expected.context.email)
  },
  success: (ui, expected) => {
    // The server's sentence, the same for every address; the field is emptied.
    expect(ui.status()).toHaveTextContent(samples.copyRequested.message, { normalizeWhitespace: false })
    expect(ui.button()).toBeEnabled()
    expectNoError(ui)
    expect(ui.email()).toHaveValue(expected.context.email)
  },
  failure: (ui, expected) => {
    expect([NETWORK, samples.eraseRefused.message]).toContain(expected.context.message)
    expectError(ui, expected.context.message)
    expect(ui.button()).toBeEnabled()
    expect(ui.email()).toHaveValue(expected.context.email)
  },
  mailtoFallback: (ui, expected) => {
    expect(ui.status()).toHaveTextContent(MAILTO, { normalizeWhitespace: false })
    const link = within(ui.status()).getByRole('link', { name: 'email link' })
    expect(link).toHaveAttribute('href', expected.context.mailtoHref)
    expect(expected.context.mailtoHref).toMatch(/^mailto:privacy@stridehealth\.example\?subject=A%20copy%20of%20my%20data&body=/)
    expect(mailDrafts.at(-1)).toBe(expected.context.mailtoHref)
    expect(requests).toHaveLength(0)
    expectNoError(ui)
  },
}

// ---- gestures for each event of the graph ------------------------------------------------------------
async function perform(ui: Ui, event: ModelEvent, submittedAt: { time: number }) {
  switch (event.type) {
    case 'EMAIL_CHANGED':
      await ui.user.clear(ui.email())
      return ui.user.type(ui.email(), String(event.value))
    case 'SUBMIT':
      submittedAt.time = Date.now()
      return ui.user.click(ui.button())
    case 'xstate.done.actor.requestOwnData':
      return answer(HttpResponse.json(event.output as { ok: boolean; message: string }))
    case 'xstate.error.actor.requestOwnData':
      return answer(HttpResponse.error())
    case OWN_DATA_TIMEOUT:
      return passTimeout(submittedAt.time, ui.status, SUBMITTING)
  }
  throw new Error(`no gesture for ${event.type}`)
}

const paths = [
  ...transitionPaths(ownDataModels.configured).map((path) => ({ ...path, name: `[configured] ${path.name}`, endpoint: ENDPOINT })),
  ...transitionPaths(ownDataModels.notConfigured).map((path) => ({ ...path, name: `[notConfigured] ${path.name}`, endpoint: '' })),
]

async function replay(path: ModelPath & { endpoint: string }) {
  const ui = renderForm(path.endpoint)
  const submittedAt = { time: 0 }
  const initial = getInitialSnapshot(ownDataRequestMachine, { contactEmail: 'privacy@stridehealth.example', endpointConfigured: path.endpoint !== '' })
  uiAssertions.idle(ui, initial, undefined)
  for (const { event, state: expected } of path.steps) {
    await perform(ui, event, submittedAt)
    await waitFor(() => uiAssertions[expected.value as OwnDataRequestStateName](ui, expected, event))
  }
  // Exactly one request per entry into `submitting`: the trimmed address as JSON text, to <endpoint>/copy.
  await waitFor(() => expect(requests).toHaveLength(requestsSent(initial.value, path.steps)))
  for (const request of requests) {
    expect(request.url).toBe(`${ENDPOINT}/copy`)
    expect(request.contentType).toMatch(/^text\/plain/)
    expect(request.body).toEqual({ email: samples.validEmail })
  }
}

describe('own data request form: every generated path replayed in the UI', () => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replay(path)
  })
})

describeModelGuards('own data request form', { machine: ownDataRequestMachine, paths, uiAssertions })

describe('own data request form', () => {
  it('sends exactly one request for a double click and a repeated submit', async () => {
    const ui = renderForm()
    await ui.user.type(ui.email(), '  ada@example.com ')
    await ui.user.dblClick(ui.button())
    await expectOneRequestAfterResubmits(ui.form, requests)
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com' })
  })

  it("shows the endpoint's sentence when a reply comes without one", async () => {
    const ui = renderForm()
    await ui.user.type(ui.email(), 'ada@example.com')
    await ui.user.click(ui.button())
    await answer(HttpResponse.json({ ok: true }))
    await waitFor(() => expect(ui.status()).toHaveTextContent(samples.copyRequested.message))
  })

  it.each([
    ['the rate limit', new HttpResponse('Too many requests from your network. Please wait a minute and try again.', { status: 429 }), 'Too many requests from your network.'],
    ['a server error', new HttpResponse(null, { status: 500 }), 'Something went wrong.'],
  ])('shows %s as a red error tied to the email field', async (_case, response, message) => {
    const ui = renderForm()
    await ui.user.type(ui.email(), 'ada@example.com')
    await ui.user.click(ui.button())
    await answer(response)
    await waitFor(() => expect(ui.status()).toHaveTextContent(message))
    expect(ui.email()).toHaveAttribute('aria-invalid', 'true')
    expect(ui.email()).toHaveValue('ada@example.com')
  })

  it('labels its field, and posts without a script to <endpoint>/copy (or a mail draft with no endpoint)', () => {
    const ui = renderForm()
    expect(ui.email()).toHaveAttribute('type', 'email')
    expect(ui.email()).toHaveAttribute('name', 'email')
    expect(ui.email()).toHaveAttribute('autocomplete', 'email')
    expect(ui.form).toHaveAttribute('method', 'post')
    expect(ui.form).toHaveAttribute('action', `${ENDPOINT}/copy`)
    const html = renderToString(<OwnDataRequestForm endpoint="" />)
    expect(html).toContain('action="mailto:privacy@stridehealth.example?subject=A%20copy%20of%20my%20data"')
    expect(html).toMatch(/enctype="text\/plain"/i)
  })
})
