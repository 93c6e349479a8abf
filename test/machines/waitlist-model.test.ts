// @vitest-environment node
// Model-based tests at machine level: paths generated from the machine graph (see test/utils/waitlist-model)
// are replayed on a real actor — a stub request actor stands in for the network, fake timers for the
// 15 s `after` — and after every step the actor must be where the graph says. Guard tests keep the model
// honest: every state reached, every transition the machine defines taken.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { waitlistMachine } from '../../machines/waitlist-machine'
import {
  REQUEST_DONE,
  REQUEST_ERROR,
  REQUEST_TIMEOUT,
  allTransitionPaths,
  definedTransitions,
  describeTransition,
  stateNames,
  transitionsTaken,
  type ModelPath,
} from '../utils/waitlist-model'
import { replayOnActor } from '../utils/replay-on-actor'

const SUBMIT_TIMEOUT_MS = 15_000 // the 15 s request time-out, written out: the machine's delay must match it
const paths = allTransitionPaths()

const replay = (path: ModelPath) =>
  replayOnActor({
    machine: waitlistMachine,
    input: path.input,
    requestId: 'submitSignup',
    timeout: REQUEST_TIMEOUT,
    steps: path.steps,
    expectContext: (actual, expected) => {
      const { firstName, email, message, ok, mailtoHref } = actual.context
      expect({ firstName, email, message, ok, mailtoHref }).toEqual({
        firstName: expected.context.firstName,
        email: expected.context.email,
        message: expected.context.message,
        ok: expected.context.ok,
        mailtoHref: expected.context.mailtoHref,
      })
    },
  })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('waitlist machine: generated paths replayed on a real actor', () => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replay(path)
  })
})

describe('waitlist model: guard tests', () => {
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(20)
  })

  it('reaches every state of the machine', () => {
    const reached = new Set(paths.map((path) => path.edge.to.value))
    expect([...reached].sort()).toEqual([...stateNames].sort())
  })

  it('takes every transition the machine defines', () => {
    const taken = new Set(paths.flatMap(transitionsTaken))
    const missing = definedTransitions().filter((transition) => !taken.has(transition))
    expect(missing.map(describeTransition)).toEqual([])
  })

  it('includes the request outcomes and the time-out among the generated events', () => {
    const types = new Set(paths.map((path) => path.edge.event.type))
    for (const type of [REQUEST_DONE, REQUEST_ERROR, REQUEST_TIMEOUT, 'SUBMIT', 'EMAIL_CHANGED', 'FIRST_NAME_CHANGED']) {
      expect(types).toContain(type)
    }
  })

  it('models the submit time-out as the named 15 000 ms delay', () => {
    expect(waitlistMachine.implementations.delays.submitTimeout).toBe(SUBMIT_TIMEOUT_MS)
  })
})
