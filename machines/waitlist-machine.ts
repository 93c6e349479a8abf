// One waitlist form as a chart. Every outcome a visitor can see is a state of its own, so the view renders
// a state instead of juggling flags: `idle` until the first submit, `invalid` when the email fails the browser's check (shared/rules.ts),
// `submitting` while exactly one request runs (tagged `busy`; further SUBMITs are ignored), then `success`
// or `failure`. `mailtoFallback` replaces the request when the site was built without an endpoint. The
// fields stay editable in every state; each SUBMIT decides afresh from whatever state the form is in.
// Leaving `submitting` (the 15 s `submitTimeout`) stops the request actor, which aborts its fetch. What it
// implements like the other request forms (status lines, the reply, the email guards) is request-form.ts.
import { assertEvent, assign, not, setup, type DoneActorEvent, type OutputFrom, type SnapshotFrom } from 'xstate'
import { requestTimeoutMs } from '../shared/rules'
import type { SignupConsent, SignupRequest } from '../shared/signup'
import { buildWaitlistMailto } from './waitlist-mailto'
import { successMessage } from './waitlist-messages'
import { isEmailValid, isEndpointConfigured, replyLine, requestToBeProvided, statusLines } from './request-form'
import type { FormStatus, RequestReply } from './request-form'

export interface WaitlistInput {
  contactEmail: string
  source: string
  endpointConfigured: boolean
  /** Fixed for the form's life: it goes with every signup the form sends. */
  consent?: SignupConsent
}
export interface WaitlistContext extends WaitlistInput, FormStatus {
  firstName: string
  email: string
  /** The fallback mail draft, kept so the status message can offer it as a link. */
  mailtoHref: string
}

export type WaitlistEvent =
  | { type: 'FIRST_NAME_CHANGED'; value: string }
  | { type: 'EMAIL_CHANGED'; value: string }
  | { type: 'SUBMIT' }

/** The signup request: the view provides the real one (src/waitlist/waitlist-actors.ts), of this type. */
const submitSignup = requestToBeProvided<RequestReply, SignupRequest>('submitSignup')
export type SubmitSignup = typeof submitSignup
/** The request's answer, typed by XState as the done event of the invoked `submitSignup`. */
type RequestDone = DoneActorEvent<OutputFrom<SubmitSignup>, 'submitSignup'>
const resultOf = (event: WaitlistEvent | RequestDone) => (event.type === 'xstate.done.actor.submitSignup' ? event.output : undefined)

const initialContext = ({ input }: { input: WaitlistInput }): WaitlistContext => ({
  ...input,
  firstName: '',
  email: '',
  message: '',
  ok: null,
  mailtoHref: '',
})

const signupOf = ({ context }: { context: WaitlistContext }): SignupRequest => ({
  ...context.consent,
  firstName: context.firstName,
  email: context.email,
  source: context.source,
})

export const waitlistMachine = setup({
  types: {} as {
    context: WaitlistContext
    events: WaitlistEvent | RequestDone
    input: WaitlistInput
    tags: 'busy'
  },
  actions: {
    setFirstName: assign(({ event }) => {
      assertEvent(event, 'FIRST_NAME_CHANGED')
      return { firstName: event.value }
    }),
    setEmail: assign(({ event }) => {
      assertEvent(event, 'EMAIL_CHANGED')
      return { email: event.value }
    }),
    trimFields: assign(({ context }) => ({ firstName: context.firstName.trim(), email: context.email.trim() })),
    showInvalidEmail: assign(statusLines.invalidEmail),
    showSubmitting: assign(statusLines.submitting),
    resetWithSuccess: assign(({ context }) => ({ firstName: '', email: '', message: successMessage(context.contactEmail), ok: true })),
    showServerMessage: assign(({ event }) => replyLine(resultOf(event))),
    showNetworkIssue: assign(statusLines.networkIssue),
    prepareMailDraft: assign(({ context }) => ({
      ...statusLines.mailDraft,
      mailtoHref: buildWaitlistMailto({ to: context.contactEmail, firstName: context.firstName, email: context.email, source: context.source }),
    })),
    // Browser side effects: no-ops here, given their implementation by the view with .provide().
    focusEmailField: () => {},
    openMailDraft: () => {},
  },
  guards: {
    isEmailValid,
    isEndpointConfigured,
    isSignupAccepted: ({ event }) => resultOf(event)?.ok === true,
  },
  actors: { submitSignup },
  delays: { submitTimeout: requestTimeoutMs },
}).createMachine({
  id: 'waitlist',
  context: initialContext,
  initial: 'idle',
  on: {
    FIRST_NAME_CHANGED: { actions: 'setFirstName' },
    EMAIL_CHANGED: { actions: 'setEmail' },
    SUBMIT: [
      { guard: not('isEmailValid'), target: '.invalid', actions: 'trimFields' },
      { guard: not('isEndpointConfigured'), target: '.mailtoFallback', actions: 'trimFields' },
      { target: '.submitting', actions: 'trimFields' },
    ],
  },
  states: {
    idle: {
      description: 'An empty form: First name (optional), Email and the Join the waitlist button. No message yet.',
    },
    invalid: {
      description: 'A red message under the fields, "Please enter a valid email address."; focus is back in the Email field.',
      entry: ['showInvalidEmail', 'focusEmailField'],
    },
    submitting: {
      description: 'The status reads "Submitting…" and the button is disabled until the answer arrives (15 s at most).',
      tags: ['busy'],
      entry: 'showSubmitting',
      invoke: {
        id: 'submitSignup',
        src: 'submitSignup',
        input: signupOf,
        onDone: [{ guard: 'isSignupAccepted', target: 'success' }, { target: 'failure', actions: 'showServerMessage' }],
        // The real client never rejects; a rejection means the request itself failed.
        onError: { target: 'failure', actions: 'showNetworkIssue' },
      },
      after: { submitTimeout: { target: 'failure', actions: 'showNetworkIssue' } },
      // A double click or a second Enter while the request runs sends nothing more.
      on: { SUBMIT: {} },
    },
    success: {
      description: 'Both fields are empty again and a green message confirms the signup, with our contact address.',
      entry: 'resetWithSuccess',
    },
    failure: {
      description: 'A red message says what went wrong; what the visitor typed is kept so they can try again.',
    },
    mailtoFallback: {
      description: 'Their email app opens a prefilled draft to us; a message offers the same draft as a link in case it did not.',
      entry: ['prepareMailDraft', 'openMailDraft'],
    },
  },
})

export type WaitlistMachine = typeof waitlistMachine
export type WaitlistSnapshot = SnapshotFrom<WaitlistMachine>
export type WaitlistStateName = WaitlistSnapshot['value']
