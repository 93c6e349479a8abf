// The console's machines as test models, the same way test/utils/waitlist-model.ts builds the form's: for
// every edge of the adjacency map (@xstate/graph), the shortest path to its source state plus that one event,
// so every state is reached and every transition taken. An invoked request's outcome is an event of the graph
// (`xstate.done.actor.<id>` with an output, `xstate.error.actor.<id>`); each replay turns it into a real one.
import {
  getInitialSnapshot,
  getNextSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate'
import { handledEvents } from './handled-events'
import { getAdjacencyMap, getShortestPaths } from '@xstate/graph'

export type ModelEvent = EventObject & Record<string, unknown>
export type ModelStep = { event: ModelEvent; state: AnyMachineSnapshot }
export type ModelPath = { name: string; steps: ModelStep[]; edge: { from: AnyMachineSnapshot; event: ModelEvent; to: AnyMachineSnapshot } }

export type Model = {
  machine: AnyStateMachine
  input?: unknown
  /** Sample events; only those the current state handles are offered, unless offerEveryEvent. */
  events: ModelEvent[]
  /** Offer every event in every state, so that what a state ignores is tried too. */
  offerEveryEvent?: boolean
  /** Finite state keys: the value plus whatever context decides a guard. */
  serializeState: (snapshot: AnyMachineSnapshot) => string
  /** How many steps the graph's traversal may take before it gives up (1,000 unless a larger machine says more). */
  limit?: number
}

export const done = (id: string, output: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output })
export const failed = (id: string): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: new Error('HTTP 500') })

const describeOutput = (output: unknown) => {
  if (typeof output !== 'object' || output === null) return ''
  // The waves machine's answers: an overview (ready or not) and a preview (how many it would take).
  if ('ready' in output) return `(ready: ${String(output.ready)})`
  if ('people' in output && 'count' in output && 'matching' in output && Array.isArray(output.people))
    return `(count: ${String(output.count)} of ${String(output.matching)} matching, ${output.people.length} shown)`
  if ('people' in output && 'count' in output) return `(count: ${String(output.count)})`
  // The paged lists' answers (issue 35): which page, and which way more pages lie.
  if ('cursors' in output && 'page' in output && 'rows' in output && Array.isArray(output.rows)) {
    const { before, after } = output.cursors as { before: string | null; after: string | null }
    return output.rows.length === 0 ? '(nobody)' : `(page ${String(output.page)}${before ? ', back' : ''}${after ? ', onward' : ''})`
  }
  if ('heldAfter' in output && 'held' in output && Array.isArray(output.held))
    return `(${output.held.length === 0 ? 'emptied page' : output.heldAfter ? 'more after' : 'last page'})`
  if ('older' in output) return output.older ? '(older after)' : '(oldest)'
  // The updates machine's answers: the list, an update (a draft, or where its sending stands), a test.
  if (Array.isArray(output)) return `(${output.length} updates)`
  if ('send' in output) return `(${(output.send as { state: string } | null)?.state ?? 'draft'})`
  if ('queued' in output) return `(queued: ${String(output.queued)})`
  if (!('ok' in output)) return ''
  return `(ok: ${String(output.ok)}${'answered' in output ? `, answered: ${String(output.answered)}` : ''})`
}
/** An error the server explained (admin-api-client.ts's ServerMessage), by its code when it has one. */
const describeError = (error: unknown) =>
  !(error instanceof Error) || error.name !== 'ServerMessage' ? '' : 'code' in error ? `(${String(error.code)})` : '(with a message)'
const describeEvent = (event: ModelEvent) =>
  'value' in event
    ? `${event.type}(${JSON.stringify(event.value)})`
    : 'token' in event
      ? `${event.type}(${JSON.stringify(event.token)})`
      : 'invitation' in event
        ? `${event.type}(invitation ${String(event.invitation)})`
      : 'msSinceLastQueued' in event
        ? `${event.type}(${Number(event.msSinceLastQueued) / 60_000} min after the last email)`
      : 'count' in event
        ? `${event.type}(${String(event.count)}${'match' in event ? `, by ${JSON.stringify(event.match)}` : ''})`
      : 'perDay' in event
        ? `${event.type}(${String(event.perDay)} a day at ${String(event.atUtc)})`
      : 'waveId' in event
        ? `${event.type}(#${String(event.waveId)})`
      : 'page' in event
        ? `${event.type}(${String(event.page)})`
      : 'days' in event
        ? `${event.type}(${String(event.days)} days)`
      : 'audience' in event
        ? `${event.type}(${String(event.audience)}, ${event.at === null ? 'now' : String(event.at)}, ${event.perSecond === null ? 'usual rate' : `${String(event.perSecond)}/s`})`
      : 'id' in event
        ? `${event.type}(#${String(event.id)})`
      : 'scope' in event
        ? `${event.type}(scope ${String(event.scope)})`
      : event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:') + describeOutput(event.output) + describeError(event.error)

export function transitionPaths(model: Model): ModelPath[] {
  const options = {
    input: model.input,
    serializeState: model.serializeState,
    events: (snapshot: AnyMachineSnapshot) => (model.offerEveryEvent ? model.events : model.events.filter((event) => handledEvents(snapshot).includes(event.type))),
    limit: model.limit ?? 1_000,
  }
  const shortest = new Map(getShortestPaths(model.machine, options).map((path) => [model.serializeState(path.state as AnyMachineSnapshot), path]))
  const adjacency = getAdjacencyMap(model.machine, options)
  return Object.entries(adjacency).flatMap(([sourceKey, { transitions }]) => {
    const toSource = shortest.get(sourceKey)
    if (!toSource) throw new Error(`no path to ${sourceKey}`)
    const prefix = toSource.steps.slice(1).map((step) => step.event as ModelEvent)
    return (Object.values(transitions) as { event: EventObject }[]).map(({ event }) => {
      const steps = walk(model, [...prefix, event as ModelEvent])
      const from = steps.at(-2)?.state ?? initial(model)
      const to = steps.at(-1)!.state
      return { name: `${steps.map((step) => describeEvent(step.event)).join(' → ')} ⇒ ${JSON.stringify(to.value)}`, steps, edge: { from, event: event as ModelEvent, to } }
    })
  })
}

const initial = (model: Model) => getInitialSnapshot(model.machine, model.input) as AnyMachineSnapshot

function walk(model: Model, events: ModelEvent[]): ModelStep[] {
  let state = initial(model)
  return events.map((event) => {
    state = getNextSnapshot(model.machine, state, event) as AnyMachineSnapshot
    return { event, state }
  })
}

/** Every transition written in the machine: root and state `on`, invoke onDone/onError. */
export function definedTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...Object.values(machine.root.states)].flatMap((node) => [...node.transitions.values()].flat())
}

export const transitionsTaken = (machine: AnyStateMachine, path: ModelPath): AnyTransitionDefinition[] =>
  machine.getTransitionData(path.edge.from, path.edge.event)

export const describeTransition = (t: AnyTransitionDefinition) =>
  `${t.source.key || '(root)'} --${t.eventType}--> ${t.target?.map((node) => node.key).join(',') ?? '(stays)'}`
