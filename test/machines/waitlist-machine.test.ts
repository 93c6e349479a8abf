// @vitest-environment node
// The waitlist machine driven as a real actor, transition by transition (the form's states in
// docs/product-rules.md#the-waitlist-form), with a stub request actor and fake timers for the 15 s `after`.
// Messages are written out word for word (docs/product-rules.md#messages).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { waitlistMachine, type WaitlistInput } from '../../machines/waitlist-machine'
import type { RequestReply } from '../../machines/request-form'
import type { SignupRequest } from '../../shared/signup'
import { isValidEmail } from '../../machines/waitlist-messages'
import { formWords } from '../utils/form-words'

const { INVALID, MAILTO, NETWORK, NO_MESSAGE, SUBMITTING, SUCCESS } = formWords
const contactEmail = 'hello@stridehealth.example'
const configured: WaitlistInput = { contactEmail, source: 'stride-marketing-site', endpointConfigured: true }
const notConfigured: WaitlistInput = { ...configured, endpointConfigured: false }

interface Call {
  input: SignupRequest
  signal: AbortSignal
  resolve: (result: RequestReply) => void
  reject: (error: unknown) => void
}

function start(input: WaitlistInput = configured) {
  const calls: Call[] = []
  const focusEmailField = vi.fn()
  const openMailDraft = vi.fn()
  const machine = waitlistMachine.provide({
    actions: { focusEmailField, openMailDraft: ({ context }) => openMailDraft(context.mailtoHref) },
    actors: {
      submitSignup: fromPromise<RequestReply, SignupRequest>(
        ({ input: signup, signal }) =>
          new Promise((resolve, reject) => calls.push({ input: signup, signal, resolve, reject })),
      ),
    },
  })
  const actor = createActor(machine, { input }).start()
  const fill = (firstName: string, email: string) => {
    actor.send({ type: 'FIRST_NAME_CHANGED', value: firstName })
    actor.send({ type: 'EMAIL_CHANGED', value: email })
  }
  return { actor, calls, focusEmailField, openMailDraft, fill }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('email rule (something@something.something, on the trimmed value)', () => {
  it.each(['ada@example.com', 'a@b.c', '  ada@example.com  ', 'ada.l+list@mail.example.co.uk'])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })
  it.each(['', '   ', 'ada', 'ada@example', 'ada@.com', '@example.com', 'ada@example.', 'ada @example.com', 'ada@exa mple.com'])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false)
    },
  )
})

describe('waitlist machine', () => {
  it('starts idle with empty fields, no message and ok null', () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toMatchObject({ firstName: '', email: '', message: '', ok: null })
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true)
  })

  it('keeps what the visitor types (FIRST_NAME_CHANGED, EMAIL_CHANGED) without changing state', () => {
    const { actor, fill } = start()
    fill(' Ada ', ' ada@example.com ')
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toMatchObject({ firstName: ' Ada ', email: ' ada@example.com ' })
  })

  it.each(['', 'ada', 'ada@example', '  ada@example  '])('SUBMIT with %j: invalid, ok false, focus on email, no request', (email) => {
    const { actor, calls, focusEmailField, fill } = start()
    fill('Ada', email)
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('invalid')
    expect(actor.getSnapshot().context).toMatchObject({ message: INVALID, ok: false, email: email.trim() })
    expect(focusEmailField).toHaveBeenCalledTimes(1)
    expect(calls).toHaveLength(0)
  })

  it('SUBMIT again while invalid re-enters invalid and focuses the email field again', () => {
    const { actor, focusEmailField } = start()
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('invalid')
    expect(focusEmailField).toHaveBeenCalledTimes(2)
  })

  it("SUBMIT with a valid email: submitting, 'Submitting…', busy, trimmed fields sent once", () => {
    const { actor, calls, fill } = start()
    fill('  Ada  ', '  ada@example.com ')
    actor.send({ type: 'SUBMIT' })
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('submitting')
    expect(snapshot.context).toMatchObject({ message: SUBMITTING, ok: null, firstName: 'Ada', email: 'ada@example.com' })
    expect(snapshot.hasTag('busy')).toBe(true)
    expect(snapshot.can({ type: 'SUBMIT' })).toBe(false)
    expect(calls.map((call) => call.input)).toEqual([
      { firstName: 'Ada', email: 'ada@example.com', source: 'stride-marketing-site' },
    ])
  })

  it('ignores further SUBMITs while submitting: a double click sends exactly one request', () => {
    const { actor, calls, fill } = start()
    fill('', 'ada@example.com')
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(calls).toHaveLength(1)
  })

  it('success: resets both fields, green message with the contact address, ok true', async () => {
    const { actor, calls, fill } = start()
    fill('Ada', 'ada@example.com')
    actor.send({ type: 'SUBMIT' })
    calls[0]?.resolve({ ok: true, message: 'Welcome aboard' })
    await settle()
    expect(actor.getSnapshot().value).toBe('success')
    expect(actor.getSnapshot().context).toMatchObject({ firstName: '', email: '', message: SUCCESS, ok: true })
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
  })

  it('failure with a server message: shows it, keeps the input, ok false', async () => {
    const { actor, calls, fill } = start()
    fill('Ada', 'ada@example.com')
    actor.send({ type: 'SUBMIT' })
    calls[0]?.resolve({ ok: false, message: 'This email is already on the list.' })
    await settle()
    expect(actor.getSnapshot().value).toBe('failure')
    expect(actor.getSnapshot().context).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
      message: 'This email is already on the list.',
      ok: false,
    })
  })

  it("failure without a message: 'Something went wrong. Please try again in a moment.'", async () => {
    const { actor, calls, fill } = start()
    fill('', 'ada@example.com')
    actor.send({ type: 'SUBMIT' })
    calls[0]?.resolve({ ok: false, message: '' })
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ message: NO_MESSAGE, ok: false })
  })

  it('a rejected request: failure with the network message', async () => {
    const { actor, calls, fill } = start()
    fill('', 'ada@example.com')
    actor.send({ type: 'SUBMIT' })
    calls[0]?.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(actor.getSnapshot().value).toBe('failure')
    expect(actor.getSnapshot().context).toMatchObject({ message: NETWORK, ok: false, email: 'ada@example.com' })
  })

  it('no answer: leaves submitting at exactly 15 000 ms, aborts the request, shows the network message', async () => {
    const { actor, calls, fill } = start()
    fill('', 'ada@example.com')
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(14_999)
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(calls[0]?.signal.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().value).toBe('failure')
    expect(actor.getSnapshot().context).toMatchObject({ message: NETWORK, ok: false, email: 'ada@example.com' })
    expect(calls[0]?.signal.aborted).toBe(true)
    // A late answer changes nothing.
    calls[0]?.resolve({ ok: true, message: '' })
    await settle()
    expect(actor.getSnapshot().value).toBe('failure')
  })

  it('an answer in time cancels the time-out', async () => {
    const { actor, calls, fill } = start()
    fill('', 'ada@example.com')
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(10_000)
    calls[0]?.resolve({ ok: true, message: '' })
    await settle()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().value).toBe('success')
  })

  it('retries from failure: SUBMIT sends a new request with the kept input', async () => {
    const { actor, calls, fill } = start()
    fill('Ada', 'ada@example.com')
    actor.send({ type: 'SUBMIT' })
    calls[0]?.reject(new Error('offline'))
    await settle()
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(calls).toHaveLength(2)
    expect(calls[1]?.input).toEqual(calls[0]?.input)
  })

  it('from success, an empty SUBMIT is invalid and a new email submits again', async () => {
    const { actor, calls, fill } = start()
    fill('', 'ada@example.com')
    actor.send({ type: 'SUBMIT' })
    calls[0]?.resolve({ ok: true, message: '' })
    await settle()
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('invalid')
    fill('', 'grace@example.com')
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('submitting')
  })

  it('not configured: mailtoFallback opens an encoded mail draft and shows the neutral message', () => {
    const { actor, calls, openMailDraft, fill } = start(notConfigured)
    fill('  ', ' ada@example.com ')
    actor.send({ type: 'SUBMIT' })
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('mailtoFallback')
    expect(snapshot.context).toMatchObject({ message: MAILTO, ok: null })
    expect(snapshot.context.mailtoHref).toBe(
      'mailto:hello@stridehealth.example?subject=Waitlist&body=Name%3A%20(not%20provided)%0D%0AEmail%3A%20ada%40example.com%0D%0ASource%3A%20stride-marketing-site',
    )
    expect(openMailDraft).toHaveBeenCalledWith(snapshot.context.mailtoHref)
    expect(calls).toHaveLength(0)
  })

  it('not configured: an invalid email is still invalid, and no draft opens', () => {
    const { actor, openMailDraft, fill } = start(notConfigured)
    fill('Ada', 'ada@example')
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('invalid')
    expect(openMailDraft).not.toHaveBeenCalled()
  })

  it('without a provided request actor, a submit ends in failure (the placeholder rejects)', async () => {
    const actor = createActor(waitlistMachine, { input: configured }).start()
    actor.send({ type: 'EMAIL_CHANGED', value: 'ada@example.com' })
    actor.send({ type: 'SUBMIT' })
    await settle()
    expect(actor.getSnapshot().value).toBe('failure')
    expect(actor.getSnapshot().context.message).toBe(NETWORK)
  })

  it('two actors of the same machine never share state', () => {
    const hero = start()
    const bottom = start()
    hero.fill('Ada', 'ada@example')
    hero.actor.send({ type: 'SUBMIT' })
    expect(hero.actor.getSnapshot().value).toBe('invalid')
    expect(bottom.actor.getSnapshot().value).toBe('idle')
    expect(bottom.actor.getSnapshot().context).toMatchObject({ firstName: '', email: '', message: '' })
  })
})
