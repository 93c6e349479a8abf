// Model-based tests of the console's four machines at machine level: every path generated from each graph
// (test/utils/admin-model.ts) is replayed on a real actor whose requests are real promises this test settles,
// and after every step the actor must be where the graph says. Guard tests keep the models honest: every state
// reached, every transition the machine defines taken, every request aborted when its state is left.
import { createActor, fromPromise, type AnyStateMachine } from 'xstate'
import { definedTransitions, describeTransition, transitionPaths, transitionsTaken, type Model, type ModelPath } from '../utils/admin-model'
import { eraseModel, signInWithLink, signInWithoutLink, summaryModel, tableModel } from '../utils/admin-models'

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; signal: AbortSignal; settled?: boolean }

async function replay(machine: AnyStateMachine, input: unknown, path: ModelPath) {
  const pending = new Map<string, Pending[]>()
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((id) => [
      id,
      fromPromise(({ signal }) => new Promise((resolve, reject) => pending.set(id, [...(pending.get(id) ?? []), { resolve, reject, signal }]))),
    ]),
  )
  const actor = createActor(machine.provide({ actors }), { input }).start()
  for (const { event, state: expected } of path.steps) {
    const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
    if (outcome) {
      const request = pending.get(outcome[2]!)?.at(-1)
      expect(request, `a ${outcome[2]} request is running`).toBeDefined()
      request!.settled = true
      if (outcome[1] === 'done') request!.resolve(event.output)
      else request!.reject(event.error)
    } else actor.send(event)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(expected.value)
    expect(snapshot.hasTag('busy')).toBe(expected.hasTag('busy'))
    expect(snapshot.context).toEqual(expected.context)
    // A request whose state was left before it settled is aborted (its fetch with it).
    for (const requests of pending.values())
      for (const request of requests.slice(0, -1)) if (!request.settled) expect(request.signal.aborted).toBe(true)
  }
  actor.stop()
}

const models: [string, Model][] = [
  ['sign-in (opened from a link)', signInWithLink],
  ['sign-in (opened plainly)', signInWithoutLink],
  ['table', tableModel],
  ['erase', eraseModel],
  ['summary', summaryModel],
]

describe.each(models)('the %s machine', (_, model) => {
  const paths = transitionPaths(model)
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replay(model.machine, model.input, path)
  })
})

describe('the console models', () => {
  it.each([signInWithLink.machine, tableModel.machine, eraseModel.machine, summaryModel.machine].map((machine) => [machine.id, machine] as const))(
    '%s: every state is reached and every transition is taken',
    (_, machine) => {
      const paths = models.filter(([, model]) => model.machine === machine).flatMap(([, model]) => transitionPaths(model))
      const reached = new Set(paths.flatMap((path) => [path.edge.from, ...path.steps.map((step) => step.state)].map((state) => JSON.stringify(state.value))))
      for (const state of Object.keys(machine.root.states)) expect(reached, state).toContain(JSON.stringify(state))
      const taken = new Set(paths.flatMap((path) => transitionsTaken(machine, path)))
      const missing = definedTransitions(machine).filter((transition) => !taken.has(transition)).map(describeTransition)
      expect(missing).toEqual([])
    },
  )
})
