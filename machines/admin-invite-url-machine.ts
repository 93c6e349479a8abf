// The invitation link (INVITE_URL) as an owner sets it on the Overview (issue 47), with no restart: `editing` the
// field, then `saving` it (an empty field clears the console's link). The server checks the link and answers with
// it as it now stands, or refuses in words (not https, or the environment sets it), which `editing` shows beside
// the field. After a save the view is told (`announceSaved`), so the setup checklist loads again.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate'
import { serverWords } from './server-words'
import type { InviteUrlSetting } from '../shared/setup'

export const adminInviteUrlMessages = {
  saved: 'The invitation link is saved: waves may start now.',
  cleared: 'The console’s invitation link is cleared: waves wait for a new one.',
  failed: 'The invitation link could not be saved. Nothing changed; try again.',
} as const

type Context = { url: string; message: string; error: string }

export const adminInviteUrlMachine = setup({
  types: {} as {
    context: Context
    input: { url: string | null }
    events: { type: 'URL_CHANGED'; value: string } | { type: 'SAVE' } | DoneActorEvent<InviteUrlSetting, 'saveInviteUrl'>
    tags: 'busy'
  },
  actors: {
    saveInviteUrl: fromPromise<InviteUrlSetting, { url: string | null }>(async ({ input }) => ({ url: input.url, from: input.url === null ? null : 'console' })),
  },
  actions: {
    setUrl: assign(({ event }) => {
      assertEvent(event, 'URL_CHANGED')
      return { url: event.value, message: '', error: '' }
    }),
    showSaved: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.saveInviteUrl')
      return { url: event.output.url ?? '', message: event.output.url === null ? adminInviteUrlMessages.cleared : adminInviteUrlMessages.saved, error: '' }
    }),
    showRefusal: assign(({ event }) => ({ message: '', error: serverWords(event, adminInviteUrlMessages.failed) })),
    announceSaved: () => {},
  },
}).createMachine({
  id: 'adminInviteUrl',
  context: ({ input }) => ({ url: input.url ?? '', message: '', error: '' }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The field, with the last save’s words or the server’s refusal beside it.',
      on: { URL_CHANGED: { actions: 'setUrl' }, SAVE: 'saving' },
    },
    saving: {
      description: 'Saving the link; the server checks it.',
      tags: 'busy',
      invoke: {
        id: 'saveInviteUrl',
        src: 'saveInviteUrl',
        input: ({ context }) => ({ url: context.url.trim() === '' ? null : context.url.trim() }),
        onDone: { target: 'editing', actions: ['showSaved', 'announceSaved'] },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
  },
})

export type AdminInviteUrlSnapshot = SnapshotFrom<typeof adminInviteUrlMachine>
