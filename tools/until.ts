// Waiting as a test must when the thing it waits for happens in another process (an email sent, a row
// written): poll every 100 ms, and fail with what was awaited once the time is up.
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}
