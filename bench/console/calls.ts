// The console calls bench/console.ts times, as the console makes them (shared/console-api.ts; the waves'
// routes are server/features/launch/wave-routes.ts): the front page, the people table (first, 500th and last
// page, the next page by keyset, every sort, three searches), the referrals, the audit, the waves and the next
// wave's preview, then waves started.
import { signupPageSize, signupSortKeys, type SignupPage } from '../../shared/console-api'
import type { NextUp } from '../../shared/launch-rows'
import { callTimeoutMs, noAnswer, timeCall, type Answer, type ConsoleClient, type Repeats, type Timing } from './measure'

/** The table's reply as far as it came: the server side of the keyset contract may not be there yet. */
type PageReply = Partial<SignupPage>

const parsed = <T>(answer: Answer): T => JSON.parse(answer.text) as T

/** What a page of people says beside its rows: how many matched, and what a search looked through. */
function pageNote(text: string): string {
  const page = JSON.parse(text) as PageReply
  const scope = page.scope ? `, ${page.scope.kind === 'partial' ? `the newest ${page.scope.scanned.toLocaleString('en-US')}` : page.scope.kind}` : ''
  return `${(page.total ?? 0).toLocaleString('en-US')} matched${scope}`
}

/** Each call timed in turn, told to `timed` as it is done. */
export async function consoleCalls(client: ConsoleClient, repeats: Repeats, domain: string, timed: (timing: Timing) => void): Promise<Timing[]> {
  const first = parsed<PageReply>(await client.get('/signups'))
  const lastPage = Math.max(1, Math.ceil((first.total ?? 0) / signupPageSize))
  const page500 = parsed<PageReply>(await client.get('/signups?page=500'))
  const address = page500.rows?.[0]?.email ?? first.rows?.[0]?.email ?? ''
  const after = first.cursors?.after
  const table = (path: string, what = '') => ({ path: `/signups${path}`, note: (text: string) => `${what}${pageNote(text)}` })
  const nextByKeyset = '/signups?after=<cursors.after of page 1>&page=2'
  const calls: { path: string; shown?: string; note?: (text: string) => string; skipped?: string }[] = [
    { path: '/summary' },
    table('', 'newest first: '),
    table('?page=500'),
    table(`?page=${lastPage}`, 'the last page: '),
    { ...table(`?after=${encodeURIComponent(after ?? '')}&page=2`, 'the next page by keyset: '), shown: nextByKeyset, skipped: after ? undefined : 'n/a: the reply has no cursors' },
    ...signupSortKeys.flatMap((sort) => (['asc', 'desc'] as const).map((direction) => table(`?sort=${sort}&direction=${direction}`))),
    table(`?search=${encodeURIComponent(address)}`, 'a whole address: '),
    table('?search=ann'),
    table(`?search=${encodeURIComponent(domain)}`, 'the commonest domain: '),
    { path: '/referrals' },
    { path: '/audit' },
    { path: '/waves/next?count=100' },
    { path: '/waves' },
  ]
  const timings: Timing[] = []
  for (const { path, shown, note, skipped } of calls) {
    const name = `GET /api/admin${shown ?? path}`
    timings.push(skipped ? { name, ms: [], skipped } : await timeCall(name, () => client.get(path), repeats, note))
    timed(timings.at(-1)!)
  }
  return timings
}

/** `times` waves of 10, each from a fresh preview (its first person, as the console's button sends it); only
 * the POST is timed. */
export async function waveStarts(client: ConsoleClient, times: number): Promise<Timing> {
  const timing: Timing = { name: `POST /api/admin/waves (count 10, ${times} times)`, ms: [] }
  try {
    for (let wave = 0; wave < times; wave++) {
      const firstId = parsed<Partial<NextUp>>(await client.get('/waves/next?count=10')).people?.[0]?.id
      if (firstId === undefined) return { ...timing, failed: 'nobody is next' }
      const at = performance.now()
      const { status, text } = await client.post('/waves', { count: 10, firstId })
      if (status !== 200) return { ...timing, failed: `${status} ${text.slice(0, 100)}` }
      timing.ms.push(performance.now() - at)
    }
    return timing
  } catch (error) {
    return error instanceof Error && error.name === 'TimeoutError' ? { ...timing, timedOutAfterS: callTimeoutMs / 1000 } : { ...timing, failed: noAnswer(error) }
  }
}
