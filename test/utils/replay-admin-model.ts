// Replays a console machine's model path (tools/admin-model.ts) on a real actor, as every console machine's
// model test does: each request actor becomes a promise the path settles (`xstate.done.actor.<id>` resolves the
// latest of that id, `xstate.error.actor.<id>` rejects it), and after every step the actor must be where the graph
// says, a request whose state was left before it settled must be aborted, and the test's own check runs, told what
// the machine emitted on that step (a send by the rules' RULES_USED).
import { expect } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate'
import type { ModelPath, ModelStep } from '../../tools/admin-model'

/** One request the machine started: its actor's id and input, and how the path settles it. */
export type Pending = { id: string; input: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void; signal: AbortSignal; settled?: boolean }

/** A check run after each step, given the requests that step started, the snapshots either side of it and the
 * events the machine emitted on it. */
export type StepCheck<Snapshot extends AnyMachineSnapshot = AnyMachineSnapshot> = (step: ModelStep, started: Pending[], before: Snapshot, after: Snapshot, emitted: EventObject[]) => void

/** Snapshot is the machine's own snapshot type, for a check that reads its context: the models hold their machines
 * as any machine, so the test names it. */
export async function replayAdminPath<Snapshot extends AnyMachineSnapshot = AnyMachineSnapshot>(machine: AnyStateMachine, input: unknown, path: ModelPath, check?: StepCheck<Snapshot>) {
  const pending = new Map<string, Pending[]>()
  const all: Pending[] = []
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((id) => [
      id,
      fromPromise(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            const request = { id, input, resolve, reject, signal }
            all.push(request)
            pending.set(id, [...(pending.get(id) ?? []), request])
          }),
      ),
    ]),
  )
  const actor = createActor(machine.provide({ actors }), { input })
  const emitted: EventObject[] = []
  actor.on('*', (event) => void emitted.push(event))
  actor.start()
  for (const step of path.steps) {
    const { event, state: expected } = step
    const before = actor.getSnapshot() as Snapshot
    const requestsBefore = all.length
    const emittedBefore = emitted.length
    const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
    if (outcome) {
      const request = pending.get(outcome[2]!)?.at(-1)
      expect(request, `a ${outcome[2]} request is running`).toBeDefined()
      request!.settled = true
      if (outcome[1] === 'done') request!.resolve(event.output)
      else request!.reject(event.error)
    } else actor.send(event)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const snapshot = actor.getSnapshot() as Snapshot
    expect(snapshot.value).toEqual(expected.value)
    expect(snapshot.hasTag('busy')).toBe(expected.hasTag('busy'))
    expect(snapshot.context).toEqual(expected.context)
    // A request whose state was left before it settled is aborted (its fetch with it).
    for (const requests of pending.values())
      for (const request of requests.slice(0, -1)) if (!request.settled) expect(request.signal.aborted).toBe(true)
    check?.(step, all.slice(requestsBefore), before, snapshot, emitted.slice(emittedBefore))
  }
  actor.stop()
}
