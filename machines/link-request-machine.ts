// A request for a link to one's inbox, shaped like a waitlist form: `idle` until the first submit, `invalid` when the
// email fails the browser's check (shared/rules.ts), `submitting` while exactly one request runs (tagged `busy`;
// further SUBMITs are ignored; the 15 s `submitTimeout` aborts it), then `success` or `failure`. The server gives
// every valid address the same reply (it never says whether an address is listed), and the form shows that reply as
// it is. `mailtoFallback` replaces the request when the site has no endpoint. Two requests have this life: a
// deletion link (erase-request-machine.ts) and a link to a copy of one's data (own-data-request-machine.ts, issue
// 51); each names its machine, its request actor, its mail draft and the words of its chart.
// What it implements like the other request forms (status lines, the reply, the email guards) is request-form.ts.
import { assertEvent, assign, not, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import { requestTimeoutMs } from '../shared/rules'
import { isEmailValid, isEndpointConfigured, replyLine, replyOf, requestToBeProvided, statusLines } from './request-form'
import type { FormStatus, RequestReply } from './request-form'

export interface LinkRequest { email: string }
export interface LinkRequestInput { contactEmail: string; endpointConfigured: boolean }
export interface LinkRequestContext extends LinkRequestInput, FormStatus {
  email: string
  /** The fallback mail draft, kept so the status message can offer it as a link. */
  mailtoHref: string
}

export type LinkRequestEvent = { type: 'EMAIL_CHANGED'; value: string } | { type: 'SUBMIT' }

/** The type of every link request's actor: the view provides the real one (src/waitlist/consent-actors.ts). */
export type RequestLink = ReturnType<typeof requestToBeProvided<RequestReply, LinkRequest>>

/** What tells one link request from the other. */
export interface LinkRequestKind {
  /** The machine's id (its chart, its gallery, its time-out's event). */
  id: string
  /** The invoked request's id and name, as in its done event (`xstate.done.actor.<id>`). */
  requestId: string
  /** The mail draft to the contact address, with the address typed. */
  buildMailto: (draft: { to: string; email: string }) => string
  /** How the two states that differ look, in the chart's words. */
  describe: { idle: string; mailtoFallback: string }
}

/** The request's answer, typed by XState as the done event of the invoked request. */
type RequestDone = DoneActorEvent<RequestReply, string>

export function linkRequestMachine({ id, requestId, buildMailto, describe }: LinkRequestKind) {
  const resultOf = replyOf<RequestReply>(requestId)
  // The request runs under its own name, so that a test or the view provides it by the id its events carry.
  const actors: Record<string, RequestLink> = { [requestId]: requestToBeProvided<RequestReply, LinkRequest>(requestId) }

  return setup({
    types: {} as {
      context: LinkRequestContext
      events: LinkRequestEvent | RequestDone
      input: LinkRequestInput
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
        mailtoHref: buildMailto({ to: context.contactEmail, email: context.email }),
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
    actors,
    delays: { submitTimeout: requestTimeoutMs },
  }).createMachine({
    id,
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
        description: describe.idle,
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
          id: requestId,
          src: requestId,
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
        description: describe.mailtoFallback,
        entry: ['prepareMailDraft', 'openMailDraft'],
      },
    },
  })
}

export type LinkRequestMachine = ReturnType<typeof linkRequestMachine>
export type LinkRequestSnapshot = SnapshotFrom<LinkRequestMachine>
export type LinkRequestStateName = LinkRequestSnapshot['value']
