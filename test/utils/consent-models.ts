// The consent machines as test models (the generic builder is admin-model.ts, the same as the console's):
// sample events, and state keys that are the value plus what decides a guard, so the graph stays finite.
// Each model comes with and without an endpoint: a build without one is a different machine's life.
import { isValidEmail } from '../../machines/waitlist-messages'
import { eraseRequestMachine } from '../../machines/erase-request-machine'
import { ownDataRequestMachine } from '../../machines/own-data-request-machine'
import { newsChoiceMachine } from '../../machines/news-choice-machine'
import { tokenActionMachine } from '../../machines/token-action-machine'
import { done, failed, type Model, type ModelEvent } from '../../tools/admin-model'

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
  copyRequested: {
    ok: true,
    message: "We've emailed that address. If it is on our waitlist, the email has a link to a copy of your data, which works for 1 day; if not, it says that we hold nothing about it.",
  },
  eraseRefused: { ok: false, message: "Please use a permanent email address. We can't accept disposable ones." },
  /** A choice of news and updates that worked, with the next choice's token. */
  newsOn: {
    ok: true,
    message: "Thanks: we'll send you news and updates too. You can stop them here at any time, or with the unsubscribe link in any of them.",
    answered: true,
    nextToken: 'next_' + 'y'.repeat(38),
  },
  newsRefused: {
    ok: false,
    message: 'This link has expired or was already used. To choose news and updates, open your place in line from the link in your welcome email.',
    answered: true,
  },
} as const

export const TOKEN_TIMEOUT = 'xstate.after.submitTimeout.tokenAction.submitting'
export const ERASE_TIMEOUT = 'xstate.after.submitTimeout.eraseRequest.submitting'
export const OWN_DATA_TIMEOUT = 'xstate.after.submitTimeout.ownDataRequest.submitting'
export const NEWS_TIMEOUT = 'xstate.after.submitTimeout.newsChoice.submitting'

const tokenEvents: ModelEvent[] = [
  { type: 'LINK_READ', token: samples.token },
  { type: 'LINK_READ', token: '  ' },
  { type: 'SUBMIT' },
  // The unsubscribe page's second button: stop every email.
  { type: 'SUBMIT', scope: 'all' },
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

const ownDataEvents: ModelEvent[] = [
  { type: 'EMAIL_CHANGED', value: samples.validEmail },
  { type: 'EMAIL_CHANGED', value: samples.invalidEmail },
  { type: 'SUBMIT' },
  done('requestOwnData', samples.copyRequested),
  done('requestOwnData', samples.eraseRefused),
  failed('requestOwnData'),
  { type: OWN_DATA_TIMEOUT },
]

const ownDataModel = (endpointConfigured: boolean): Model => ({
  machine: ownDataRequestMachine,
  input: { contactEmail: 'privacy@stridehealth.example', endpointConfigured },
  events: ownDataEvents,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, emailValid: isValidEmail(snapshot.context.email) }),
})

export const ownDataModels = { configured: ownDataModel(true), notConfigured: ownDataModel(false) }

const newsEvents: ModelEvent[] = [
  { type: 'LINK_READ', token: samples.token },
  { type: 'LINK_READ', token: '  ' },
  { type: 'SUBMIT' },
  done('sendChoice', samples.newsOn),
  done('sendChoice', samples.newsRefused),
  done('sendChoice', samples.tooMany),
  failed('sendChoice'),
  { type: NEWS_TIMEOUT },
]

// What the button offers flips with each answer, so it is part of the key; it has two values.
const newsModel = (endpointConfigured: boolean, offer: 'on' | 'off'): Model => ({
  machine: newsChoiceMachine,
  input: { endpointConfigured, offer },
  events: newsEvents,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, token: snapshot.context.token !== '', offer: snapshot.context.offer }),
})

/** The confirmed page asks (`on`); the page after a yes offers to take it back (`off`). */
export const newsModels = { asks: newsModel(true, 'on'), takesBack: newsModel(true, 'off'), notConfigured: newsModel(false, 'on') }
