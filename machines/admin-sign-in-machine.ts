// The console's front door. `checking` asks the server whether this browser already has a session, unless the
// page knows already: a session it was given at the start (the early script's answer, in before the console's
// script ran: src/admin/main.tsx) opens the console signed in, with nothing asked and no checking drawn. Without
// one, a sign-in link in the address (#token=…) leads to `confirming`: the link is used only when the person
// presses the button (a mail scanner that opens the link uses nothing), then `verifying` posts it once.
// Without a link, `signedOut` takes an email and `requesting` asks for a link; the reply is the same for
// every address, so `linkSent` says only that a link is on its way if the address may sign in.
// `signedIn` ends by signing out on the server (`signingOut`) or when any request finds the session gone.
// The session names the member's role and what it lets them do (shared/team.ts): the console shows only that
// (`allows`), and the server refuses the rest all the same.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate'
import type { SessionReply, SignInRequested } from '../shared/console-api'
import { messages } from '../shared/messages'
import { looksLikeEmail } from '../shared/rules'
import type { Permission, Role } from '../shared/team'

/** The sign-in link's token in the address, if any; and the member's session, when the page already has it. */
export type AdminSignInInput = { token: string | null; session?: SessionReply }
export type AdminSignInContext = { token: string | null; email: string; signedInAs: string; role: Role | null; permissions: Permission[]; message: string }
export type AdminSignInEvent = { type: 'EMAIL_CHANGED'; value: string } | { type: 'SUBMIT' } | { type: 'CONFIRM' } | { type: 'SIGN_OUT' } | { type: 'SESSION_LOST' }

export const adminSignInMessages = {
  invalidEmail: messages.invalidEmail,
  unreachable: 'The console could not reach the server. Check your connection and try again.',
  linkRefused: 'This sign-in link has expired or was already used. Ask for a new one below.',
  sessionLost: 'Your session has ended. Please sign in again.',
  signedOut: 'You are signed out.',
  signOutFailed: 'Signing out did not reach the server. Please try again.',
} as const

/** What the invoked actors answer, typed by XState (their done and error events, by invoke id). */
type ActorReply =
  | DoneActorEvent<SessionReply | null, 'checkSession'>
  | DoneActorEvent<SignInRequested, 'requestLink'>
  | DoneActorEvent<SessionReply, 'verifyToken'>
  | ErrorActorEvent<unknown, 'checkSession'>
  | ErrorActorEvent<unknown, 'requestLink'>
type Event = AdminSignInEvent | ActorReply

/** Who the session names, as the context holds it. */
const memberOf = (session: SessionReply | null) => ({ signedInAs: session?.email ?? '', role: session?.role ?? null, permissions: session?.permissions ?? [] })
const sessionOf = (event: Event) =>
  event.type === 'xstate.done.actor.checkSession' || event.type === 'xstate.done.actor.verifyToken' ? event.output : null
/** Whether the signed-in member's role allows this: what the console shows is read here, never re-derived. */
export const allows = (context: { permissions: readonly Permission[] }, permission: Permission) => context.permissions.includes(permission)
const errorMessage = (event: Event, fallback: string) => {
  const error = event.type === 'xstate.error.actor.checkSession' || event.type === 'xstate.error.actor.requestLink' ? event.error : undefined
  return error instanceof Error && error.name === 'ServerMessage' ? error.message : fallback
}

const signedOut: Pick<AdminSignInContext, 'signedInAs' | 'role' | 'permissions'> = { signedInAs: '', role: null, permissions: [] }

export const adminSignInMachine = setup({
  types: {} as { context: AdminSignInContext; events: Event; input: AdminSignInInput; tags: 'busy' },
  actors: {
    checkSession: fromPromise<SessionReply | null>(async () => null),
    requestLink: fromPromise<SignInRequested, { email: string }>(async () => ({ message: '' })),
    verifyToken: fromPromise<SessionReply, { token: string }>(async () => ({ email: '', role: 'viewer', permissions: [] })),
    signOut: fromPromise<void>(async () => undefined),
  },
  actions: {
    setEmail: assign(({ event }) => {
      assertEvent(event, 'EMAIL_CHANGED')
      return { email: event.value }
    }),
    rememberSession: assign(({ event }) => ({ ...memberOf(sessionOf(event)), message: '', token: null })),
    showInvalidEmail: assign({ message: adminSignInMessages.invalidEmail }),
    showLinkSent: assign(({ event }) => ({ message: event.type === 'xstate.done.actor.requestLink' ? event.output.message : '' })),
    showUnreachable: assign(({ event }) => ({ message: errorMessage(event, adminSignInMessages.unreachable) })),
    showLinkRefused: assign({ message: adminSignInMessages.linkRefused, token: null }),
    showSessionLost: assign({ message: adminSignInMessages.sessionLost, ...signedOut }),
    showSignedOut: assign({ message: adminSignInMessages.signedOut, ...signedOut }),
    showSignOutFailed: assign({ message: adminSignInMessages.signOutFailed }),
    clearMessage: assign({ message: '' }),
    /** Takes the used link out of the address bar and history (the view provides it). */
    forgetLinkInAddress: () => {},
  },
  guards: {
    hasSession: ({ event }) => event.type === 'xstate.done.actor.checkSession' && event.output !== null,
    sessionGiven: ({ context }) => context.role !== null,
    hasToken: ({ context }) => context.token !== null,
    isEmailValid: ({ context }) => looksLikeEmail(context.email),
  },
}).createMachine({
  id: 'adminSignIn',
  context: ({ input }) => ({ token: input.session ? null : input.token, email: '', ...memberOf(input.session ?? null), message: '' }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Asking the server whether this browser is signed in; with a session given at the start, signed in at once.',
      tags: 'busy',
      always: { guard: 'sessionGiven', target: 'signedIn' },
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [{ guard: 'hasSession', target: 'signedIn', actions: 'rememberSession' }, { guard: 'hasToken', target: 'confirming' }, { target: 'signedOut' }],
        onError: { target: 'signedOut', actions: 'showUnreachable' },
      },
    },
    signedOut: {
      description: 'The email form: who wants a sign-in link.',
      on: {
        EMAIL_CHANGED: { actions: 'setEmail' },
        SUBMIT: [{ guard: 'isEmailValid', target: 'requesting' }, { actions: 'showInvalidEmail' }],
      },
    },
    requesting: {
      description: 'Asking the server to mail a link; the answer never says whether the address is listed.',
      tags: 'busy',
      entry: 'clearMessage',
      invoke: {
        id: 'requestLink',
        src: 'requestLink',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'linkSent', actions: 'showLinkSent' },
        onError: { target: 'signedOut', actions: 'showUnreachable' },
      },
    },
    linkSent: {
      description: 'A link is on its way if the address may sign in; the form can send another.',
      on: {
        EMAIL_CHANGED: { target: 'signedOut', actions: ['setEmail', 'clearMessage'] },
        SUBMIT: { target: 'requesting' },
      },
    },
    confirming: {
      description: 'Opened from a sign-in link: one button uses it (mail scanners that open links use nothing).',
      on: { CONFIRM: 'verifying' },
    },
    verifying: {
      description: 'Posting the link’s token once; it is removed from the address bar either way.',
      tags: 'busy',
      entry: 'forgetLinkInAddress',
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'signedIn', actions: 'rememberSession' },
        onError: { target: 'signedOut', actions: 'showLinkRefused' },
      },
    },
    signedIn: {
      description: 'The console itself.',
      on: { SIGN_OUT: 'signingOut', SESSION_LOST: { target: 'signedOut', actions: 'showSessionLost' } },
    },
    signingOut: {
      description: 'Ending the session on the server.',
      tags: 'busy',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'showSignedOut' },
        onError: { target: 'signedIn', actions: 'showSignOutFailed' },
      },
    },
  },
})

export type AdminSignInSnapshot = SnapshotFrom<typeof adminSignInMachine>
export type AdminSignInStateName = keyof typeof adminSignInMachine.root.states
