// The loader of the app's modules (src/boot/app-loader.ts), as its module and as the inline script the build
// compiles from it (scripts/inline-scripts.ts), with the browser's paint timing and message channel played by
// the test: nothing is requested before the first contentful paint (or a second without one), everything is
// requested once, the entry as a module script and the rest as preloads, one per task.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { compileInlineScripts, type InlineScripts } from '../../../scripts/inline-scripts'
import { loadAfterFirstPaint, loadWithoutPaintAfterMs } from '../../../src/boot/app-loader'

let compiled: InlineScripts
beforeAll(async () => {
  compiled = await compileInlineScripts()
}, 90_000)

const modules = ['/assets/entry-client-a.js', '/assets/react-b.js', '/assets/page-c.js']

/** The paint entries the browser reports, and whether it reports any at all. */
let reportPaint: (names: string[]) => void
let paintTimingSupported: boolean
/** Messages posted on the loader's channel, delivered one task at a time by `nextTask`. */
let pending: unknown[]
let receive: ((message: { data: unknown }) => void) | null

class FakePerformanceObserver {
  constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    if (!paintTimingSupported) throw new TypeError('PerformanceObserver is not supported')
    reportPaint = (names) => callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) })
  }
  observe(options: { type: string; buffered: boolean }) {
    expect(options).toEqual({ type: 'paint', buffered: true })
  }
}

class FakeMessageChannel {
  port1 = {
    set onmessage(handler: (message: { data: unknown }) => void) {
      receive = handler
    },
  }
  port2 = { postMessage: (data: unknown) => pending.push(data) }
}

function nextTask() {
  const data = pending.shift()
  if (data !== undefined) receive?.({ data })
}

/** What the page has requested so far, in order. */
const requested = () =>
  [...document.head.querySelectorAll('script, link')].map((element) =>
    element instanceof HTMLScriptElement ? `script ${element.type} ${element.getAttribute('src')}` : `${element.getAttribute('rel')} ${element.getAttribute('href')}`,
  )

beforeEach(() => {
  vi.useFakeTimers()
  paintTimingSupported = true
  pending = []
  receive = null
  document.head.innerHTML = ''
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver)
  vi.stubGlobal('MessageChannel', FakeMessageChannel)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe.each([
  ['module', loadAfterFirstPaint],
  ['inline script', (list: readonly string[]) => window.eval(compiled.loader(list))],
])('the loader of the app (%s)', (_, load) => {
  it('requests nothing until the first contentful paint, then each module in a task of its own, the entry first', () => {
    load(modules)
    reportPaint(['first-paint'])
    expect(pending).toEqual([])
    reportPaint(['first-contentful-paint'])
    expect(pending).toEqual(modules)
    expect(requested()).toEqual([])
    nextTask()
    expect(requested()).toEqual(['script module /assets/entry-client-a.js'])
    nextTask()
    nextTask()
    expect(requested()).toEqual([
      'script module /assets/entry-client-a.js',
      'modulepreload /assets/react-b.js',
      'modulepreload /assets/page-c.js',
    ])
  })

  it('requests the modules once, whichever comes first of the paint and the timer', () => {
    load(modules)
    reportPaint(['first-contentful-paint'])
    reportPaint(['first-contentful-paint'])
    vi.advanceTimersByTime(loadWithoutPaintAfterMs)
    expect(pending).toEqual(modules)
  })

  it(`requests the modules after ${loadWithoutPaintAfterMs} ms when no paint is reported, or paint timing is missing`, () => {
    for (const supported of [true, false]) {
      paintTimingSupported = supported
      pending = []
      load(modules)
      vi.advanceTimersByTime(loadWithoutPaintAfterMs - 1)
      expect(pending, `paint timing supported: ${supported}`).toEqual([])
      vi.advanceTimersByTime(1)
      expect(pending, `paint timing supported: ${supported}`).toEqual(modules)
    }
  })
})
