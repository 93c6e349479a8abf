// The consent machines as test models (the generic builder is admin-model.ts, the same as the console's):
// sample events, and state keys that are the value plus what decides a guard, so the graph stays finite.
// Each model comes with and without an endpoint: a build without one is a different machine's life.
import { isValidEmail } from '../../machines/waitlist-messages'
import { eraseRequestMachine } from '../../machines/erase-request-machine'
import { tokenActionMachine } from '../../machines/token-action-machine'
import { done, failed, type Model, type ModelEvent } from './admin-model'

export const samples = {
  token: 'tok_' + 'x'.repeat(39),
  done: { ok: true, message: "Thanks, your email is confirmed. We'll write to you when early access opens.", answered: true },
  refused: {
    ok: false,
    message: "This confirmation link has expired or was already used. If you haven't confirmed yet, join the waitlist again for a new link.",
    answered: true,
  },
  tooMany: { ok: false, message: 'Too many requests from your network. Please wait a minute and try again.', answered: false },
  validEmail: 'ada@example.com',
  /** Has '@' but no dot after it: the site's email rule (something@something.something) rejects it. */
  invalidEmail: 'ada@example',
  eraseRequested: { ok: true, message: "If that address is on our waitlist, we've emailed it a link to confirm the deletion. The link works for 7 days." },
  eraseRefused: { ok: false, message: "Please use a permanent email address. We can't accept disposable ones." },
} as const

export const TOKEN_TIMEOUT = 'xstate.after.submitTimeout.tokenAction.submitting'
export const ERASE_TIMEOUT = 'xstate.after.submitTimeout.eraseRequest.submitting'

const tokenEvents: ModelEvent[] = [
  { type: 'LINK_READ', token: samples.token },
  { type: 'LINK_READ', token: '  ' },
  { type: 'SUBMIT' },
  done('sendToken', samples.done),
  done('sendToken', samples.refused),
  done('sendToken', samples.tooMany),
  failed('sendToken'),
  { type: TOKEN_TIMEOUT },
]

const tokenModel = (endpointConfigured: boolean): Model => ({
  machine: tokenActionMachine,
  input: { endpointConfigured },
  events: tokenEvents,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, token: snapshot.context.token !== '' }),
})

export const tokenModels = { configured: tokenModel(true), notConfigured: tokenModel(false) }

const eraseEvents: ModelEvent[] = [
  { type: 'EMAIL_CHANGED', value: samples.validEmail },
  { type: 'EMAIL_CHANGED', value: samples.invalidEmail },
  { type: 'SUBMIT' },
  done('requestErasure', samples.eraseRequested),
  done('requestErasure', samples.eraseRefused),
  failed('requestErasure'),
  { type: ERASE_TIMEOUT },
]

const eraseModel = (endpointConfigured: boolean): Model => ({
  machine: eraseRequestMachine,
  input: { contactEmail: 'privacy@stridehealth.example', endpointConfigured },
  events: eraseEvents,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, emailValid: isValidEmail(snapshot.context.email) }),
})

export const eraseModels = { configured: eraseModel(true), notConfigured: eraseModel(false) }
