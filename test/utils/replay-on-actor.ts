// Replays a model path (tools/admin-model.ts, waitlist-model.ts) on a real actor of its machine: a stub
// request actor stands in for the network, settling when the path says the request is done or failed, and
// fake timers stand in for the 15 s `after`. After every step the actor must be where the graph says.
// Call it with vi.useFakeTimers() in force.
import { expect, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate'

const TIMEOUT_MS = 15_000 // the 15 s request time-out, written out: the machines' delay must match it

interface Step {
  event: EventObject & { output?: unknown; error?: unknown }
  state: AnyMachineSnapshot
}

export interface Replay {
  machine: AnyStateMachine
  input: unknown
  /** The id of the invoked request, as in `xstate.done.actor.<id>`. */
  requestId: string
  /** The time-out's event type (`xstate.after.submitTimeout.<machine>.submitting`). */
  timeout: string
  steps: readonly Step[]
  /** What of the context must match the graph's. */
  expectContext: (actual: AnyMachineSnapshot, expected: AnyMachineSnapshot) => void
}

export async function replayOnActor({ machine, input, requestId, timeout, steps, expectContext }: Replay) {
  const requests: { resolve: (value: unknown) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = []
  const stub = fromPromise(({ signal }) => new Promise((resolve, reject) => requests.push({ resolve, reject, signal })))
  const actor = createActor(machine.provide({ actors: { [requestId]: stub } }), { input }).start()
  for (const { event, state: expected } of steps) {
    const before = actor.getSnapshot().value
    if (event.type === `xstate.done.actor.${requestId}`) requests.at(-1)?.resolve(event.output)
    else if (event.type === `xstate.error.actor.${requestId}`) requests.at(-1)?.reject(event.error)
    else if (event.type === timeout) {
      await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1)
      expect(actor.getSnapshot().value, 'left before 15 000 ms').toBe(before)
      await vi.advanceTimersByTimeAsync(1)
      expect(requests.at(-1)?.signal.aborted, 'the time-out aborts the request').toBe(true)
    } else actor.send(event)
    await vi.advanceTimersByTimeAsync(0) // let a settled promise reach the machine
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(expected.value)
    expectContext(snapshot, expected)
    expect(snapshot.hasTag('busy')).toBe(expected.hasTag('busy'))
  }
  actor.stop()
}
