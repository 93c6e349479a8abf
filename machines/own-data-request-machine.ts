// The request for a copy of one's own data (/waitlist/copy, issue 51), the erasure request form's twin
// (erase-request-machine.ts), shaped like a waitlist form: `idle` until the first submit,
// `invalid` when the email fails the browser's check (shared/rules.ts), `submitting` while exactly one request runs (tagged
// `busy`; further SUBMITs are ignored; the 15 s `submitTimeout` aborts it), then `success` or `failure`.
// The server gives every valid address the same reply and the same kind of email (a link, or "we hold nothing"),
// and the form shows that reply as it is. `mailtoFallback` replaces the request when the site has no endpoint.
// What it implements like the other request forms (status lines, the reply, the email guards) is request-form.ts.
import { assertEvent, assign, not, setup, type DoneActorEvent, type OutputFrom, type SnapshotFrom } from 'xstate'
import { requestTimeoutMs } from '../shared/rules'
import { buildOwnDataMailto } from './own-data-mailto'
import { isEmailValid, isEndpointConfigured, replyLine, requestToBeProvided, statusLines } from './request-form'
import type { FormStatus, RequestReply } from './request-form'

export interface OwnDataRequest { email: string }
export interface OwnDataRequestInput { contactEmail: string; endpointConfigured: boolean }
export interface OwnDataRequestContext extends OwnDataRequestInput, FormStatus {
  email: string
  /** The fallback mail draft, kept so the status message can offer it as a link. */
  mailtoHref: string
}

export type OwnDataRequestEvent = { type: 'EMAIL_CHANGED'; value: string } | { type: 'SUBMIT' }

/** The request for a link to one's data: the view provides the real one (src/waitlist/consent-actors.ts), of this type. */
const requestOwnData = requestToBeProvided<RequestReply, OwnDataRequest>('requestOwnData')
export type RequestOwnData = typeof requestOwnData
/** The request's answer, typed by XState as the done event of the invoked `requestOwnData`. */
type RequestDone = DoneActorEvent<OutputFrom<RequestOwnData>, 'requestOwnData'>
const resultOf = (event: OwnDataRequestEvent | RequestDone) => (event.type === 'xstate.done.actor.requestOwnData' ? event.output : undefined)

export const ownDataRequestMachine = setup({
  types: {} as {
    context: OwnDataRequestContext
    events: OwnDataRequestEvent | RequestDone
    input: OwnDataRequestInput
    tags: 'busy'
  },
  actions: {
    setEmail: assign(({ event }) => {
      assertEvent(event, 'EMAIL_CHANGED')
      return { email: event.value }
    }),
    trimEmail: assign(({ context }) => ({ email: context.email.trim() })),
    showInvalidEmail: assign(statusLines.invalidEmail),
    showSubmitting: assign(statusLines.submitting),
    resetWithReply: assign(({ event }) => ({ email: '', ...replyLine(resultOf(event)) })),
    showServerMessage: assign(({ event }) => replyLine(resultOf(event))),
    showNetworkIssue: assign(statusLines.networkIssue),
    prepareMailDraft: assign(({ context }) => ({
      ...statusLines.mailDraft,
      mailtoHref: buildOwnDataMailto({ to: context.contactEmail, email: context.email }),
    })),
    // Browser side effects: no-ops here, given their implementation by the view with .provide().
    focusEmailField: () => {},
    openMailDraft: () => {},
  },
  guards: {
    isEmailValid,
    isEndpointConfigured,
    isRequestAccepted: ({ event }) => resultOf(event)?.ok === true,
  },
  actors: { requestOwnData },
  delays: { submitTimeout: requestTimeoutMs },
}).createMachine({
  id: 'ownDataRequest',
  context: ({ input }) => ({ ...input, email: '', message: '', ok: null, mailtoHref: '' }),
  initial: 'idle',
  on: {
    EMAIL_CHANGED: { actions: 'setEmail' },
    SUBMIT: [
      { guard: not('isEmailValid'), target: '.invalid', actions: 'trimEmail' },
      { guard: not('isEndpointConfigured'), target: '.mailtoFallback', actions: 'trimEmail' },
      { target: '.submitting', actions: 'trimEmail' },
    ],
  },
  states: {
    idle: {
      description: 'An empty Email field and the "Email me a link to my data" button. No message yet.',
    },
    invalid: {
      description: 'A red message under the field, "Please enter a valid email address."; focus is back in the field.',
      entry: ['showInvalidEmail', 'focusEmailField'],
    },
    submitting: {
      description: 'The status reads "Submitting…" and the button is disabled until the answer arrives (15 s at most).',
      tags: ['busy'],
      entry: 'showSubmitting',
      invoke: {
        id: 'requestOwnData',
        src: 'requestOwnData',
        input: ({ context }) => ({ email: context.email }),
        onDone: [{ guard: 'isRequestAccepted', target: 'success', actions: 'resetWithReply' }, { target: 'failure', actions: 'showServerMessage' }],
        // The real client never rejects; a rejection means the request itself failed.
        onError: { target: 'failure', actions: 'showNetworkIssue' },
      },
      after: { submitTimeout: { target: 'failure', actions: 'showNetworkIssue' } },
      // A double click or a second Enter while the request runs sends nothing more.
      on: { SUBMIT: {} },
    },
    success: {
      description: "The field is empty again and a green message gives the server's reply: the same for every address.",
    },
    failure: {
      description: 'A red message says what went wrong; the address is kept so the visitor can try again.',
    },
    mailtoFallback: {
      description: 'Their email app opens a prefilled request for their data to us; a message offers the same draft as a link.',
      entry: ['prepareMailDraft', 'openMailDraft'],
    },
  },
})

export type OwnDataRequestMachine = typeof ownDataRequestMachine
export type OwnDataRequestSnapshot = SnapshotFrom<OwnDataRequestMachine>
export type OwnDataRequestStateName = OwnDataRequestSnapshot['value']
