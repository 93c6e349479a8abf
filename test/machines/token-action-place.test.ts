// @vitest-environment node
// The token action machine keeps the place in line a confirmation that worked gives (its `place`), and
// nothing else: a refusal, a failed request, or a reply without a place (an older server) leave it null.
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { tokenActionMachine, type TokenReply } from '../../machines/token-action-machine'
import { samples } from '../utils/consent-models'

/** Sends the link's token with a request that answers `reply` (or fails, with none), and waits for the answer. */
async function answered(reply?: TokenReply) {
  const machine = tokenActionMachine.provide({
    actors: {
      sendToken: fromPromise<TokenReply, { token: string; scope: 'purpose' | 'all' }>(async () => {
        if (!reply) throw new Error('the request did not get through')
        return reply
      }),
    },
  })
  const actor = createActor(machine, { input: { endpointConfigured: true } }).start()
  expect(actor.getSnapshot().context.place).toBeNull()
  actor.send({ type: 'LINK_READ', token: samples.token })
  actor.send({ type: 'SUBMIT' })
  const snapshot = await waitFor(actor, (state) => !state.matches('submitting'))
  actor.stop()
  return snapshot
}

const place = { place: 42, inLine: 1234 }

describe('the place in line', () => {
  it('is kept from a confirmation that worked, with its message', async () => {
    const snapshot = await answered({ ...samples.done, place })
    expect(snapshot.value).toBe('done')
    expect(snapshot.context).toMatchObject({ message: samples.done.message, ok: true, place })
  })

  it('is null when the reply that worked has none (an older server)', async () => {
    const snapshot = await answered({ ...samples.done })
    expect(snapshot.value).toBe('done')
    expect(snapshot.context.place).toBeNull()
  })

  it.each([
    ['refused', { ...samples.refused, place }],
    ['failure', { ...samples.tooMany, place }],
    ['failure', undefined],
  ] as const)('is null after a reply that ends in %s', async (state, reply) => {
    const snapshot = await answered(reply)
    expect(snapshot.value).toBe(state)
    expect(snapshot.context.place).toBeNull()
  })
})
