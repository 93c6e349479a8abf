// What a visitor does before the app is in control is kept, not lost (Angular's event replay, in small). This
// runs first, inline at the end of every prerendered page (src/boot/inline-recorder.ts), long before the app's
// modules arrive. It catches, at the document, taps on buttons and form submissions, stops the browser's
// default (a submit would otherwise post and leave the page; the skip link, marked data-replay, would change
// the address) and React's own listener (registered later on the same node: an event React sees while it is
// still hydrating would otherwise be handled twice), and queues each element once: a double tap is one
// intent. The app takes the queue when it has hydrated (src/boot/early-event-replay.tsx) and replays each one
// through its own handlers, so the machines decide what happens. Links are left alone: before the app runs, a
// link is a plain link. So is a popover's button (the menu): HTML opens the popover by itself.
//
// Once the app is late, or if it never comes (a script failed to load), the browser gets back what it can do
// alone: queued submissions, and any made later, are the form's own post to the endpoint (never a GET), and a
// queued skip link is followed; taps on buttons stay queued for the app. What the browser was given back is
// not in the queue the app takes, so nothing happens twice.
//
// Inlined in every page: it imports nothing, and stays small (docs/startup.md).

export type EarlyEvent = { type: 'click' | 'submit'; el: HTMLElement }

/** What the app takes the kept events from, once. */
export type EarlyEventQueue = { take: () => EarlyEvent[] }

declare global {
  interface Window {
    /** Set by the inline recorder of every prerendered page (src/boot/inline-recorder.ts). */
    __earlyEvents?: EarlyEventQueue
  }
}

/** How long the recorder waits for the app before it gives the browser back what it can do alone. */
export const appLateAfterMs = 10_000

export function recordEarlyEvents(): EarlyEventQueue {
  let queue: EarlyEvent[] = []
  let taken = false
  let late = false

  const keep = (event: Event, type: EarlyEvent['type'], el: HTMLElement) => {
    event.preventDefault()
    event.stopImmediatePropagation()
    if (!queue.some((kept) => kept.el === el)) queue.push({ type, el })
  }

  document.addEventListener(
    'click',
    (event) => {
      if (taken || !(event.target instanceof Element)) return
      const control = event.target.closest('button,a[data-replay]')
      // A popover's button (the menu) works without the app: the browser opens the popover on the frame of the
      // tap, and the app reads its state when it hydrates. React must not see the tap as well.
      if (control?.hasAttribute('popovertarget')) event.stopImmediatePropagation()
      else if (control instanceof HTMLAnchorElement && !late) keep(event, 'click', control)
      // A submit button's tap arrives as its form's submission; a disabled button does nothing anyway.
      else if (control instanceof HTMLButtonElement && control.type === 'button' && !control.disabled) keep(event, 'click', control)
    },
    true,
  )
  document.addEventListener(
    'submit',
    (event) => {
      if (!taken && !late && event.target instanceof HTMLFormElement) keep(event, 'submit', event.target)
    },
    true,
  )

  setTimeout(() => {
    if (taken) return
    late = true
    const waiting = queue
    queue = []
    for (const kept of waiting) {
      // The form's own post; submit() fires no submit event, so the recorder does not catch it again.
      if (kept.el instanceof HTMLFormElement) kept.el.submit()
      // Now that it is late the recorder lets a link's click through: the browser follows it.
      else if (kept.el instanceof HTMLAnchorElement) kept.el.click()
      else queue.push(kept)
    }
  }, appLateAfterMs)

  return {
    take: () => {
      taken = true
      const kept = queue
      queue = []
      return kept
    },
  }
}
