// The waitlist machine as a test model, shared by the machine-level and the UI-level model-based tests.
// Paths are generated from the machine graph (@xstate/graph): for every edge of the adjacency map, the
// shortest path to its source state plus that one event, so every state is reached and every transition
// taken. The request's outcomes and the 15 s time-out are events of the graph; each replay turns them
// into a real outcome (a stub actor, an HTTP answer, fake timers).
import {
  getInitialSnapshot,
  getNextSnapshot,
  type EventFromLogic,
} from 'xstate'
import { handledEvents } from '../../tools/handled-events'
import { getAdjacencyMap, getShortestPaths, type TraversalOptions } from '@xstate/graph'
import {
  waitlistMachine,
  type WaitlistEvent,
  type WaitlistInput,
  type WaitlistSnapshot,
  type WaitlistStateName,
} from '../../machines/waitlist-machine'
import type { RequestReply } from '../../machines/request-form'
import { definedTransitions as transitionsOf, transitionsTaken as transitionsTakenBy } from '../../tools/admin-model'
import { isValidEmail } from '../../machines/waitlist-messages'

export const REQUEST_DONE = 'xstate.done.actor.submitSignup'
export const REQUEST_ERROR = 'xstate.error.actor.submitSignup'
export const REQUEST_TIMEOUT = 'xstate.after.submitTimeout.waitlist.submitting'

/** Every event the machine takes: the visitor's, and its request's typed done event. */
type MachineEvent = EventFromLogic<typeof waitlistMachine>

export type ModelEvent =
  | WaitlistEvent
  | { type: typeof REQUEST_DONE; output: RequestReply }
  | { type: typeof REQUEST_ERROR; error: unknown }
  | { type: typeof REQUEST_TIMEOUT }

export const samples = {
  firstName: 'Ada',
  validEmail: 'ada@example.com',
  /** Has '@' but no dot after it: the site's email rule (something@something.something) rejects it, a
   * looser one would not. */
  invalidEmail: 'ada@example',
  accepted: { ok: true, message: 'Welcome aboard' },
  rejected: { ok: false, message: 'This email is already on the list.' },
} as const

const sampleEvents: ModelEvent[] = [
  { type: 'FIRST_NAME_CHANGED', value: samples.firstName },
  { type: 'EMAIL_CHANGED', value: samples.validEmail },
  { type: 'EMAIL_CHANGED', value: samples.invalidEmail },
  { type: 'SUBMIT' },
  { type: REQUEST_DONE, output: samples.accepted },
  { type: REQUEST_DONE, output: samples.rejected },
  { type: REQUEST_ERROR, error: new TypeError('Failed to fetch') },
  { type: REQUEST_TIMEOUT },
]

export const inputs = {
  configured: { contactEmail: 'hello@stridehealth.example', source: 'stride-marketing-site', endpointConfigured: true },
  notConfigured: { contactEmail: 'hello@stridehealth.example', source: 'stride-marketing-site', endpointConfigured: false },
} satisfies Record<string, WaitlistInput>

/** A state is its value plus whether the email would pass: enough to decide every guard, and finite. */
export const serializeState = (snapshot: WaitlistSnapshot) =>
  JSON.stringify({ value: snapshot.value, emailValid: isValidEmail(snapshot.context.email) })

const traversal = (input: WaitlistInput): TraversalOptions<WaitlistSnapshot, MachineEvent, WaitlistInput> => ({
  input,
  serializeState,
  // Only the events the current state handles (its own and its ancestors'), so no edge is a no-op by omission.
  events: (snapshot: WaitlistSnapshot) =>
    sampleEvents.filter((event) => handledEvents(snapshot).includes(event.type)) as MachineEvent[],
  limit: 1_000,
})

export interface ModelStep {
  event: ModelEvent
  /** The snapshot the machine is in after `event`. */
  state: WaitlistSnapshot
}

export interface ModelPath {
  name: string
  inputName: keyof typeof inputs
  input: WaitlistInput
  steps: ModelStep[]
  /** The edge this path exists to take: its last step. */
  edge: { from: WaitlistSnapshot; event: ModelEvent; to: WaitlistSnapshot }
}

const describeEvent = (event: ModelEvent) =>
  'value' in event ? `${event.type}(${JSON.stringify(event.value)})` : 'output' in event ? `${event.type}(ok: ${event.output.ok})` : event.type

export function transitionPaths(inputName: keyof typeof inputs): ModelPath[] {
  const input = inputs[inputName]
  const shortest = new Map(
    getShortestPaths(waitlistMachine, traversal(input)).map((path) => [serializeState(path.state), path]),
  )
  const adjacency = getAdjacencyMap(waitlistMachine, traversal(input))
  return Object.entries(adjacency).flatMap(([sourceKey, { transitions }]) => {
    const toSource = shortest.get(sourceKey)
    if (!toSource) throw new Error(`no path to ${sourceKey}`)
    const prefixEvents = toSource.steps.slice(1).map((step) => step.event as ModelEvent) // steps[0] is xstate.init
    const edges: { event: MachineEvent }[] = Object.values(transitions)
    return edges.map(({ event }) => {
      // The graph keys states without most of their context, so the snapshots it stores may come from
      // another path to the same key. Recompute this path's own snapshots with pure transitions.
      const steps = walk(input, [...prefixEvents, event as ModelEvent])
      const from = steps.at(-2)?.state ?? getInitialSnapshot(waitlistMachine, input)
      if (serializeState(from) !== sourceKey) throw new Error(`path does not reach ${sourceKey}`)
      const to = steps.at(-1)!.state
      return {
        name: `[${inputName}] ${steps.map((step) => describeEvent(step.event)).join(' → ')} ⇒ ${to.value}`,
        inputName,
        input,
        steps,
        edge: { from, event: event as ModelEvent, to },
      }
    })
  })
}

function walk(input: WaitlistInput, events: ModelEvent[]): ModelStep[] {
  let state = getInitialSnapshot(waitlistMachine, input)
  return events.map((event) => {
    state = getNextSnapshot(waitlistMachine, state, event as MachineEvent)
    return { event, state }
  })
}

export const allTransitionPaths = () => [...transitionPaths('configured'), ...transitionPaths('notConfigured')]

export const stateNames = Object.keys(waitlistMachine.root.states) as WaitlistStateName[]

/** Every transition written in the machine: root and state `on`, invoke onDone/onError, `after`. */
export const definedTransitions = () => transitionsOf(waitlistMachine)

/** The transitions of the machine a path's last step takes, as the machine itself selects them. */
export const transitionsTaken = (path: ModelPath) => transitionsTakenBy(waitlistMachine, path)

export { describeTransition } from '../../tools/admin-model'
