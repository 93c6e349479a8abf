// The browser around a request form in a UI test: every request the form sends is held at the network layer
// (msw) until the test answers it, so the test decides when, how and whether; a mail draft the form opens is
// captured instead of followed; and the clock is fake, so the 15 s time-out passes when the test says.
// Call these at the top of a test file: each registers its own hooks.
import { act, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'

const TIMEOUT_MS = 15_000 // the 15 s request time-out, written out: the forms must keep to it

export interface HeldRequest {
  url: string
  body: Record<string, unknown>
  contentType: string | null
  signal: AbortSignal
  answer: (response: Response) => void
}

/** Holds every POST to `url` (an msw path pattern) until the test answers it; `requests` lists them, oldest
 * first, and is emptied before each test. */
export function holdRequests(url: string) {
  const requests: HeldRequest[] = []
  const server = setupServer(
    http.post(url, async ({ request }) => {
      const body = JSON.parse(await request.text()) as Record<string, unknown>
      return new Promise<Response>((answer) =>
        requests.push({ url: request.url, body, contentType: request.headers.get('content-type'), signal: request.signal, answer }),
      )
    }),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())
  beforeEach(() => {
    requests.length = 0
  })

  return {
    requests,
    /** Answers the latest request, once it has been sent. */
    async answer(response: Response) {
      await waitFor(() => expect(requests.length).toBeGreaterThan(0))
      requests.at(-1)!.answer(response)
    },
    /** Lets the time-out pass for a request sent at `submittedAt`: nothing changes 1 ms before it, and at it
     * the request is aborted. */
    async passTimeout(submittedAt: number, status: () => HTMLElement, submitting: string) {
      await act(() => vi.advanceTimersByTimeAsync(submittedAt + TIMEOUT_MS - 1 - Date.now()))
      expect(status(), 'still waiting 1 ms before the time-out').toHaveTextContent(submitting)
      await act(() => vi.advanceTimersByTimeAsync(1))
      await waitFor(() => expect(requests.at(-1)?.signal.aborted, 'the time-out aborts the request').toBe(true))
    },
  }
}

/** Fakes the clock the forms read (timers and Date) for each test. */
export function fakeClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}

/** Captures the mail drafts a form opens (window.location.href = 'mailto:…') on a page at `pageUrl`; the list
 * is emptied before each test. */
export function captureMailDrafts(pageUrl: string) {
  const drafts: string[] = []
  beforeEach(() => {
    drafts.length = 0
    vi.stubGlobal('location', {
      get href() {
        return pageUrl
      },
      set href(url: string) {
        drafts.push(url)
      },
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  return drafts
}

/** How many requests a path should send: one for each time it enters `submitting` from another state. */
export function requestsSent(start: unknown, steps: readonly { state: AnyMachineSnapshot }[]) {
  let previous = start
  let sent = 0
  for (const { state } of steps) {
    if (state.value === 'submitting' && previous !== 'submitting') sent++
    previous = state.value
  }
  return sent
}
