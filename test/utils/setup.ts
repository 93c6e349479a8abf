import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => cleanup())

if (typeof window !== 'undefined') {
  // jsdom has no layout and no scrolling; TanStack Router and the footer call scrollTo.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
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
}
