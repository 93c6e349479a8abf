// Model-based tests at machine level: paths generated from the machine graph (see test/utils/waitlist-model)
// are replayed on a real actor — a stub request actor stands in for the network, fake timers for the
// 15 s `after` — and after every step the actor must be where the graph says. Guard tests keep the model
// honest: every state reached, every transition the machine defines taken.
import { createActor, fromPromise } from 'xstate'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { waitlistMachine } from '../../machines/waitlist-machine'
import type { RequestReply } from '../../machines/request-form'
import type { SignupRequest } from '../../shared/signup'
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

const SUBMIT_TIMEOUT_MS = 15_000 // the 15 s request time-out, written out: the machine's delay must match it
const paths = allTransitionPaths()

async function replay(path: ModelPath) {
  const requests: { resolve: (result: RequestReply) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = []
  const machine = waitlistMachine.provide({
    actors: {
      submitSignup: fromPromise<RequestReply, SignupRequest>(
        ({ signal }) => new Promise((resolve, reject) => requests.push({ resolve, reject, signal })),
      ),
    },
  })
  const actor = createActor(machine, { input: path.input }).start()
  for (const { event, state: expected } of path.steps) {
    const before = actor.getSnapshot().value
    if (event.type === REQUEST_DONE) requests.at(-1)?.resolve(event.output)
    else if (event.type === REQUEST_ERROR) requests.at(-1)?.reject(event.error)
    else if (event.type === REQUEST_TIMEOUT) {
      await vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1)
      expect(actor.getSnapshot().value, 'left before 15 000 ms').toBe(before)
      await vi.advanceTimersByTimeAsync(1)
      expect(requests.at(-1)?.signal.aborted, 'the time-out aborts the request').toBe(true)
    } else actor.send(event)
    await vi.advanceTimersByTimeAsync(0) // let a settled promise reach the machine
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(expected.value)
    const { firstName, email, message, ok, mailtoHref } = snapshot.context
    expect({ firstName, email, message, ok, mailtoHref }).toEqual({
      firstName: expected.context.firstName,
      email: expected.context.email,
      message: expected.context.message,
      ok: expected.context.ok,
      mailtoHref: expected.context.mailtoHref,
    })
    expect(snapshot.hasTag('busy')).toBe(expected.hasTag('busy'))
  }
  actor.stop()
}

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
