// @vitest-environment node
// Model-based tests of the console's webhooks machine (machines/admin-webhooks-machine.ts), as the other console
// machines' (admin-machines-model.test.ts): every path generated from its graph (tools/admin-model.ts) is
// replayed on a real actor whose requests are promises this test settles, and after every step the actor must be
// where the graph says, with what the team reads and which request went out checked step by step. The guard suite
// keeps the model honest: every state reached, every transition taken, every request aborted when its state is left.
import { describe, expect, it } from 'vitest'
import { adminWebhooksMachine, adminWebhooksMessages, type AdminWebhooksSnapshot } from '../../machines/admin-webhooks-machine'
import { definedTransitions, describeTransition, transitionPaths, transitionsTaken, type ModelStep } from '../../tools/admin-model'
import { deliveryPollEvent, webhooksModel as model, webhooksSamples } from '../../tools/admin-models'
import { replayAdminPath, type Pending } from '../utils/replay-admin-model'

const { secret, refusal } = webhooksSamples

/** What the team reads and what went out after each step. */
function checkStep({ event }: ModelStep, started: Pending[], before: AdminWebhooksSnapshot, after: AdminWebhooksSnapshot) {
  const requests = started.map((request) => [request.id, request.input])
  switch (event.type) {
    case 'CHANGE':
      // One request for the change, and the secret on screen hidden: it belongs to the moment it was made.
      expect(requests).toEqual([['applyChange', event.change]])
      expect(after.context.secret).toBeNull()
      break
    case 'DELETE':
      // Nothing goes out until the team confirms; the question names the endpoint.
      expect(requests).toEqual([])
      expect(after.value).toBe('confirmingDelete')
      expect(after.context.deleting).toEqual({ id: event.id, url: event.url })
      break
    case 'CONFIRM':
      expect(requests).toEqual([['applyChange', { kind: 'delete', id: before.context.deleting?.id }]])
      break
    case 'CANCEL':
      expect(requests).toEqual([])
      expect(after.value).toBe('ready')
      expect(after.context.deleting).toBeNull()
      break
    case 'CLOSE_LOG':
      // Closed, the log is not read again, even by a read under way.
      expect(after.context.log).toBeNull()
      expect(after.matches('ready') || after.matches('loadingLog') || after.matches('changing') || after.matches('loading') || after.matches('failed')).toBe(true)
      break
    case 'OPEN_LOG':
      expect(requests).toEqual([['fetchDeliveries', { id: 1, before: null }]])
      break
    case 'OLDER_LOG':
      expect(requests).toEqual(before.context.log?.page.older ? [['fetchDeliveries', { id: 1, before: before.context.log.page.older }]] : [])
      break
    case 'RELOAD_LOG':
      expect(requests).toEqual(before.context.log ? [['fetchDeliveries', { id: 1, before: before.context.log.before }]] : [])
      break
    case 'xstate.done.actor.applyChange': {
      const output = event.output as { secret?: string; tested: boolean }
      const deleted = before.context.deleting
      if (deleted) {
        // A deletion reads the list again, says so in words, and closes its endpoint's log: nothing is read again
        // for an endpoint that is no more.
        expect(requests).toEqual([['fetchEndpoints', undefined]])
        expect(after.context.message).toBe(adminWebhooksMessages.deleted(deleted.url))
        expect([after.context.log?.endpointId, after.context.logWanted?.endpointId]).not.toContain(deleted.id)
        expect(after.context.deleting).toBeNull()
        expect(after.context.addForm).toBe(before.context.addForm)
        break
      }
      // A test opens its endpoint's log; anything else reads the list again, keeping a new secret to show once.
      if (output.tested) expect(requests).toEqual([['fetchDeliveries', { id: 1, before: null }]])
      else expect(requests).toEqual([['fetchEndpoints', undefined]])
      if (!output.tested) expect(after.context.secret).toEqual(output.secret ? { endpointId: 1, secret } : null)
      // An add the server took gives a blank add form; no other change does.
      expect(after.context.addForm).toBe(before.context.addForm + (before.context.adding && !output.tested ? 1 : 0))
      expect(after.context.message).toBeNull()
      break
    }
    case deliveryPollEvent.type:
      // A delivery on the open page still waits: the same page is read again, in the background (nothing waits).
      // Nothing waits (or no log is open): the time passes and nothing is read.
      if (before.context.log?.page.deliveries.some((delivery) => delivery.status === 'pending')) {
        expect(requests).toEqual([['fetchDeliveries', { id: 1, before: before.context.log.before }]])
        expect(after.value).toBe('pollingLog')
        expect(after.hasTag('busy')).toBe(false)
      } else expect(requests).toEqual([])
      break
    case 'xstate.error.actor.applyChange':
      expect(after.context.error).toBe(refusal.message)
      expect(after.context.deleting).toBeNull()
      expect(requests).toEqual([])
      break
    case 'xstate.error.actor.fetchDeliveries':
      expect(after.context.error).toBe(adminWebhooksMessages.logFailed)
      break
  }
}

const paths = transitionPaths(model)

describe('the webhooks machine', () => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replayAdminPath(adminWebhooksMachine, undefined, path, checkStep)
  })

  it('reaches every state and takes every transition', () => {
    const reached = new Set(paths.flatMap((path) => [path.edge.from, ...path.steps.map((step) => step.state)].map((state) => JSON.stringify(state.value))))
    for (const state of Object.keys(adminWebhooksMachine.root.states)) expect(reached, state).toContain(JSON.stringify(state))
    const taken = new Set(paths.flatMap((path) => transitionsTaken(adminWebhooksMachine, path)))
    expect(definedTransitions(adminWebhooksMachine).filter((transition) => !taken.has(transition)).map(describeTransition)).toEqual([])
  })
})
