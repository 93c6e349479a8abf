// The endpoint's answers a form can get, each with the reply the site's client reads from it
// (src/waitlist/waitlist-client.ts): the graph walks the machine with the replies, the browser gets the HTTP
// answer that produces each one. One picture per distinct sentence, as the form's message catalogue lists them.
import type { Route } from '@playwright/test'
import type { AnyMachineSnapshot } from 'xstate'
import { messages } from '../shared/messages'
import { requestTimeoutMs } from '../shared/rules'
import { API_ERROR_MESSAGE, HTTP_ERROR_MESSAGE, NETWORK_ISSUE_MESSAGE, NO_MESSAGE_FALLBACK } from '../machines/waitlist-messages'
import type { EndpointReply } from '../machines/request-form'
import { json, text } from './network'
import type { Driver, ModelEvent } from './types'

export interface FormReply {
  reply: EndpointReply
  answer: (route: Route) => Promise<void>
}

/** The catalogue's failures, the same for every form that posts to the endpoint. (The unreadable error body,
 * a reply whose text breaks off after its headers, cannot be made with page.route: see the report of issue 34.) */
export const failureReplies: FormReply[] = [
  { reply: { ok: false, message: messages.tooManyRequests, answered: true }, answer: (route) => json(route, 200, { ok: false, message: messages.tooManyRequests }) },
  { reply: { ok: false, message: API_ERROR_MESSAGE, answered: true }, answer: (route) => json(route, 200, { ok: false }) },
  { reply: { ok: false, message: messages.serverError, answered: false }, answer: (route) => text(route, 500, messages.serverError) },
  { reply: { ok: false, message: HTTP_ERROR_MESSAGE, answered: false }, answer: (route) => text(route, 500, '') },
  { reply: { ok: false, message: NO_MESSAGE_FALLBACK, answered: false }, answer: (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Moved</html>' }) },
  { reply: { ok: false, message: NETWORK_ISSUE_MESSAGE, answered: false }, answer: (route) => route.abort('failed') },
]

/** An accepted reply in the server's words. */
export const accepted = (message: string): FormReply => ({
  reply: { ok: true, message, answered: true },
  answer: (route) => json(route, 200, { ok: true, message }),
})

export const doneEvents = (actorId: string, replies: FormReply[]): ModelEvent[] =>
  replies.map(({ reply }) => ({ type: `xstate.done.actor.${actorId}`, output: reply }))

/** Answers the held request the way that makes the client read `event`'s reply; or lets the time-out pass. */
export async function answerRequest(driver: Driver, pattern: string, event: ModelEvent, replies: FormReply[]) {
  const route = await driver.held(pattern).next()
  if (event.type.startsWith('xstate.after.')) {
    // The request stays unanswered; the page's clock (installed before it opened) runs past the time-out.
    await driver.page.clock.runFor(requestTimeoutMs)
    return
  }
  const output = event.output as EndpointReply
  const found = replies.find(({ reply }) => reply.ok === output.ok && reply.message === output.message)
  if (!found) throw new Error(`no HTTP answer gives the reply ${JSON.stringify(output)}`)
  await found.answer(route)
}

/** A form's key: its state, whether the typed address passes (it decides a guard), and the status line. */
export const formKey = (isValid: (email: string) => boolean) => (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, valid: isValid(String(snapshot.context.email ?? '')), message: snapshot.context.message })

/** What a form's picture shows: its state and its status line. */
export const formPicture = (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, message: snapshot.context.message })
