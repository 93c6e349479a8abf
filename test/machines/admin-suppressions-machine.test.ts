// @vitest-environment node
// Model-based tests of the console's suppression list and of a lift from a person's page (issue 49), as the other
// console machines' (admin-machines-model.test.ts): every path generated from each graph (tools/admin-model.ts) is
// replayed on a real actor whose requests are promises this test settles, with which request went out and what the
// team reads checked step by step; the guard suites keep the models honest (every state reached, every transition
// taken).
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { adminLiftMachine, adminLiftMessages, type AdminLiftSnapshot } from '../../machines/admin-lift-machine'
import { adminSuppressionsMachine, adminSuppressionsMessages, type AdminSuppressionsSnapshot } from '../../machines/admin-suppressions-machine'
import { liftModel, suppressionSamples, suppressionsModel } from '../../tools/admin-mail-models'
import { definedTransitions, describeTransition, transitionPaths, transitionsTaken, type ModelStep } from '../../tools/admin-model'
import { replayAdminPath, type Pending } from '../utils/replay-admin-model'

const { entry, refusal } = suppressionSamples

function checkListStep({ event }: ModelStep, started: Pending[], before: AdminSuppressionsSnapshot, after: AdminSuppressionsSnapshot) {
  const requests = started.map((request) => [request.id, request.input])
  switch (event.type) {
    case 'LIFT':
      // Only an address on the page shown is lifted, with one request naming it.
      expect(requests).toEqual(before.matches('ready') && event.email === entry.email && before.context.page.entries.some((row) => row.email === event.email) ? [['liftSuppression', { email: event.email }]] : [])
      break
    case 'xstate.done.actor.liftSuppression':
      // The same page is read again: what shows is the server's word, and the sentence names the address lifted.
      expect(requests).toEqual([['fetchSuppressions', { before: before.context.trail.at(-1) ?? null }]])
      expect(after.context.lifted).toBe(entry.email)
      break
    case 'xstate.error.actor.liftSuppression':
      expect(after.context.error).toBe(refusal.message)
      expect(after.value).toBe('ready')
      break
    case 'OLDER':
      expect(requests).toEqual(before.matches('ready') && before.context.page.older ? [['fetchSuppressions', { before: before.context.page.older }]] : [])
      break
    case 'xstate.error.actor.fetchSuppressions':
      expect(after.value).toBe('failed')
      expect(adminSuppressionsMessages.failed).toMatch(/could not be loaded/)
      break
  }
}

function checkLiftStep({ event }: ModelStep, started: Pending[], before: AdminLiftSnapshot, after: AdminLiftSnapshot) {
  const requests = started.map((request) => [request.id, request.input])
  if (event.type === 'LIFT') expect(requests).toEqual(event.email && !before.matches('lifting') ? [['liftSuppression', { email: event.email }]] : [])
  if (event.type === 'xstate.error.actor.liftSuppression') expect(after.context.error).toBe(event.error === refusal ? refusal.message : adminLiftMessages.refused)
}

function guards(machine: AnyStateMachine, paths: ReturnType<typeof transitionPaths>) {
  it('reaches every state and takes every transition', () => {
    const reached = new Set(paths.flatMap((path) => [path.edge.from, ...path.steps.map((step) => step.state)].map((state) => JSON.stringify(state.value))))
    for (const state of Object.keys(machine.root.states)) expect(reached, state).toContain(JSON.stringify(state))
    const taken = new Set(paths.flatMap((path) => transitionsTaken(machine, path)))
    expect(definedTransitions(machine).filter((transition) => !taken.has(transition)).map(describeTransition)).toEqual([])
  })
}

describe('the suppression list machine', () => {
  const paths = transitionPaths(suppressionsModel)
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replayAdminPath(adminSuppressionsMachine, undefined, path, checkListStep)
  })
  guards(adminSuppressionsMachine, paths)
})

describe('the lift machine', () => {
  const paths = transitionPaths(liftModel)
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replayAdminPath(adminLiftMachine, undefined, path, checkLiftStep)
  })
  guards(adminLiftMachine, paths)
})
