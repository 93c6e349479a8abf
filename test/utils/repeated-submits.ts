// The request forms send one request per submit, however often the visitor presses: a double click, an Enter,
// a script's submit while the request is out. A UI test makes the presses, then checks with this.
import { act, waitFor } from '@testing-library/react'
import { expect, vi } from 'vitest'

/** Submits `form` twice more from script, then expects exactly one request sent, and none more a second later
 * (fake timers in force). */
export async function expectOneRequestAfterResubmits(form: HTMLFormElement, requests: readonly unknown[]) {
  await act(async () => {
    form.requestSubmit()
    form.requestSubmit()
  })
  await waitFor(() => expect(requests).toHaveLength(1))
  await act(() => vi.advanceTimersByTimeAsync(1_000))
  expect(requests).toHaveLength(1)
}
