// Model-based UI tests: every path generated from the waitlist machine graph (test/utils/waitlist-model)
// is replayed against the real form, gesture by gesture, with the HTTP side stubbed at the network layer
// (msw) and fake timers for the 15 s time-out. After every step the page must show the state the machine
// graph says it is in: one UI assertion per state, keyed by state name.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { getInitialSnapshot } from 'xstate'
import { waitlistMachine, type WaitlistSnapshot, type WaitlistStateName } from '../../../machines/waitlist-machine'
import { palettes, theme, type ColorToken } from '../../../src/ui/theme'
import { captureLanding, forgetLanding } from '../../../src/waitlist/landing-campaign'
import { WaitlistForm } from '../../../src/waitlist/waitlist-form'
import { REQUEST_DONE, REQUEST_ERROR, REQUEST_TIMEOUT, allTransitionPaths, type ModelEvent, type ModelPath } from '../../utils/waitlist-model'
import { expectError as expectFieldError, expectNoError } from '../../utils/email-field'
import { formWords } from '../../utils/form-words'
import { captureMailDrafts, fakeClock, holdRequests, requestsSent } from '../../utils/held-requests'
import { describeModelGuards } from '../../utils/model-guards'
import { expectOneRequestAfterResubmits } from '../../utils/repeated-submits'

const { INVALID, MAILTO, NETWORK, SUBMITTING, SUCCESS } = formWords
const ENDPOINT = 'http://waitlist.test/api'
const INBOX = "Check your inbox: if this address still needs confirming, we've sent it a confirmation link."
const CONSENT_WORDING = "We'll email you to confirm, and only about early access. Unsubscribe any time."
const CONSENT_VERSION = '2026-11-22'

// ---- the network holds every request until the test answers it; mail drafts are captured, not followed ----
const { requests, answer, passTimeout } = holdRequests(ENDPOINT)
const mailDrafts = captureMailDrafts('http://localhost/')
fakeClock()

function renderForm(formId = 'hero', endpoint = ENDPOINT) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  const view = render(<WaitlistForm formId={formId} endpoint={endpoint} />)
  const form = view.container.querySelector('form')!
  const scope = within(form)
  return {
    user,
    form,
    /** The separate line after a successful signup (outside the status: the success sentence stays alone). */
    inboxNote: () => view.container.querySelector<HTMLElement>('form + p[aria-live]')!,
    firstName: () => scope.getByLabelText(/^First name/),
    email: () => scope.getByLabelText('Email'),
    button: () => scope.getByRole('button', { name: 'Join the waitlist' }),
    status: () => scope.getByRole('status'),
  }
}
type Ui = ReturnType<typeof renderForm>

// ---- one UI assertion per machine state ------------------------------------------------------------------
const WHITE = [255, 255, 255] as const
function contrastWithWhite(color: string) {
  const channels = color.match(/\d+/g)!.slice(0, 3).map(Number)
  const lum = (rgb: readonly number[]) =>
    rgb
      .map((c) => c / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0)
  return (lum(WHITE) + 0.05) / (lum(channels) + 0.05)
}
// Colours are theme tokens (CSS custom properties), which jsdom does not resolve: read a token's value in
// the light palette. The dark palette's contrast is checked in the browser suite (axe in both schemes).
const tokenValue = (value: string) => {
  const token = (Object.keys(palettes.light) as ColorToken[]).find((name) => theme.color[name] === value)
  if (!token) return value
  const hex = palettes.light[token]
  return `rgb(${(hex.slice(1).match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)).join(', ')})`
}
const colorOf = (element: HTMLElement) => tokenValue(getComputedStyle(element).color)
const GREEN = /^rgb\(\d{1,2}, (1\d\d|[89]\d), \d{1,2}\)$/ // a dark green: green channel well above red and blue
const RED = /^rgb\(1\d\d, \d{1,2}, \d{1,2}\)$/

function expectFields(ui: Ui, expected: WaitlistSnapshot) {
  expect(ui.firstName()).toHaveValue(expected.context.firstName)
  expect(ui.email()).toHaveValue(expected.context.email)
}
/** The email field's error (test/utils/email-field.ts), in red that reads on white. */
function expectError(ui: Ui, message: string) {
  expectFieldError(ui, message)
  expect(colorOf(ui.status())).toMatch(RED)
  expect(contrastWithWhite(colorOf(ui.status()))).toBeGreaterThanOrEqual(4.5)
}

type UiAssertion = (ui: Ui, expected: WaitlistSnapshot, event: ModelEvent) => void
const uiAssertions: Record<WaitlistStateName, UiAssertion> = {
  idle: (ui, expected) => {
    expect(ui.status()).toBeEmptyDOMElement()
    expect(ui.button()).toBeEnabled()
    expectNoError(ui)
    expectFields(ui, expected)
  },
  invalid: (ui, expected, event) => {
    expectError(ui, INVALID)
    expect(ui.button()).toBeEnabled()
    if (event.type === 'SUBMIT') expect(ui.email()).toHaveFocus()
    expectFields(ui, expected)
  },
  submitting: (ui, expected) => {
    expect(ui.status()).toHaveTextContent(SUBMITTING, { normalizeWhitespace: false })
    expect(ui.button()).toBeDisabled()
    expect(ui.form).toHaveAttribute('aria-busy', 'true')
    expectNoError(ui)
    expectFields(ui, expected)
  },
  success: (ui, expected) => {
    expect(ui.status()).toHaveTextContent(SUCCESS, { normalizeWhitespace: false })
    expect(ui.status()).not.toHaveTextContent(INBOX)
    expect(ui.inboxNote()).toHaveTextContent(INBOX, { normalizeWhitespace: false })
    expect(colorOf(ui.status())).toMatch(GREEN)
    expect(contrastWithWhite(colorOf(ui.status()))).toBeGreaterThanOrEqual(4.5)
    expect(ui.button()).toBeEnabled()
    expectNoError(ui)
    expectFields(ui, expected) // emptied by the success itself, refilled only by what was typed since
  },
  failure: (ui, expected) => {
    expect([NETWORK, 'This email is already on the list.']).toContain(expected.context.message)
    expectError(ui, expected.context.message)
    expect(ui.button()).toBeEnabled()
    expectFields(ui, expected) // the input is kept so the visitor can fix it and submit again
  },
  mailtoFallback: (ui, expected) => {
    expect(ui.status()).toHaveTextContent(MAILTO, { normalizeWhitespace: false })
    const link = within(ui.status()).getByRole('link', { name: 'email link' })
    expect(link).toHaveAttribute('href', expected.context.mailtoHref)
    expect(expected.context.mailtoHref).toMatch(/^mailto:hello@stridehealth\.example\?subject=Waitlist&body=/)
    expect(mailDrafts.at(-1)).toBe(expected.context.mailtoHref)
    expect(requests).toHaveLength(0)
    expectNoError(ui)
    expectFields(ui, expected)
  },
}

// ---- gestures for each event of the graph ------------------------------------------------------------
async function perform(ui: Ui, event: ModelEvent, submittedAt: { time: number }) {
  switch (event.type) {
    case 'FIRST_NAME_CHANGED':
    case 'EMAIL_CHANGED': {
      const field = event.type === 'EMAIL_CHANGED' ? ui.email() : ui.firstName()
      await ui.user.clear(field)
      await ui.user.type(field, event.value)
      return
    }
    case 'SUBMIT':
      submittedAt.time = Date.now()
      await ui.user.click(ui.button())
      return
    case REQUEST_DONE:
      await answer(HttpResponse.json(event.output))
      return
    case REQUEST_ERROR:
      await answer(HttpResponse.error())
      return
    case REQUEST_TIMEOUT:
      await passTimeout(submittedAt.time, ui.status, SUBMITTING)
      return
  }
}

async function replay(path: ModelPath) {
  const ui = renderForm('hero', path.input.endpointConfigured ? ENDPOINT : '')
  const submittedAt = { time: 0 }
  const initial = getInitialSnapshot(waitlistMachine, path.input)
  uiAssertions[initial.value](ui, initial, { type: 'FIRST_NAME_CHANGED', value: '' })
  for (const { event, state: expected } of path.steps) {
    await perform(ui, event, submittedAt)
    await waitFor(() => uiAssertions[expected.value](ui, expected, event))
    if (expected.value !== 'success') expect(ui.inboxNote()).toBeEmptyDOMElement()
  }
  // Exactly one request per entry into `submitting`, each a text/plain JSON of the trimmed fields.
  await waitFor(() => expect(requests).toHaveLength(requestsSent(initial.value, path.steps)))
  for (const request of requests) {
    expect(request.contentType).toMatch(/^text\/plain/)
    expect(request.body).toMatchObject({ source: 'stride-marketing-site', submissionId: expect.any(String), consentVersion: CONSENT_VERSION })
    expect(request.body).not.toHaveProperty('website')
  }
}

const paths = allTransitionPaths()

describe('waitlist form: every generated path replayed in the UI', () => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replay(path)
  })
})

describeModelGuards('waitlist form', { machine: waitlistMachine, paths, uiAssertions, splitNameChecks: true })

describe('waitlist form', () => {
  it('gives each form its own state: two forms side by side never share it', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(
      <>
        <WaitlistForm formId="hero" endpoint={ENDPOINT} />
        <WaitlistForm formId="bottom" endpoint={ENDPOINT} />
      </>,
    )
    const [heroForm, bottomForm] = document.querySelectorAll('form')
    const hero = within(heroForm!)
    const bottom = within(bottomForm!)
    expect(hero.getByLabelText('Email').id).not.toBe(bottom.getByLabelText('Email').id)
    expect(hero.getByRole('status').id).not.toBe(bottom.getByRole('status').id)

    await user.type(hero.getByLabelText('Email'), 'ada@example')
    await user.click(hero.getByRole('button', { name: 'Join the waitlist' }))
    expect(hero.getByRole('status')).toHaveTextContent(INVALID)
    expect(bottom.getByRole('status')).toBeEmptyDOMElement()
    expect(bottom.getByLabelText('Email')).toHaveValue('')

    await user.type(bottom.getByLabelText('Email'), 'grace@example.com')
    await user.click(bottom.getByRole('button', { name: 'Join the waitlist' }))
    expect(bottom.getByRole('status')).toHaveTextContent(SUBMITTING)
    expect(bottom.getByRole('button', { name: 'Join the waitlist' })).toBeDisabled()
    expect(hero.getByRole('button', { name: 'Join the waitlist' })).toBeEnabled()
    expect(hero.getByRole('status')).toHaveTextContent(INVALID)
    expect(hero.getByLabelText('Email')).toHaveValue('ada@example')

    await answer(HttpResponse.json({ ok: true, message: '' }))
    await waitFor(() => expect(bottom.getByRole('status')).toHaveTextContent(SUCCESS))
    expect(hero.getByRole('status')).toHaveTextContent(INVALID)
    expect(requests.map((r) => r.body.email)).toEqual(['grace@example.com'])
  })

  it('sends exactly one request for a double click, an Enter and a repeated submit', async () => {
    const ui = renderForm()
    await ui.user.type(ui.firstName(), '  Ada  ')
    await ui.user.type(ui.email(), 'ada@example.com')
    await ui.user.dblClick(ui.button())
    await ui.user.type(ui.email(), '{Enter}')
    await expectOneRequestAfterResubmits(ui.form, requests)
    expect(requests[0]?.body).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', source: 'stride-marketing-site' })
  })

  it('aborts the request when the form goes away mid-request (the actor stops, its signal aborts)', async () => {
    const ui = renderForm()
    await ui.user.type(ui.email(), 'ada@example.com')
    await ui.user.click(ui.button())
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]?.signal.aborted).toBe(false)
    cleanup()
    await waitFor(() => expect(requests[0]?.signal.aborted).toBe(true))
  })

  it('submits with Enter from the email field', async () => {
    const ui = renderForm()
    await ui.user.type(ui.email(), 'ada@example.com{Enter}')
    expect(ui.status()).toHaveTextContent(SUBMITTING)
    await waitFor(() => expect(requests).toHaveLength(1))
  })

  it.each([
    ['ok false without a message', HttpResponse.json({ ok: false }), 'An API error occurred.'],
    ['an HTTP error with text', new HttpResponse('The waitlist sheet is full.', { status: 503 }), 'The waitlist sheet is full.'],
    ['an HTTP error without text', new HttpResponse(null, { status: 500 }), 'Something went wrong.'],
    ['an unreadable body', new HttpResponse('Thanks!', { status: 200 }), 'Something went wrong. Please try again in a moment.'],
    ['a network failure', HttpResponse.error(), NETWORK],
  ])('shows %s as a red error tied to the email field', async (_case, response, message) => {
    const ui = renderForm()
    await ui.user.type(ui.email(), 'ada@example.com')
    await ui.user.click(ui.button())
    await answer(response)
    await waitFor(() => expectError(ui, message))
    expect(ui.email()).toHaveValue('ada@example.com')
  })

  it('renders server text as text, never as markup', async () => {
    const ui = renderForm()
    const hostile = '<img src="x" onerror="alert(1)"><b>bold</b>'
    await ui.user.type(ui.email(), 'ada@example.com')
    await ui.user.click(ui.button())
    await answer(HttpResponse.json({ ok: false, message: hostile }))
    await waitFor(() => expect(ui.status()).toHaveTextContent(hostile, { normalizeWhitespace: false }))
    expect(ui.status().querySelector('img, b')).toBeNull()
  })

  it('sends the honeypot when a bot fills it, and keeps it out of the accessibility tree', async () => {
    const ui = renderForm()
    expect(within(ui.form).getAllByRole('textbox')).toHaveLength(2) // first name and email only
    const honeypot = within(ui.form).getByLabelText('Leave this field empty')
    expect(honeypot).toHaveAttribute('name', 'website')
    expect(honeypot).toHaveAttribute('tabindex', '-1')
    expect(honeypot).toHaveAttribute('autocomplete', 'off')
    await ui.user.type(honeypot, 'http://spam.example')
    await ui.user.type(ui.email(), 'bot@example.com')
    await ui.user.click(ui.button())
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]?.body.website).toBe('http://spam.example')
  })

  it('opens a mail draft when no endpoint is configured, with the link in the message', async () => {
    const ui = renderForm('bottom', '')
    await ui.user.type(ui.email(), 'ada@example.com')
    await ui.user.click(ui.button())
    const href =
      'mailto:hello@stridehealth.example?subject=Waitlist&body=Name%3A%20(not%20provided)%0D%0AEmail%3A%20ada%40example.com%0D%0ASource%3A%20stride-marketing-site'
    expect(mailDrafts).toEqual([href])
    expect(ui.status()).toHaveTextContent(MAILTO, { normalizeWhitespace: false })
    expect(within(ui.status()).getByRole('link', { name: 'email link' })).toHaveAttribute('href', href)
    expect(colorOf(ui.status())).not.toMatch(RED)
    expect(colorOf(ui.status())).not.toMatch(GREEN)
    expect(requests).toHaveLength(0)
  })

  it('labels its fields and links the Privacy Policy under the form', () => {
    const ui = renderForm()
    expect(ui.firstName()).toHaveAttribute('name', 'firstName')
    expect(ui.firstName()).toHaveAttribute('autocomplete', 'given-name')
    expect(ui.firstName()).not.toBeRequired()
    expect(ui.email()).toHaveAttribute('type', 'email')
    expect(ui.email()).toHaveAttribute('name', 'email')
    expect(ui.email()).toHaveAttribute('autocomplete', 'email')
    expect(ui.email()).toBeRequired()
    expect(ui.button()).toHaveAttribute('type', 'submit')
    expect(ui.status()).toHaveAttribute('aria-live', 'polite')
    expect(ui.form).toContainElement(ui.status())
    expect(ui.email()).toHaveStyle({ minHeight: '44px' })
    expect(ui.button()).toHaveStyle({ minHeight: '44px' })
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' })
    expect(privacy).toHaveAttribute('href', '/legal#privacy-policy')
    expect(ui.form).not.toContainElement(privacy)
    expect(ui.form.compareDocumentPosition(privacy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('shows the consent wording and sends its version, with the campaign this visit landed with', async () => {
    captureLanding('https://stridehealth.example/?utm_source=newsletter&utm_campaign=fall&utm_content=hero&utm_term=knees', 'https://news.example.org/a')
    try {
      const ui = renderForm()
      expect(screen.getByText(CONSENT_WORDING, { exact: false })).toBeInTheDocument()
      const hidden = ui.form.querySelector('input[type="hidden"][name="consentVersion"]')
      expect(hidden).toHaveAttribute('value', CONSENT_VERSION) // the no-script post carries it too
      await ui.user.type(ui.email(), 'ada@example.com')
      await ui.user.click(ui.button())
      await waitFor(() => expect(requests).toHaveLength(1))
      expect(requests[0]?.body).toMatchObject({
        consentVersion: CONSENT_VERSION,
        utmSource: 'newsletter',
        utmCampaign: 'fall',
        referrerOrigin: 'https://news.example.org',
      })
      expect(requests[0]?.body).not.toHaveProperty('utmMedium')
      // utm_content and utm_term are counted with the visit, never kept with a signup.
      expect(requests[0]?.body).not.toHaveProperty('utmContent')
      expect(requests[0]?.body).not.toHaveProperty('utmTerm')
    } finally {
      forgetLanding()
    }
  })

  it('renders on the server the same form, idle', () => {
    const html = renderToString(<WaitlistForm formId="hero" endpoint={ENDPOINT} />)
    expect(html).toContain('id="hero-email"')
    expect(html).toContain('Join the waitlist')
    expect(html).toContain('href="/legal#privacy-policy"')
    expect(html).not.toContain('disabled')
  })
})
