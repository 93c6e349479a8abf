// @vitest-environment node
// Model-based tests of the consent machines at machine level: paths generated from each machine's graph
// (test/utils/consent-models.ts) are replayed on a real actor, a stub request actor standing in for the
// network and fake timers for the 15 s `after`; after every step the actor must be where the graph says.
// Guard tests keep the models honest: every state reached, every transition the machine defines taken.
import { getInitialSnapshot, type AnyStateMachine, type AnyTransitionDefinition } from 'xstate'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { eraseRequestMachine } from '../../machines/erase-request-machine'
import { newsChoiceMachine } from '../../machines/news-choice-machine'
import { ownDataRequestMachine } from '../../machines/own-data-request-machine'
import { tokenActionMachine } from '../../machines/token-action-machine'
import { definedTransitions, describeTransition, transitionPaths, transitionsTaken, type Model, type ModelPath } from '../../tools/admin-model'
import { ERASE_TIMEOUT, NEWS_TIMEOUT, OWN_DATA_TIMEOUT, TOKEN_TIMEOUT, eraseModels, newsModels, ownDataModels, tokenModels } from '../utils/consent-models'
import { replayOnActor } from '../utils/replay-on-actor'

const TIMEOUT_MS = 15_000 // the 15 s request time-out, written out: the machines' delay must match it

const suites = [
  { name: 'token action', machine: tokenActionMachine, actorId: 'sendToken', timeout: TOKEN_TIMEOUT, models: tokenModels },
  { name: 'erase request', machine: eraseRequestMachine, actorId: 'requestErasure', timeout: ERASE_TIMEOUT, models: eraseModels },
  { name: 'own data request', machine: ownDataRequestMachine, actorId: 'requestOwnData', timeout: OWN_DATA_TIMEOUT, models: ownDataModels },
  { name: 'news choice', machine: newsChoiceMachine, actorId: 'sendChoice', timeout: NEWS_TIMEOUT, models: newsModels },
] as const

type Suite = (typeof suites)[number]

const pathsOf = (suite: Suite) =>
  Object.entries(suite.models).flatMap(([inputName, model]) => transitionPaths(model).map((path) => ({ ...path, name: `[${inputName}] ${path.name}`, model })))

/** `always` transitions are taken on the way into a state, never by an event: those taken from each input's start. */
function eventlessTransitionsTaken(machine: AnyStateMachine, models: Record<string, Model>): AnyTransitionDefinition[] {
  const nodes = [machine.root, ...Object.values(machine.root.states)]
  const eventless = nodes.flatMap((node) => node.always ?? [])
  const startValues = Object.values(models).map((model) => JSON.stringify(getInitialSnapshot(machine, model.input).value))
  return eventless.filter((t) => t.target?.some((target) => startValues.includes(JSON.stringify(target.key))))
}

const replay = (suite: Suite, path: ModelPath & { model: Model }) =>
  replayOnActor({
    machine: suite.machine,
    input: path.model.input,
    requestId: suite.actorId,
    timeout: suite.timeout,
    steps: path.steps,
    expectContext: (actual, expected) => expect(actual.context).toEqual(expected.context),
  })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

for (const suite of suites) {
  const paths = pathsOf(suite)
  const stateNames = Object.keys(suite.machine.root.states).filter((name) => !suite.machine.root.states[name]!.always)

  describe(`${suite.name} machine: generated paths replayed on a real actor`, () => {
    it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
      await replay(suite, path)
    })
  })

  describe(`${suite.name} model: guard tests`, () => {
    it('generates paths', () => {
      expect(paths.length).toBeGreaterThan(10)
    })

    it('reaches every state of the machine (a transient state is never where it rests)', () => {
      const starts = Object.values(suite.models).map((model) => getInitialSnapshot(suite.machine as AnyStateMachine, model.input).value as string)
      const reached = new Set([...starts, ...paths.map((path) => path.edge.to.value as string)])
      expect([...reached].sort()).toEqual([...stateNames].sort())
    })

    it('takes every transition the machine defines', () => {
      const taken = new Set([...paths.flatMap((path) => transitionsTaken(suite.machine, path)), ...eventlessTransitionsTaken(suite.machine, suite.models)])
      const nodes = [suite.machine.root, ...Object.values(suite.machine.root.states)]
      const all = [...definedTransitions(suite.machine), ...nodes.flatMap((node) => node.always ?? [])]
      expect(all.filter((transition) => !taken.has(transition)).map(describeTransition)).toEqual([])
    })

    it('includes the request outcomes and the time-out among the generated events', () => {
      const types = new Set(paths.map((path) => path.edge.event.type))
      for (const type of [`xstate.done.actor.${suite.actorId}`, `xstate.error.actor.${suite.actorId}`, suite.timeout, 'SUBMIT']) expect(types).toContain(type)
    })

    it('models the submit time-out as the named 15 000 ms delay', () => {
      expect(suite.machine.implementations.delays.submitTimeout).toBe(TIMEOUT_MS)
    })
  })
}
