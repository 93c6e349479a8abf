import type { InspectionEvent } from 'xstate'
import { redactPersonalData } from './redact'

// In development, `?inspect` in the URL opens the Stately inspector and streams every live actor to it.
// Actors get `devInspect` as their inspect option; it forwards only once the inspector is attached.
// In production builds import.meta.env.DEV is false: `devInspect` is undefined and the dynamic import
// below is removed, so the inspector never ships.

let forward: ((event: InspectionEvent) => void) | undefined

export const devInspect = import.meta.env.DEV ? (event: InspectionEvent) => forward?.(event) : undefined

/** Attaches the inspector when the URL asks for it; resolves once actors may be created. The import sits
 * inside a literal `if (import.meta.env.DEV)` so the production build drops it, chunk and all. */
export async function attachInspectorIfAsked(): Promise<void> {
  if (import.meta.env.DEV) {
    if (!new URLSearchParams(window.location.search).has('inspect')) return
    const { createBrowserInspector } = await import('@statelyai/inspect')
    const inspector = createBrowserInspector({
      sanitizeContext: redactPersonalData,
      sanitizeEvent: redactPersonalData,
      serialize: redactPersonalData,
    })
    forward = (event) => inspector.inspect.next?.(event)
  }
}
