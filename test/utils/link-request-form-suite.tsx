// Model-based UI tests of a request for a link to one's inbox (src/waitlist/link-request-form.tsx), as each page
// gives it: every path generated from its machine's graph (test/utils/consent-models.ts), with and without an
// endpoint, is replayed against the real form, gesture by gesture, with the HTTP side stubbed at the network layer
// (msw) and fake timers for the 15 s time-out. After every step the form must show the state the graph says: one
// assertion per state. Each page's test file calls it with its own words, path, reply and mail draft.
import { render, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { getInitialSnapshot, type AnyMachineSnapshot } from 'xstate'
import type { LinkRequestStateName } from '../../machines/link-request-machine'
import { LinkRequestForm } from '../../src/waitlist/link-request-form'
import type { LinkRequestPage } from '../../src/waitlist/link-requests'
import { transitionPaths, type Model, type ModelEvent, type ModelPath } from '../../tools/admin-model'
import { samples } from './consent-models'
import { expectError, expectNoError } from './email-field'
import { formWords } from './form-words'
import { captureMailDrafts, holdRequests, requestsSent, fakeClock } from './held-requests'
import { describeModelGuards } from './model-guards'
import { expectOneRequestAfterResubmits } from './repeated-submits'

const { INVALID, MAILTO, NETWORK, SUBMITTING } = formWords
const ENDPOINT = 'http://waitlist.test/api/waitlist'

export interface LinkRequestFormCase {
  /** How the suites are named: 'erase request form'. */
  name: string
  request: LinkRequestPage
  models: { configured: Model; notConfigured: Model }
  /** The time-out's event type (`xstate.after.submitTimeout.<machine>.submitting`). */
  timeout: string
  /** The button's name, the draft's subject as it stands in a mailto URL, and the server's sentence when it worked. */
  button: string
  encodedSubject: string
  requested: { ok: boolean; message: string }
}

export function describeLinkRequestForm({ name, request, models, timeout, button, encodedSubject, requested }: LinkRequestFormCase) {
  const url = `${ENDPOINT}/${request.path}`
  const requestId = request.requestId

  // ---- the network holds every request until the test answers it; mail drafts are captured, not followed ----
  const { requests, answer, passTimeout } = holdRequests(url)
  const mailDrafts = captureMailDrafts(`http://localhost/waitlist/${request.path}`)
  fakeClock()

  function renderForm(endpoint = ENDPOINT) {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const view = render(<LinkRequestForm request={request} endpoint={endpoint} />)
    const form = view.container.querySelector('form')!
    const scope = within(form)
    return {
      user,
      form,
      email: () => scope.getByLabelText('Email'),
      button: () => scope.getByRole('button', { name: button }),
      status: () => scope.getByRole('status'),
    }
  }
  type Ui = ReturnType<typeof renderForm>

  // ---- one UI assertion per machine state ------------------------------------------------------------------
  const uiAssertions: Record<LinkRequestStateName, (ui: Ui, expected: AnyMachineSnapshot, event: ModelEvent | undefined) => void> = {
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
      expect(ui.status()).toHaveTextContent(requested.message, { normalizeWhitespace: false })
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
      expect(expected.context.mailtoHref.startsWith(`mailto:privacy@stridehealth.example?subject=${encodedSubject}&body=`)).toBe(true)
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
      case `xstate.done.actor.${requestId}`:
        return answer(HttpResponse.json(event.output as { ok: boolean; message: string }))
      case `xstate.error.actor.${requestId}`:
        return answer(HttpResponse.error())
      case timeout:
        return passTimeout(submittedAt.time, ui.status, SUBMITTING)
    }
    throw new Error(`no gesture for ${event.type}`)
  }

  const paths = [
    ...transitionPaths(models.configured).map((path) => ({ ...path, name: `[configured] ${path.name}`, endpoint: ENDPOINT })),
    ...transitionPaths(models.notConfigured).map((path) => ({ ...path, name: `[notConfigured] ${path.name}`, endpoint: '' })),
  ]

  async function replay(path: ModelPath & { endpoint: string }) {
    const ui = renderForm(path.endpoint)
    const submittedAt = { time: 0 }
    const initial = getInitialSnapshot(request.machine, { contactEmail: 'privacy@stridehealth.example', endpointConfigured: path.endpoint !== '' })
    uiAssertions.idle(ui, initial, undefined)
    for (const { event, state: expected } of path.steps) {
      await perform(ui, event, submittedAt)
      await waitFor(() => uiAssertions[expected.value as LinkRequestStateName](ui, expected, event))
    }
    // Exactly one request per entry into `submitting`: the trimmed address as JSON text, to <endpoint>/<path>.
    await waitFor(() => expect(requests).toHaveLength(requestsSent(initial.value, path.steps)))
    for (const sent of requests) {
      expect(sent.url).toBe(url)
      expect(sent.contentType).toMatch(/^text\/plain/)
      expect(sent.body).toEqual({ email: samples.validEmail })
    }
  }

  describe(`${name}: every generated path replayed in the UI`, () => {
    it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
      await replay(path)
    })
  })

  describeModelGuards(name, { machine: request.machine, paths, uiAssertions })

  describe(name, () => {
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
      await waitFor(() => expect(ui.status()).toHaveTextContent(requested.message))
    })

    it.each([
      ['the rate limit', () => new HttpResponse('Too many requests from your network. Please wait a minute and try again.', { status: 429 }), 'Too many requests from your network.'],
      ['a server error', () => new HttpResponse(null, { status: 500 }), 'Something went wrong.'],
    ])('shows %s as a red error tied to the email field', async (_case, response, message) => {
      const ui = renderForm()
      await ui.user.type(ui.email(), 'ada@example.com')
      await ui.user.click(ui.button())
      await answer(response())
      await waitFor(() => expect(ui.status()).toHaveTextContent(message))
      expect(ui.email()).toHaveAttribute('aria-invalid', 'true')
      expect(ui.email()).toHaveValue('ada@example.com')
    })

    it(`labels its field, and posts without a script to <endpoint>/${request.path} (or a mail draft with no endpoint)`, () => {
      const ui = renderForm()
      expect(ui.email()).toHaveAttribute('type', 'email')
      expect(ui.email()).toHaveAttribute('name', 'email')
      expect(ui.email()).toHaveAttribute('autocomplete', 'email')
      expect(ui.form).toHaveAttribute('method', 'post')
      expect(ui.form).toHaveAttribute('action', url)
      const html = renderToString(<LinkRequestForm request={request} endpoint="" />)
      expect(html).toContain(`action="mailto:privacy@stridehealth.example?subject=${encodedSubject}"`)
      expect(html).toMatch(/enctype="text\/plain"/i)
    })
  })
}
