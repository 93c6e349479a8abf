// Model-based tests of the console's suppression list and of a lift from a person's page (issue 49), as the other
// console machines' (admin-machines-model.test.ts): every path generated from each graph (tools/admin-model.ts) is
// replayed on a real actor whose requests are promises this test settles, with which request went out and what the
// team reads checked step by step; the guard suites keep the models honest (every state reached, every transition
// taken).
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { adminLiftMachine, adminLiftMessages, type AdminLiftSnapshot } from '../../machines/admin-lift-machine'
import { adminSuppressionsMachine, adminSuppressionsMessages, type AdminSuppressionsSnapshot } from '../../machines/admin-suppressions-machine'
import type { SuppressionsReply } from '../../shared/suppression'
import { definedTransitions, describeTransition, done, failed, transitionPaths, transitionsTaken, type Model, type ModelStep } from '../../tools/admin-model'
import { replayAdminPath, type Pending } from '../utils/replay-admin-model'

const entry = { email: 'bo@example.com', personId: 3, reason: 'hard-bounce', source: 'postmark', words: '550 unknown user', suppressedAt: '2026-12-06T10:00:00.000Z' } as const
const newest: SuppressionsReply = { entries: [entry], older: '2026-12-06T10:00:00.000Z|' + 'a'.repeat(64) }
const oldest: SuppressionsReply = { entries: [{ ...entry, email: 'cy@example.com', personId: null }], older: null }
const refusal = Object.assign(new Error('That address is not on the suppression list.'), { name: 'ServerMessage' })

const listModel: Model = {
  machine: adminSuppressionsMachine,
  events: [
    { type: 'RELOAD' },
    { type: 'OLDER' },
    { type: 'NEWER' },
    { type: 'LIFT', email: 'bo@example.com' },
    { type: 'LIFT', email: 'nobody@example.com' },
    done('fetchSuppressions', newest),
    done('fetchSuppressions', oldest),
    failed('fetchSuppressions'),
    done('liftSuppression', undefined),
    { type: 'xstate.error.actor.liftSuppression', error: refusal },
  ],
  serializeState: (snapshot) => {
    const { page, trail, error } = snapshot.context as AdminSuppressionsSnapshot['context']
    return JSON.stringify({ value: snapshot.value, older: page.older !== null, bo: page.entries.some((row) => row.email === 'bo@example.com'), back: Math.min(trail.length, 2), error: error !== null })
  },
}

const liftModel: Model = {
  machine: adminLiftMachine,
  events: [{ type: 'LIFT', email: 'bo@example.com' }, { type: 'LIFT', email: '' }, done('liftSuppression', undefined), { type: 'xstate.error.actor.liftSuppression', error: refusal }, failed('liftSuppression')],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, error: (snapshot.context as AdminLiftSnapshot['context']).error }),
}

function checkListStep({ event }: ModelStep, started: Pending[], before: AdminSuppressionsSnapshot, after: AdminSuppressionsSnapshot) {
  const requests = started.map((request) => [request.id, request.input])
  switch (event.type) {
    case 'LIFT':
      // Only an address on the page shown is lifted, with one request naming it.
      expect(requests).toEqual(before.matches('ready') && event.email === 'bo@example.com' && before.context.page.entries.some((row) => row.email === event.email) ? [['liftSuppression', { email: event.email }]] : [])
      break
    case 'xstate.done.actor.liftSuppression':
      // The same page is read again: what shows is the server's word, and the sentence names the address lifted.
      expect(requests).toEqual([['fetchSuppressions', { before: before.context.trail.at(-1) ?? null }]])
      expect(after.context.lifted).toBe('bo@example.com')
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
  const paths = transitionPaths(listModel)
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
