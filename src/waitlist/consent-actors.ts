// The consent machines' requests as the site makes them (each machine declares its request's type and knows no
// HTTP): asking for a deletion link, and sending a link's token (consent-client.ts). The machine stops the actor
// when it leaves `submitting`, and its signal aborts the fetch. A reply that worked but came without a sentence
// gets the endpoint's own sentence for it (shared/messages.ts), so the visitor always reads one.
import { fromPromise } from 'xstate'
import type { RequestLink } from '../../machines/link-request-machine'
import type { SendChoice } from '../../machines/news-choice-machine'
import type { EndpointReply } from '../../machines/request-form'
import type { SendToken } from '../../machines/token-action-machine'
import { messages } from '../../shared/messages'
import { requestErasure, requestOwnData, sendConsentToken, sendNewsChoice, type ConsentAction } from './consent-client'

type TokenAction = Exclude<ConsentAction, 'erase' | 'news' | 'copy'>

/** The sentence the endpoint says when an action worked. */
const doneSentences: Record<TokenAction, string> = {
  confirm: messages.confirmed,
  unsubscribe: messages.unsubscribed,
  eraseConfirm: messages.erased,
}

const withSentence = <Reply extends EndpointReply>(reply: Reply, sentence: string): Reply =>
  reply.ok && !reply.message ? { ...reply, message: sentence } : reply

/** Asks `endpoint` for a deletion link for the address. */
export const requestErasureTo = (endpoint: string): RequestLink =>
  fromPromise(async ({ input, signal }) => withSentence(await requestErasure(input.email, { endpoint, signal }), messages.eraseRequested))

/** Asks `endpoint` for a link to a copy of the address's data. */
export const requestOwnDataTo = (endpoint: string): RequestLink =>
  fromPromise(async ({ input, signal }) => withSentence(await requestOwnData(input.email, { endpoint, signal }), messages.copyRequested))

/** Sends the link's token to `endpoint`'s path for `action` (with the scope the unsubscribe page's button asked). */
export const sendTokenTo = (action: TokenAction, endpoint: string): SendToken =>
  fromPromise(async ({ input, signal }) =>
    withSentence(await sendConsentToken(action, input.token, { endpoint, signal, scope: input.scope }), doneSentences[action]),
  )

/** Sends a choice of news and updates to `endpoint`/news. */
export const sendNewsChoiceTo = (endpoint: string): SendChoice =>
  fromPromise(async ({ input, signal }) =>
    withSentence(await sendNewsChoice(input.token, input.news, { endpoint, signal }), input.news === 'on' ? messages.newsOn : messages.newsOff),
  )
