// The question about news and updates (shared/email-purposes.ts), asked once an address is confirmed: on the
// confirmation page when its button worked, and on the outcome pages a no-script confirmation (or choice) lands
// on. One button gives it, never pre-ticked; once given, the same place offers one button that takes it back, as
// easily. `start` decides at once: a build without an endpoint cannot ask (`byEmail`, nothing shown). Otherwise
// `ready` shows the question; the view reports the token it was handed (LINK_READ: the confirmation's reply, or
// the page's address), and a page without one shows nothing (`missingToken`). `submitting` runs exactly one
// request (tagged `busy`, the 15 s `submitTimeout` aborts it). A choice that worked is `answered`: the server's
// words, and the other choice offered with the token the answer handed on. A spent or unknown token is `refused`
// (no button: pressing again cannot help); a request that did not get through is `failure` (the button stays).
import { assertEvent, assign, not, setup, type DoneActorEvent, type OutputFrom, type SnapshotFrom } from 'xstate'
import type { NewsChoice } from '../shared/email-purposes'
import { requestTimeoutMs } from '../shared/rules'
import { hasToken, isEndpointConfigured, linkHasToken, replyAnswered, replyLine, replyOf, replyWorked, requestToBeProvided, statusLines } from './request-form'
import type { EndpointReply, FormStatus } from './request-form'

export interface NewsChoiceInput {
  endpointConfigured: boolean
  /** What the button offers first: `on` where the question is asked, `off` where the person has just said yes. */
  offer: NewsChoice
}

/** The answer to a choice: one that worked hands on the token of the next choice. */
export interface NewsReply extends EndpointReply {
  nextToken?: string
}

export interface NewsChoiceContext extends NewsChoiceInput, FormStatus {
  token: string
}

export type NewsChoiceEvent = { type: 'LINK_READ'; token: string } | { type: 'SUBMIT' }

/** The request that sends the choice with its token: the view provides it (src/waitlist/consent-actors.ts). */
const sendChoice = requestToBeProvided<NewsReply, { token: string; news: NewsChoice }>('sendChoice')
export type SendChoice = typeof sendChoice
type RequestDone = DoneActorEvent<OutputFrom<SendChoice>, 'sendChoice'>
const resultOf = replyOf<NewsReply>('sendChoice')

export const newsChoiceMachine = setup({
  types: {} as {
    context: NewsChoiceContext
    events: NewsChoiceEvent | RequestDone
    input: NewsChoiceInput
    /** `actionable`: the page shows the form and its button; `busy`: a request runs. */
    tags: 'busy' | 'actionable'
  },
  actions: {
    setToken: assign(({ event }) => {
      assertEvent(event, 'LINK_READ')
      return { token: event.token.trim() }
    }),
    showSubmitting: assign(statusLines.submitting),
    showReply: assign(({ event }) => replyLine(resultOf(event))),
    // The answer's token acts next, for the other choice. Without one (a server that gave none) the spent token
    // stays, and the next press is refused in the server's words rather than sent with nothing.
    offerTheOtherChoice: assign(({ context, event }) => ({
      token: resultOf(event)?.nextToken ?? context.token,
      offer: context.offer === 'on' ? ('off' as const) : ('on' as const),
    })),
    showNetworkIssue: assign(statusLines.networkIssue),
  },
  guards: {
    isEndpointConfigured,
    hasToken,
    linkHasToken,
    isDone: replyWorked(resultOf),
    isAnswered: replyAnswered(resultOf),
  },
  actors: { sendChoice },
  delays: { submitTimeout: requestTimeoutMs },
}).createMachine({
  id: 'newsChoice',
  context: ({ input }) => ({ ...input, token: '', message: '', ok: null }),
  initial: 'start',
  states: {
    start: {
      description: 'Never seen: the page picks between asking and saying nothing before it renders.',
      always: [{ guard: not('isEndpointConfigured'), target: 'byEmail' }, { target: 'ready' }],
    },
    byEmail: {
      description: 'This build has no endpoint to send a choice to: nothing is shown (the page itself says how to write to us).',
    },
    ready: {
      description:
        'The question (or, just after a yes, the offer to take it back) with its one button, never pre-ticked; prerendered, so it posts without a script.',
      tags: ['actionable'],
      on: {
        LINK_READ: [{ guard: 'linkHasToken', actions: 'setToken' }, { target: 'missingToken' }],
        // The view reads its token before it replays an early tap, so a SUBMIT here knows it.
        SUBMIT: [{ guard: 'hasToken', target: 'submitting' }, { target: 'missingToken' }],
      },
    },
    missingToken: {
      description: 'The page was opened without the token the question needs: nothing is shown.',
    },
    submitting: {
      description: 'The status reads "Submitting…" and the button is disabled until the answer arrives (15 s at most).',
      tags: ['busy', 'actionable'],
      entry: 'showSubmitting',
      invoke: {
        id: 'sendChoice',
        src: 'sendChoice',
        input: ({ context }) => ({ token: context.token, news: context.offer }),
        onDone: [
          { guard: 'isDone', target: 'answered', actions: ['showReply', 'offerTheOtherChoice'] },
          { guard: 'isAnswered', target: 'refused', actions: 'showReply' },
          { target: 'failure', actions: 'showReply' },
        ],
        // The real client never rejects; a rejection means the request itself failed.
        onError: { target: 'failure', actions: 'showNetworkIssue' },
      },
      after: { submitTimeout: { target: 'failure', actions: 'showNetworkIssue' } },
    },
    answered: {
      description: "A green answer in the server's words, and one button for the other choice: taking it back is one press, as giving it was.",
      tags: ['actionable'],
      on: { SUBMIT: 'submitting' },
    },
    refused: {
      description: "The server's words in red (the token expired or was used) and where to choose instead; no button.",
    },
    failure: {
      description: 'A red message says what went wrong (network, time-out, too many requests); the button is there to try again.',
      tags: ['actionable'],
      on: { SUBMIT: 'submitting' },
    },
  },
})

export type NewsChoiceMachine = typeof newsChoiceMachine
export type NewsChoiceSnapshot = SnapshotFrom<NewsChoiceMachine>
export type NewsChoiceStateName = NewsChoiceSnapshot['value']
