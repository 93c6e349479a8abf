// The check of MAIL_FROM's domain in the console (issue 49): nothing is looked up until the member asks (`idle`), since
// DNS may take seconds; CHECK asks the server (`checking`), which answers each record found or missing with the
// record to add (`checked`), or says why it could not (`failed`, in the server's words when it gave some, such as
// MAIL_FROM not set). CHECK again looks again, from either.
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate'
import type { MailDomainReply } from '../shared/mail-domain'

export type AdminMailDomainEvent = { type: 'CHECK' }

type Context = { reply: MailDomainReply | null; error: string | null }

export const adminMailDomainMessages = { failed: 'The domain could not be checked just now.' } as const

const messageOf = (error: unknown) => (error instanceof Error && error.name === 'ServerMessage' ? error.message : adminMailDomainMessages.failed)

export const adminMailDomainMachine = setup({
  types: {} as {
    context: Context
    events: AdminMailDomainEvent | DoneActorEvent<MailDomainReply, 'checkMailDomain'> | ErrorActorEvent<unknown, 'checkMailDomain'>
    tags: 'busy'
  },
  actors: { checkMailDomain: fromPromise<MailDomainReply>(async () => ({ domain: '', checks: [] })) },
  actions: {
    showReply: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkMailDomain')
      return { reply: event.output, error: null }
    }),
    showFailure: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.checkMailDomain')
      return { reply: null, error: messageOf(event.error) }
    }),
  },
}).createMachine({
  id: 'adminMailDomain',
  context: { reply: null, error: null },
  initial: 'idle',
  states: {
    idle: { description: 'Nothing looked up yet: the button asks.', on: { CHECK: 'checking' } },
    checking: {
      description: 'The server looks the records up in DNS.',
      tags: 'busy',
      invoke: { id: 'checkMailDomain', src: 'checkMailDomain', onDone: { target: 'checked', actions: 'showReply' }, onError: { target: 'failed', actions: 'showFailure' } },
    },
    checked: { description: 'Each record found or missing, with the record to add; CHECK looks again.', on: { CHECK: 'checking' } },
    failed: { description: 'The check could not be made, and why; CHECK tries again.', on: { CHECK: 'checking' } },
  },
})

export type AdminMailDomainSnapshot = SnapshotFrom<typeof adminMailDomainMachine>
