// The page behind a link in one of our emails (confirm, unsubscribe, confirm an erasure): one machine for
// all three, because they differ only in the request they send, which the view provides. Opening the page
// changes nothing (mail scanners prefetch links); only pressing the button sends the token, once.
// `start` decides at once: a build without an endpoint can only say how to ask by email (`byEmail`).
// Otherwise `ready` shows the button; the view reports the link's token when it takes over (LINK_READ),
// and a link without one is `missingToken` (no button). `submitting` runs exactly one request (tagged
// `busy`, the 15 s `submitTimeout` aborts it). The server's reply is `done` (it worked), `refused` (the
// link is spent or unknown: pressing again cannot help, so no button) or `failure` (the request did not get
// through: network, time-out, too many requests, server error; the button stays to try again). A confirmation
// that worked may also say the person's place in line (`place`; an older server does not), which `done` keeps,
// and hand over the token its page asks about news and updates with (`nextToken`). The unsubscribe page has two
// buttons: one stops the purpose of the email the link came in, the other every email (`SUBMIT` with `scope`).
// What it implements like the other request forms (status lines, the reply, the request's stand-in) is
// request-form.ts.
import { assertEvent, assign, not, setup, type DoneActorEvent, type OutputFrom, type SnapshotFrom } from 'xstate'
import type { UnsubscribeScope } from '../shared/email-purposes'
import { requestTimeoutMs } from '../shared/rules'
import { hasToken, isEndpointConfigured, linkHasToken, replyAnswered, replyLine, replyOf, replyWorked, requestToBeProvided, statusLines } from './request-form'
import type { EndpointReply, FormStatus } from './request-form'

export interface TokenActionInput { endpointConfigured: boolean }

/** Where a confirmed person stands: number `place` of the `inLine` people in line. */
export interface LinePlace {
  place: number
  inLine: number
}

/** The answer to a link's token: a confirmation that worked may also carry the person's place in line, and the
 * token of the page's next form (news and updates). */
export interface TokenReply extends EndpointReply {
  place?: LinePlace
  nextToken?: string
  /** The questions page's token, when a question is asked now (issue 52). */
  questionsToken?: string
}

export interface TokenActionContext extends TokenActionInput, FormStatus {
  token: string
  /** What the last press asked to stop (the unsubscribe page): the email's purpose, or every email. */
  scope: UnsubscribeScope
  /** The place in line the reply that worked gave; null until then, and when it gave none. */
  place: LinePlace | null
  /** The token the reply that worked handed on for the page's next form; null when it gave none. */
  nextToken: string | null
  /** The questions page's token the reply that worked handed on; null when no question is asked. */
  questionsToken: string | null
}

export type TokenActionEvent = { type: 'LINK_READ'; token: string } | { type: 'SUBMIT'; scope?: UnsubscribeScope }

/** The request that sends the link's token: the view provides the one for its action (confirm, unsubscribe or
 * erase; src/waitlist/consent-actors.ts), of this type. */
const sendToken = requestToBeProvided<TokenReply, { token: string; scope: UnsubscribeScope }>('sendToken')
export type SendToken = typeof sendToken
/** The request's answer, typed by XState as the done event of the invoked `sendToken`. */
type RequestDone = DoneActorEvent<OutputFrom<SendToken>, 'sendToken'>
const resultOf = replyOf<TokenReply>('sendToken')

export const tokenActionMachine = setup({
  types: {} as {
    context: TokenActionContext
    events: TokenActionEvent | RequestDone
    input: TokenActionInput
    /** `actionable`: the page shows the button (and its explanation). */
    tags: 'busy' | 'actionable'
  },
  actions: {
    setToken: assign(({ event }) => {
      assertEvent(event, 'LINK_READ')
      return { token: event.token.trim() }
    }),
    // Not assertEvent: every xstate export the site uses lands in the libraries every page loads first.
    setScope: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { scope: event.scope ?? 'purpose' }
    }),
    showSubmitting: assign(statusLines.submitting),
    showReply: assign(({ event }) => {
      const reply = resultOf(event)
      const worked = reply?.ok === true
      return { ...replyLine(reply), place: worked ? (reply.place ?? null) : null, nextToken: worked ? (reply.nextToken ?? null) : null, questionsToken: worked ? (reply.questionsToken ?? null) : null }
    }),
    showNetworkIssue: assign(statusLines.networkIssue),
  },
  guards: {
    isEndpointConfigured,
    hasToken,
    linkHasToken,
    isDone: replyWorked(resultOf),
    isAnswered: replyAnswered(resultOf),
  },
  actors: { sendToken },
  delays: { submitTimeout: requestTimeoutMs },
}).createMachine({
  id: 'tokenAction',
  context: ({ input }) => ({ ...input, token: '', scope: 'purpose', message: '', ok: null, place: null, nextToken: null, questionsToken: null }),
  initial: 'start',
  states: {
    start: {
      description: 'Never seen: the page picks between the button and the email instructions before it renders.',
      always: [{ guard: not('isEndpointConfigured'), target: 'byEmail' }, { target: 'ready' }],
    },
    byEmail: {
      description: 'This build has no endpoint: the page says to write to our contact address instead, with no button.',
    },
    ready: {
      description:
        'A short explanation and the button (as prerendered, so it works before the app takes over); on the unsubscribe page a second one stops every email.',
      tags: ['actionable'],
      on: {
        LINK_READ: [
          { guard: 'linkHasToken', actions: 'setToken' },
          { target: 'missingToken', actions: 'setToken' },
        ],
        // The page reads the token before it replays an early tap, so a SUBMIT here knows the link.
        SUBMIT: [{ guard: 'hasToken', target: 'submitting', actions: 'setScope' }, { target: 'missingToken' }],
      },
    },
    missingToken: {
      description: 'The address has no token: the page says the link is incomplete and how to get a new one; no button.',
    },
    submitting: {
      description: 'The status reads "Submitting…" and the button is disabled until the answer arrives (15 s at most).',
      tags: ['busy', 'actionable'],
      entry: 'showSubmitting',
      invoke: {
        id: 'sendToken',
        src: 'sendToken',
        input: ({ context }) => ({ token: context.token, scope: context.scope }),
        onDone: [
          { guard: 'isDone', target: 'done', actions: 'showReply' },
          { guard: 'isAnswered', target: 'refused', actions: 'showReply' },
          { target: 'failure', actions: 'showReply' },
        ],
        // The real client never rejects; a rejection means the request itself failed.
        onError: { target: 'failure', actions: 'showNetworkIssue' },
      },
      after: { submitTimeout: { target: 'failure', actions: 'showNetworkIssue' } },
    },
    done: {
      description:
        "A green message in the server's words (confirmed, unsubscribed, erased), with a confirmation's place in line when the server gave it, then what comes next (after a confirmation, the question about news and updates); no button.",
    },
    refused: {
      description: "The server's words in red (the link expired or was used) and what to do next; no button.",
    },
    failure: {
      description: 'A red message says what went wrong (network, time-out, too many requests); the button is there to try again.',
      tags: ['actionable'],
      on: { SUBMIT: { target: 'submitting', actions: 'setScope' } },
    },
  },
})

export type TokenActionMachine = typeof tokenActionMachine
export type TokenActionSnapshot = SnapshotFrom<TokenActionMachine>
export type TokenActionStateName = TokenActionSnapshot['value']
