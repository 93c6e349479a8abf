// Requests the app's modules only once the browser reports the page's first contentful paint, so that paint
// never waits for, or competes with, JavaScript (animation frames are not enough: the paint is timestamped
// later than the frame that produced it). Where paint timing is missing, or the tab is hidden and does not
// paint, the modules load after a second anyway.
//
// The modules are requested together, so their download is not a waterfall, but each from a task of its own:
// issuing a request costs the main thread a few milliseconds, and a dozen of them in one task made a long task
// on a phone-speed CPU. Each message on a channel is a task of its own; timers would be too, but a browser may
// hold timers back (a throttled tab, a test's paused clock) and the app would never start.
//
// Runs inline at the end of every prerendered page (src/boot/inline-loader.ts): it imports nothing, and stays
// small (docs/startup.md).

/** How long the loader waits for a first paint before it requests the app anyway. */
export const loadWithoutPaintAfterMs = 1000

/** `modules[0]` is the app's entry (a module script); the rest are what it imports, as preloads. */
export function loadAfterFirstPaint(modules: readonly string[]): void {
  let started = false
  const load = () => {
    if (started) return
    started = true
    const channel = new MessageChannel()
    channel.port1.onmessage = ({ data: src }: MessageEvent<string>) => document.head.appendChild(requestFor(src, src === modules[0]))
    for (const src of modules) channel.port2.postMessage(src)
  }
  try {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) load()
    }).observe({ type: 'paint', buffered: true })
  } catch {
    // No paint timing in this browser: the timer below starts the app.
  }
  setTimeout(load, loadWithoutPaintAfterMs)
}

/** The element that requests one module: the entry runs, the others are fetched for it to import. */
function requestFor(src: string, isEntry: boolean): HTMLElement {
  if (isEntry) {
    const script = document.createElement('script')
    script.type = 'module'
    script.src = src
    return script
  }
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.href = src
  return link
}
