// @vitest-environment node
// Model-based tests of the check of MAIL_FROM's domain in the console (issue 49), as the other console machines': every
// path generated from its graph is replayed on a real actor whose request this test settles, with what went out and
// what the member reads checked step by step; the guard keeps the model honest.
import { describe, expect, it } from 'vitest'
import { adminMailDomainMachine, adminMailDomainMessages, type AdminMailDomainSnapshot } from '../../machines/admin-mail-domain-machine'
import { mailDomainModel, mailDomainSamples } from '../../tools/admin-mail-models'
import { definedTransitions, describeTransition, transitionPaths, transitionsTaken, type ModelStep } from '../../tools/admin-model'
import { replayAdminPath, type Pending } from '../utils/replay-admin-model'

const { reply, refusal } = mailDomainSamples

function checkStep({ event }: ModelStep, started: Pending[], before: AdminMailDomainSnapshot, after: AdminMailDomainSnapshot) {
  const requests = started.map((request) => request.id)
  if (event.type === 'CHECK') expect(requests).toEqual(before.matches('checking') ? [] : ['checkMailDomain'])
  if (event.type === 'xstate.done.actor.checkMailDomain') expect(after.context).toEqual({ reply, error: null })
  if (event.type === 'xstate.error.actor.checkMailDomain') expect(after.context.error).toBe(event.error === refusal ? refusal.message : adminMailDomainMessages.failed)
}

describe('the mail domain machine', () => {
  const paths = transitionPaths(mailDomainModel)
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replayAdminPath(adminMailDomainMachine, undefined, path, checkStep)
  })

  it('reaches every state and takes every transition', () => {
    const reached = new Set(paths.flatMap((path) => [path.edge.from, ...path.steps.map((step) => step.state)].map((state) => JSON.stringify(state.value))))
    for (const state of Object.keys(adminMailDomainMachine.root.states)) expect(reached, state).toContain(JSON.stringify(state))
    const taken = new Set(paths.flatMap((path) => transitionsTaken(adminMailDomainMachine, path)))
    expect(definedTransitions(adminMailDomainMachine).filter((transition) => !taken.has(transition)).map(describeTransition)).toEqual([])
  })
})
