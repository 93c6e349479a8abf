// Which pictures the gallery takes, from the machines alone (no browser): for each machine of the list and each
// of its variants, the graph API's shortest path to every state key. A machine's key is its state plus the
// context that changes what the visitor sees (a form's message), so a form gets one picture per distinct
// message. The snapshots are recomputed along each path with pure transitions, as tools/admin-model.ts
// does, because the graph keys states without most of their context.
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate'
import { handledEvents } from '../tools/handled-events'
import { getShortestPaths } from '@xstate/graph'
import type { GalleryMachine, GalleryVariant, ModelEvent } from './types'

export interface Shot {
  machineId: string
  variant: GalleryVariant
  /** The leaf state, as docs/state-charts.md names it ('failure', 'overview.ready'). */
  state: string
  /** Unique within the machine: the state key the graph gave, made fit for a file name. */
  slug: string
  /** The events from the initial state, each with the snapshot it led to. */
  steps: { event: ModelEvent; state: AnyMachineSnapshot }[]
  final: AnyMachineSnapshot
}

/** The leaf states of a machine, as dotted paths. */
export function leafStates(gallery: GalleryMachine): string[] {
  type Node = { path: string[]; states: Record<string, Node> }
  const leaves = (node: Node): string[] => {
    const children = Object.values(node.states)
    return children.length === 0 ? [node.path.join('.')] : children.flatMap(leaves)
  }
  return leaves(gallery.machine.root as unknown as Node)
}

/** The leaf a snapshot is in (the first, for a machine with parallel regions). */
export function leafOf(snapshot: AnyMachineSnapshot): string {
  const path: string[] = []
  let value: unknown = snapshot.value
  while (typeof value === 'object' && value !== null) {
    const [key, inner] = Object.entries(value)[0]!
    path.push(key)
    value = inner
  }
  path.push(String(value))
  return path.join('.')
}

const fileSafe = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)

export function shotsOf(gallery: GalleryMachine): Shot[] {
  const shots: Shot[] = []
  const seen = new Set<string>()
  for (const variant of gallery.variants) {
    const options = {
      input: variant.input,
      serializeState: gallery.serializeState,
      // Only the events the state handles, so that no path is padded with events the machine ignores.
      events: (snapshot: AnyMachineSnapshot) => gallery.events.filter((event) => handledEvents(snapshot).includes(event.type)) as EventObject[],
      limit: 2_000,
    }
    // Shortest first, so that of two paths to one picture the shorter is kept.
    const paths = getShortestPaths(gallery.machine, options).sort((a, b) => a.steps.length - b.steps.length)
    for (const path of paths) {
      const events = path.steps.slice(1).map((step) => step.event as ModelEvent) // steps[0] is xstate.init
      let snapshot = getInitialSnapshot(gallery.machine, variant.input) as AnyMachineSnapshot
      const steps = events.map((event) => {
        snapshot = getNextSnapshot(gallery.machine, snapshot, event) as AnyMachineSnapshot
        return { event, state: snapshot }
      })
      // A variant apart (another page around the view) keeps its own pictures, named by it.
      const key = `${variant.apart ? variant.name : ''}:${(gallery.pictureKey ?? gallery.serializeState)(snapshot)}`
      if (seen.has(key)) continue // another variant pictured it already
      seen.add(key)
      const state = leafOf(snapshot)
      if (gallery.leftOut?.[state]) continue
      if (variant.apart && !variant.apart.states.includes(state)) continue
      const detail = gallery.detail?.(snapshot)
      const slug = fileSafe([state, variant.apart && variant.name, detail].filter(Boolean).join(' '))
      shots.push({ machineId: gallery.machine.id, variant, state, slug, steps, final: snapshot })
    }
  }
  // Two keys can share a state and a detail (a hidden context field): number them, in path order.
  const count = new Map<string, number>()
  for (const shot of shots) {
    const n = (count.get(shot.slug) ?? 0) + 1
    count.set(shot.slug, n)
    if (n > 1) shot.slug = `${shot.slug}-${n}`
  }
  return shots.sort((a, b) => a.steps.length - b.steps.length || a.slug.localeCompare(b.slug))
}

/** Every leaf state of the machine is pictured or left out with a reason; the names of the others. */
export function unaccounted(gallery: GalleryMachine): string[] {
  const pictured = new Set(shotsOf(gallery).map((shot) => shot.state))
  return leafStates(gallery).filter((state) => !pictured.has(state) && !gallery.leftOut?.[state])
}

/** A readable event for the page: its type, and the sample value it carries. */
export function describeEvent(event: ModelEvent): string {
  const type = event.type
    .replace(/^xstate\.done\.actor\.(.+)$/, '$1 answers')
    .replace(/^xstate\.error\.actor\.(.+)$/, '$1 fails')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1')
  const rest = Object.entries(event).filter(([key]) => key !== 'type')
  if (rest.length === 0) return type
  const value = rest.length === 1 ? rest[0]![1] : Object.fromEntries(rest)
  const text = JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Error ? inner.message : inner)) ?? '(nothing)'
  return `${type} ${text.length > 80 ? `${text.slice(0, 77)}…` : text}`
}
