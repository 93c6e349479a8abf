// @vitest-environment node
// A refusal the server put in words (a 403 naming the permission a role lacks, issue 46) is what the console shows
// where the action was; without words (no answer, a 500) each machine says its own.
import { createActor, fromPromise, waitFor } from 'xstate'
import { adminApiKeysMachine, adminApiKeysMessages } from '../../machines/admin-api-keys-machine'
import { adminEraseMachine, adminEraseMessages } from '../../machines/admin-erase-machine'
import type { ApiKeyRow } from '../../shared/api-keys'

const forbidden = 'Your role, people, does not allow erasing people. An owner can change your role.'
const serverMessage = (message: string) => Object.assign(new Error(message), { name: 'ServerMessage' })

it.each([
  ['in the server’s words', serverMessage(forbidden), forbidden],
  ['in its own words when the server gave none', new Error('HTTP 500'), adminEraseMessages.failed],
])('an erasure refused says so %s', async (_, error, words) => {
  const erase = createActor(adminEraseMachine.provide({ actors: { eraseSignup: fromPromise(() => Promise.reject(error)) } })).start()
  erase.send({ type: 'ERASE_REQUESTED', target: { id: 7, email: 'ada@example.com' } })
  erase.send({ type: 'CONFIRM' })
  const failed = await waitFor(erase, (snapshot) => snapshot.matches('failed'))
  expect(failed.context.message).toBe(words)
})

it.each([
  ['in the server’s words', serverMessage('Your role, viewer, does not allow managing API keys. An owner can change your role.'), 'Your role, viewer, does not allow managing API keys. An owner can change your role.'],
  ['in its own words when the server gave none', new Error('HTTP 500'), adminApiKeysMessages.makeFailed],
])('a key refused says so %s', async (_, error, words) => {
  const keys = createActor(adminApiKeysMachine.provide({ actors: { fetchKeys: fromPromise(async (): Promise<ApiKeyRow[]> => []), makeKey: fromPromise(() => Promise.reject(error)) } })).start()
  await waitFor(keys, (snapshot) => snapshot.matches('ready'))
  keys.send({ type: 'NAME_CHANGED', value: 'App backend' })
  keys.send({ type: 'SCOPE_TOGGLED', scope: 'people:read' })
  keys.send({ type: 'MAKE' })
  const refused = await waitFor(keys, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== '')
  expect(refused.context.error).toBe(words)
})
