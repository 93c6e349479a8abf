// The console's team (issue 46): who may sign in, with which role. `loading` fetches the members; `ready` shows
// them with the invite form; every change (invite, change a role, remove) is one request in `changing`, and the
// server answers with the members as they now stand, so what shows is the server's word. Removing asks first
// (`confirmingRemove`): it ends that member's sessions at once. The invite form's address and role live here, so
// whether Invite may be pressed is this machine's answer. A refusal (the last owner, an owner the settings name, a
// permission missing) is the server's own words, where the change was asked for.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate'
import { messages } from '../shared/messages'
import { looksLikeEmail } from '../shared/rules'
import type { Role, TeamInvite, TeamMember, TeamRemoval, TeamRoleChange } from '../shared/team'

/** One change to the team, as one request; each answers the members as they stand after it. */
export type TeamChange = ({ kind: 'invite' } & TeamInvite) | ({ kind: 'role' } & TeamRoleChange) | ({ kind: 'remove' } & TeamRemoval)

export type AdminTeamEvent =
  | { type: 'RELOAD' }
  | { type: 'EMAIL_CHANGED'; value: string }
  | { type: 'ROLE_CHOSEN'; role: Role }
  | { type: 'INVITE' }
  | { type: 'CHANGE_ROLE'; email: string; role: Role }
  | { type: 'REMOVE'; email: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

type Context = {
  members: TeamMember[]
  email: string
  role: Role
  /** The change on its way, or the removal asked about. */
  change: TeamChange | null
  message: string
  error: string
}

export const adminTeamMessages = {
  failed: 'The team could not be loaded.',
  refused: 'That change could not be made. The team has been loaded again.',
  invalidEmail: messages.invalidEmail,
  done: (change: TeamChange) =>
    change.kind === 'invite'
      ? `${change.email} is invited as ${change.role}: a sign-in link is on its way to them.`
      : change.kind === 'role'
        ? `${change.email} is now ${change.role}.`
        : `${change.email} is no longer on the team: their sessions have ended.`,
} as const

const notProvided = () => Promise.reject(new Error('The view provides this request.'))
const messageOf = (error: unknown) => (error instanceof Error && error.name === 'ServerMessage' ? error.message : adminTeamMessages.refused)
const freshForm: { email: string; role: Role } = { email: '', role: 'editor' }
const asking = (change: TeamChange) => ({ change, message: '', error: '' })

export const adminTeamMachine = setup({
  types: {} as {
    context: Context
    events: AdminTeamEvent | DoneActorEvent<TeamMember[], 'fetchTeam'> | DoneActorEvent<TeamMember[], 'changeTeam'> | ErrorActorEvent<unknown, 'changeTeam'>
    tags: 'busy'
  },
  actors: {
    fetchTeam: fromPromise<TeamMember[]>(notProvided),
    changeTeam: fromPromise<TeamMember[], TeamChange>(notProvided),
  },
  actions: {
    showMembers: assign(({ event }) => (assertEvent(event, ['xstate.done.actor.fetchTeam', 'xstate.done.actor.changeTeam']), { members: event.output })),
    setEmail: assign(({ event }) => (assertEvent(event, 'EMAIL_CHANGED'), { email: event.value, error: '' })),
    setRole: assign(({ event }) => (assertEvent(event, 'ROLE_CHOSEN'), { role: event.role })),
    askInvite: assign(({ context }) => asking({ kind: 'invite', email: context.email.trim(), role: context.role })),
    askRoleChange: assign(({ event }) => (assertEvent(event, 'CHANGE_ROLE'), asking({ kind: 'role', email: event.email, role: event.role }))),
    askRemove: assign(({ event }) => (assertEvent(event, 'REMOVE'), asking({ kind: 'remove', email: event.email }))),
    cancelChange: assign({ change: null }),
    showInvalidEmail: assign({ error: adminTeamMessages.invalidEmail, message: '' }),
    showDone: assign(({ context }) => ({
      message: context.change ? adminTeamMessages.done(context.change) : '',
      change: null,
      ...(context.change?.kind === 'invite' ? freshForm : {}),
    })),
    showRefusal: assign(({ event }) => (assertEvent(event, 'xstate.error.actor.changeTeam'), { error: messageOf(event.error), change: null })),
    /** Tells the audit log to reload (the view provides it). */
    announceChanged: () => {},
    /** Moves the keyboard to the outcome's words: the row or the button pressed may be gone (the view provides it). */
    focusOutcome: () => {},
  },
  guards: {
    isEmailValid: ({ context }) => looksLikeEmail(context.email),
  },
}).createMachine({
  id: 'adminTeam',
  context: { members: [], ...freshForm, change: null, message: '', error: '' },
  initial: 'loading',
  // The invite form outlives every state: typing goes on while the list loads or a change is on its way.
  on: {
    EMAIL_CHANGED: { actions: 'setEmail' },
    ROLE_CHOSEN: { actions: 'setRole' },
  },
  states: {
    loading: {
      description: 'Fetching the members: address, role, last sign-in, and whether the settings name them.',
      tags: 'busy',
      invoke: { id: 'fetchTeam', src: 'fetchTeam', onDone: { target: 'ready', actions: 'showMembers' }, onError: 'failed' },
    },
    failed: { description: 'The team could not be loaded; RELOAD tries again.', on: { RELOAD: 'loading' } },
    ready: {
      description: 'The members, each with a role to change and Remove (but the owners the settings name), and the invite form.',
      on: {
        RELOAD: 'loading',
        INVITE: [{ guard: 'isEmailValid', target: 'changing', actions: 'askInvite' }, { actions: 'showInvalidEmail' }],
        CHANGE_ROLE: { target: 'changing', actions: 'askRoleChange' },
        REMOVE: { target: 'confirmingRemove', actions: 'askRemove' },
      },
    },
    confirmingRemove: {
      description: 'Asks whether to remove the member named, since their sessions end at once.',
      on: { CONFIRM: 'changing', CANCEL: { target: 'ready', actions: 'cancelChange' } },
    },
    changing: {
      description: 'One change on its way: every button waits. The reply is the team as it now stands.',
      tags: 'busy',
      invoke: {
        id: 'changeTeam',
        src: 'changeTeam',
        input: ({ context }) => context.change!,
        onDone: { target: 'ready', actions: ['showMembers', 'showDone', 'announceChanged', 'focusOutcome'] },
        // A refusal leaves the list as the server may now see it otherwise: it is fetched again.
        onError: { target: 'loading', actions: ['showRefusal', 'focusOutcome'] },
      },
    },
  },
})

export type AdminTeamSnapshot = SnapshotFrom<typeof adminTeamMachine>
export type AdminTeamStateName = keyof typeof adminTeamMachine.root.states
