// The console's API keys (issue 33): the list (`loading`, then `ready`, or `failed` with a retry), the form that
// makes a key, and revoking one. The form's name and scopes live here, so whether "Make key" may be pressed is this
// machine's answer (`canMake`), not the view's. A key just made is kept in `made` and shown until the team says it
// is copied (DISMISS): the server never shows it again, so nothing but that gesture clears it, not even a reload of
// the list. Revoking asks first (`confirmingRevoke`), since a revoked key stops a server at once and cannot be undone.
// After a key is made or revoked the list is fetched again, and the view is told (`announceChanged`), so the audit log
// reloads too. A revocation's words take the keyboard (`focusOutcome`), since the Revoke pressed is gone.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import { serverWords } from './server-words'
import { apiKeyNameMax, type ApiKeyRow, type ApiScope, type MadeApiKey, type MakeApiKey } from '../shared/api-keys'

export type AdminApiKeysEvent =
  | { type: 'RELOAD' }
  | { type: 'NAME_CHANGED'; value: string }
  | { type: 'SCOPE_TOGGLED'; scope: ApiScope }
  | { type: 'MAKE' }
  | { type: 'DISMISS' }
  | { type: 'REVOKE'; id: number; name: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

type Context = {
  keys: ApiKeyRow[]
  name: string
  scopes: ApiScope[]
  made: MadeApiKey | null
  revoking: { id: number; name: string } | null
  message: string
  error: string
}

export const adminApiKeysMessages = {
  revoked: (name: string) => `The key “${name}” is revoked: a request with it now gets 401.`,
  revokeFailed: (name: string) => `The key “${name}” could not be revoked. The list has been reloaded.`,
  makeFailed: 'The key could not be made. Nothing was made; try again.',
} as const

const fresh = { name: '', scopes: [] as ApiScope[] }

export const adminApiKeysMachine = setup({
  types: {} as {
    context: Context
    events: AdminApiKeysEvent | DoneActorEvent<ApiKeyRow[], 'fetchKeys'> | DoneActorEvent<MadeApiKey, 'makeKey'>
    tags: 'busy'
  },
  actors: {
    fetchKeys: fromPromise<ApiKeyRow[]>(async () => []),
    makeKey: fromPromise<MadeApiKey, MakeApiKey>(async () => {
      throw new Error('not provided')
    }),
    revokeKey: fromPromise<void, { id: number }>(async () => undefined),
  },
  actions: {
    showKeys: assign(({ event }) => (event.type === 'xstate.done.actor.fetchKeys' ? { keys: event.output } : {})),
    setName: assign(({ event }) => {
      assertEvent(event, 'NAME_CHANGED')
      return { name: event.value.slice(0, apiKeyNameMax), error: '' }
    }),
    toggleScope: assign(({ context, event }) => {
      assertEvent(event, 'SCOPE_TOGGLED')
      return { scopes: context.scopes.includes(event.scope) ? context.scopes.filter((scope) => scope !== event.scope) : [...context.scopes, event.scope], error: '' }
    }),
    keepMade: assign(({ event }) => (event.type === 'xstate.done.actor.makeKey' ? { made: event.output, ...fresh, message: '', error: '' } : {})),
    showMakeFailed: assign(({ event }) => ({ error: serverWords(event, adminApiKeysMessages.makeFailed) })),
    forgetMade: assign({ made: null }),
    askRevoke: assign(({ event }) => {
      assertEvent(event, 'REVOKE')
      return { revoking: { id: event.id, name: event.name }, message: '', error: '' }
    }),
    cancelRevoke: assign({ revoking: null }),
    showRevoked: assign(({ context }) => ({ message: adminApiKeysMessages.revoked(context.revoking?.name ?? ''), revoking: null })),
    showRevokeFailed: assign(({ context, event }) => ({ error: serverWords(event, adminApiKeysMessages.revokeFailed(context.revoking?.name ?? '')), revoking: null })),
    /** Tells the audit log to reload (the view provides it). */
    announceChanged: () => {},
    /** Puts the keyboard on what a revocation did: its button is gone or waiting (the view provides it). */
    focusOutcome: () => {},
  },
  guards: {
    canMake: ({ context }) => context.name.trim().length > 0 && context.scopes.length > 0,
  },
}).createMachine({
  id: 'adminApiKeys',
  context: { keys: [], ...fresh, made: null, revoking: null, message: '', error: '' },
  initial: 'loading',
  // The form and the key just made outlive every state: typing goes on while the list loads.
  on: {
    NAME_CHANGED: { actions: 'setName' },
    SCOPE_TOGGLED: { actions: 'toggleScope' },
    DISMISS: { actions: 'forgetMade' },
  },
  states: {
    loading: {
      description: 'Fetching the keys: name, scopes, prefix, made, last used, revoked.',
      tags: 'busy',
      invoke: { id: 'fetchKeys', src: 'fetchKeys', onDone: { target: 'ready', actions: 'showKeys' }, onError: 'failed' },
    },
    ready: {
      description: 'The keys, each live one with Revoke, and the form to make one.',
      on: {
        RELOAD: 'loading',
        MAKE: { guard: 'canMake', target: 'making' },
        REVOKE: { target: 'confirmingRevoke', actions: 'askRevoke' },
      },
    },
    making: {
      description: 'One request makes the key; the form waits.',
      tags: 'busy',
      invoke: {
        id: 'makeKey',
        src: 'makeKey',
        input: ({ context }) => ({ name: context.name.trim(), scopes: context.scopes }),
        onDone: { target: 'loading', actions: ['keepMade', 'announceChanged'] },
        onError: { target: 'ready', actions: 'showMakeFailed' },
      },
    },
    confirmingRevoke: {
      description: 'Asks whether to revoke the key named, since a server using it stops at once.',
      on: { CONFIRM: 'revoking', CANCEL: { target: 'ready', actions: 'cancelRevoke' } },
    },
    revoking: {
      description: 'One request revokes the key; the buttons wait.',
      tags: 'busy',
      invoke: {
        id: 'revokeKey',
        src: 'revokeKey',
        input: ({ context }) => ({ id: context.revoking!.id }),
        onDone: { target: 'loading', actions: ['showRevoked', 'announceChanged', 'focusOutcome'] },
        onError: { target: 'loading', actions: ['showRevokeFailed', 'focusOutcome'] },
      },
    },
    failed: { description: 'The keys could not be loaded; RELOAD tries again.', on: { RELOAD: 'loading' } },
  },
})

export type AdminApiKeysSnapshot = SnapshotFrom<typeof adminApiKeysMachine>
