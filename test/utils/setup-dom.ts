import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { MotionGlobalConfig } from 'framer-motion'
import { afterEach, vi } from 'vitest'

// The part of the setup that only files in jsdom need (test/utils/setup.ts loads it there): Testing Library, its
// matchers and its clean-up, framer-motion's switch, and what jsdom lacks. The files in Node's environment (the
// server's, the machines', the build's: 105 of 160) use none of it, and no longer load React, jsdom's matchers and
// framer-motion before each of their tests.

// Page fades are real in the browser suite; here they would only make every page change wait 0.6 s.
MotionGlobalConfig.skipAnimations = true

afterEach(() => cleanup())

// Pages are lazy chunks that Vite transforms on first use; on a busy 2-core machine that can take >1 s, and an
// area of the console more than 5 s with three suites beside it at a load average of 16 (2026-12-06).
configure({ asyncUtilTimeout: 15_000 })

// jsdom has no layout and no scrolling; TanStack Router and the footer call scrollTo.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
Element.prototype.scrollIntoView = vi.fn()
// Let Testing Library advance fake timers (see shared NOTES: user.click hangs otherwise).
;(globalThis as { jest?: unknown }).jest = {
  advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
}
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia
