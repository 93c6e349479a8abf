import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False while the server renders and while the client hydrates the prerendered HTML, true after.
 * Anything that depends on what the server cannot know (the URL hash) waits for true, so hydration
 * always matches the prerendered page. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
