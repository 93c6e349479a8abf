// How bench/console.ts times the console: each call repeated after warm-ups, every request aborted after a time
// limit (printed as "> N s", never waited out), requests sent on a steady beat beside the calls (/healthz, a
// signup as the site's form sends it), and the export streamed and counted with the server's memory sampled.
import { Worker } from 'node:worker_threads'
import { rssOf } from './server'
import { sleep } from '../../tools/until'

/** What one call gave: each repetition's time, or why it stopped. */
export type Timing = { name: string; ms: number[]; timedOutAfterS?: number; failed?: string; skipped?: string; note?: string }

export type Answer = { status: number; text: string }

export type ConsoleClient = {
  origin: string
  get(path: string, timeoutMs?: number): Promise<Answer>
  post(path: string, body: unknown, timeoutMs?: number): Promise<Answer>
  headers: Record<string, string>
}

export const callTimeoutMs = 60_000

/** The console's API as the signed-in console calls it: the session cookie, and an Origin of this host on a POST. */
export function consoleClient(origin: string, cookie: string): ConsoleClient {
  const headers = { Cookie: cookie }
  const answer = async (response: Response): Promise<Answer> => ({ status: response.status, text: await response.text() })
  return {
    origin,
    headers,
    get: async (path, timeoutMs = callTimeoutMs) => answer(await fetch(`${origin}/api/admin${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) })),
    post: async (path, body, timeoutMs = callTimeoutMs) =>
      answer(
        await fetch(`${origin}/api/admin${path}`, {
          method: 'POST',
          headers: { ...headers, Origin: origin, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        }),
      ),
  }
}

const isTimeout = (error: unknown) => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')

export type Repeats = { warmups: number; repeats: number; budgetMs: number }

/**
 * `call` `warmups` times untimed, then up to `repeats` times timed, stopping early once `budgetMs` is spent
 * (after 5 at least): a call of seconds still gets a figure without holding the run for an hour. A reply other
 * than 200, or a request past the time limit, ends it.
 */
export async function timeCall(name: string, call: () => Promise<Answer>, { warmups, repeats, budgetMs }: Repeats, noteOf?: (text: string) => string): Promise<Timing> {
  const timing: Timing = { name, ms: [] }
  const started = performance.now()
  for (let round = 0; round < warmups + repeats; round++) {
    if (round >= warmups + 5 && performance.now() - started > budgetMs) break
    const at = performance.now()
    try {
      const { status, text } = await call()
      if (status !== 200) return { ...timing, failed: `${status} ${text.slice(0, 100)}` }
      if (round >= warmups) timing.ms.push(performance.now() - at)
      if (noteOf) timing.note = noteOf(text)
    } catch (error) {
      return isTimeout(error) ? { ...timing, timedOutAfterS: callTimeoutMs / 1000 } : { ...timing, failed: noAnswer(error) }
    }
  }
  return timing
}

/** Why a request got no answer, in a few words (fetch's own message is "fetch failed"). */
export const noAnswer = (error: unknown) => `no answer (${String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message)})`

/** Latencies of requests sent every `everyMs`, whether or not the last has come back (a stall shows as many slow
 * ones, as it would to a load balancer); a request that fails or times out counts at the time it took. */
export function onBeat(everyMs: number, send: () => Promise<Response>) {
  const ms: number[] = []
  let failures = 0
  const inFlight = new Set<Promise<void>>()
  const timer = setInterval(() => {
    const at = performance.now()
    const sent: Promise<void> = send()
      .then(async (response) => {
        await response.arrayBuffer()
        if (!response.ok) failures++
      })
      .catch(() => void failures++)
      .finally(() => {
        ms.push(performance.now() - at)
        inFlight.delete(sent)
      })
    inFlight.add(sent)
  }, everyMs)
  return {
    async stop(): Promise<{ ms: number[]; failures: number }> {
      clearInterval(timer)
      await Promise.all(inFlight)
      return { ms, failures }
    },
  }
}

export const healthz = (origin: string) => () => fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(callTimeoutMs) })

/** A new signup as the site's script posts it (bench/endpoint.ts's body and type), each a fresh address. */
export function freshSignups(origin: string, tag: string) {
  let next = 0
  return () => {
    const index = next++
    const body = { firstName: 'Bench', email: `${tag}-${index}@bench.example`, source: 'stride-marketing-site', submissionId: `${tag}-${index}` }
    return fetch(`${origin}/api/waitlist`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body), signal: AbortSignal.timeout(callTimeoutMs) })
  }
}

export type ExportRun = {
  rows: number
  megabytes: number
  seconds: number
  timedOutAfterS?: number
  failed?: string
  /** How long the server took, after the export ended or was aborted, to answer /healthz within a second again. */
  busyAfterS: number
  /** Seconds of quiet after which the server's RSS was back within givenBackMb of before; undefined if not by the end. */
  givenBackAfterS?: number
  rss: { before: number; peak: number; after: number }
  healthz: { ms: number[]; failures: number }
  signups: { ms: number[]; failures: number }
}

/** Waits (at most `maxMs`) until /healthz answers within a second; the seconds it took. */
async function answersAgain(origin: string, maxMs: number): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < maxMs) {
    const at = performance.now()
    const answer = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined)
    if (answer?.status === 200 && performance.now() - at < 1000) break
    await sleep(500)
  }
  return (performance.now() - started) / 1000
}

/**
 * GET /signups.csv read to its end and dropped, at most `timeoutMs`; meanwhile the server's RSS every 100 ms,
 * and /healthz and a signup every 100 ms. An aborted export may go on in the server: its RSS is sampled until
 * it answers again (at most `settleMs`), and then each second of quiet until it is given back (at most `idleMs`).
 */
/** GET `url` read to its end and dropped, in a thread of its own, so that reading 150 MB never delays this
 * thread's own timers and replies (the beats beside it); its lines and bytes, or why it stopped. */
function readInThread(url: string, headers: Record<string, string>, timeoutMs: number): Promise<{ lines: number; bytes: number; timedOutAfterS?: number; failed?: string }> {
  const reader = `
    const { parentPort, workerData: { url, headers, timeoutMs } } = require('node:worker_threads')
    ;(async () => {
      let lines = 0, bytes = 0
      try {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) })
        if (response.status !== 200) return parentPort.postMessage({ lines, bytes, failed: response.status + ' ' + (await response.text()).slice(0, 100) })
        for await (const chunk of response.body) {
          bytes += chunk.length
          for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++
        }
        parentPort.postMessage({ lines, bytes })
      } catch (error) {
        const timedOut = error?.name === 'TimeoutError'
        parentPort.postMessage({ lines, bytes, timedOutAfterS: timedOut ? timeoutMs / 1000 : undefined, failed: timedOut ? undefined : 'no answer (' + (error?.cause?.code ?? error?.message) + ')' })
      }
    })()`
  const thread = new Worker(reader, { eval: true, workerData: { url, headers, timeoutMs } })
  return new Promise((resolve, reject) => {
    thread.once('message', (result) => resolve(result))
    thread.once('error', reject)
  })
}

/** How near its RSS before the server must come again for the export's memory to count as given back. */
export const givenBackMb = 20

export async function timeExport(client: ConsoleClient, pid: number, timeoutMs: number, tag: string, settleMs: number, idleMs = 60_000): Promise<ExportRun> {
  const before = rssOf(pid)
  let peak = before
  const sampling = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100)
  const health = onBeat(100, healthz(client.origin))
  const signups = onBeat(100, freshSignups(client.origin, tag))
  const started = performance.now()
  const { lines, bytes, timedOutAfterS, failed } = await readInThread(`${client.origin}/api/admin/signups.csv`, client.headers, timeoutMs)
  const seconds = (performance.now() - started) / 1000
  const [healthzAnswers, signupAnswers] = await Promise.all([health.stop(), signups.stop()])
  const busyAfterS = await answersAgain(client.origin, settleMs)
  clearInterval(sampling)
  peak = Math.max(peak, rssOf(pid))
  // Given back: the RSS within `givenBackMb` of before, looked at each second of quiet (at most `idleMs`). V8
  // gives its heap back to the system once it has been idle a while (its memory reducer), not at once.
  const quiet = performance.now()
  let givenBackAfterS: number | undefined
  while (performance.now() - quiet < idleMs) {
    await sleep(1000)
    if (rssOf(pid) - before > givenBackMb * 1e6) continue
    givenBackAfterS = (performance.now() - quiet) / 1000
    break
  }
  return {
    givenBackAfterS,
    rows: Math.max(0, lines - 1),
    megabytes: bytes / 1e6,
    seconds,
    timedOutAfterS,
    failed,
    busyAfterS,
    rss: { before, peak, after: rssOf(pid) },
    healthz: healthzAnswers,
    signups: signupAnswers,
  }
}

/** The nearest-rank percentile of `ms` (sorted here). */
export function percentile(ms: number[], p: number): number {
  const sorted = [...ms].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN
}
