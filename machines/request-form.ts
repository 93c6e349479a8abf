// What every form that sends one request to the endpoint shares: the waitlist form, the erasure request
// form and the page behind a link in our emails. Each shows a status line under its button ("Submitting…"
// while exactly one request runs, the network message when it fails or takes longer than the 15 s
// `submitTimeout`, else the server's own words), and the two email forms check the address and fall back to
// a mail draft the same way. What they share is implemented here, once; each machine still names every
// action, guard, actor and delay in its own `setup`, and writes its whole chart inline, so that its file opens
// in Stately's tools as it is (docs/architecture.md#the-machines).
import { fromPromise, type DoneActorEvent, type EventObject } from 'xstate'
import {
  INVALID_EMAIL_MESSAGE,
  MAILTO_FALLBACK_MESSAGE,
  NETWORK_ISSUE_MESSAGE,
  NO_MESSAGE_FALLBACK,
  SUBMITTING_MESSAGE,
  isValidEmail,
} from './waitlist-messages'

/** The endpoint's answer as the site's client reads it (src/waitlist/waitlist-client.ts): whether it
 * worked, and the sentence to show. */
export interface RequestReply {
  ok: boolean
  message: string
}

/** A reply that also says whether it was one: a JSON answer about the request (`answered`), as opposed to an
 * HTTP error, a network failure or the time-out, after which trying again may help. */
export interface EndpointReply extends RequestReply {
  answered: boolean
}

/** The status line under a form: its sentence, and whether it is good news (green), bad news (red) or
 * neither (ink). */
export interface FormStatus {
  message: string
  ok: boolean | null
}

/** The status lines a form shows whatever it asks. */
export const statusLines = {
  invalidEmail: { message: INVALID_EMAIL_MESSAGE, ok: false },
  submitting: { message: SUBMITTING_MESSAGE, ok: null },
  networkIssue: { message: NETWORK_ISSUE_MESSAGE, ok: false },
  mailDraft: { message: MAILTO_FALLBACK_MESSAGE, ok: null },
} satisfies Record<string, FormStatus>

/** The server's reply in its own words (a fallback sentence when it gave none), green when it worked. */
export const replyLine = (reply: RequestReply | undefined): FormStatus => ({
  message: reply?.message || NO_MESSAGE_FALLBACK,
  ok: reply?.ok === true,
})

/** The stand-in for a request the machine cannot make: it knows no HTTP. The view provides the real actor
 * (src/waitlist/*-actors.ts) with .provide(); without one, a submit fails like a request that did not get
 * through. */
export const requestToBeProvided = <TOutput, TInput>(id: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${id} is not provided: give the machine a request actor with .provide()`)
  })

/** Whether the typed address passes the browser's check (shared/rules.ts). */
export const isEmailValid = ({ context }: { context: { email: string } }) => isValidEmail(context.email)

/** Whether the site was built with an endpoint to send the request to. */
export const isEndpointConfigured = ({ context }: { context: { endpointConfigured: boolean } }) => context.endpointConfigured

/** The reply in the done event of the request actor `id`, or undefined for any other event. */
export const replyOf =
  <Reply>(id: string) =>
  (event: EventObject): Reply | undefined =>
    event.type === `xstate.done.actor.${id}` ? (event as DoneActorEvent<Reply>).output : undefined

// The guards of a page that acts with the token of a link (the page behind a link in our emails, the question
// about news and updates): whether it holds one, whether the link read had one, and how the request went.
/** Whether the page holds a token to send. */
export const hasToken = ({ context }: { context: { token: string } }) => context.token !== ''
/** Whether the link the view read carried a token. */
export const linkHasToken = ({ event }: { event: EventObject }) => event.type === 'LINK_READ' && String((event as { token?: unknown }).token ?? '').trim() !== ''
/** Whether the request's reply says it worked. */
export const replyWorked =
  (resultOf: (event: EventObject) => EndpointReply | undefined) =>
  ({ event }: { event: EventObject }) =>
    resultOf(event)?.ok === true
/** Whether the request was answered (a reply about it, not an HTTP error, a failure or the time-out). */
export const replyAnswered =
  (resultOf: (event: EventObject) => EndpointReply | undefined) =>
  ({ event }: { event: EventObject }) =>
    resultOf(event)?.answered === true
