// The event types the states a snapshot is in handle themselves (a guarded transition counts, whether or not its
// guard would pass), read through XState's public state-node API: the machine's nodes whose path the snapshot
// matches, and each node's `ownEvents`. The models offer only these, so a graph stays the machine's own.
import { pathToStateValue, type AnyMachineSnapshot, type AnyStateNode } from 'xstate'

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)]

export function handledEvents(snapshot: AnyMachineSnapshot): string[] {
  const active = nodesOf(snapshot.machine.root).filter((node) => node.path.length === 0 || snapshot.matches(pathToStateValue(node.path)))
  return [...new Set(active.flatMap((node) => node.ownEvents))]
}
