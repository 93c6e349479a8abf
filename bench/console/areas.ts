// Each console area's first view for bench/console.ts (issue 47): the calls src/admin/area-list.ts declares it
// sends when it opens (firstView), sent together as the browser sends them, timed from the first sent to the last
// answered; and the Overview in Chromium, from the navigation to /admin/ with the session's cookie until its totals
// are on the screen, its JavaScript included. The server serves the built console: dist/ when it holds one
// (dist/admin/index.html), else the console built alone (vite.admin.config.ts) into the benchmark's folder.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type BrowserContext, type ConsoleMessage } from '@playwright/test'
import { firstViewStyleMark } from '../../shared/console-pages'
import { areas, firstCallPath, type Area } from '../../src/admin/area-list'
import { repoRoot } from '../../tools/processes'
import { chromiumLaunchOptions, findChromium } from '../../tools/chromium'
import { timeCall, type Answer, type ConsoleClient, type Repeats, type Timing } from './measure'

/** Issue 47's goals: an area's first view, the calls alone; the Overview's, in the browser with its JavaScript. */
export const firstViewGoals = { callsP99Ms: 200, overviewPageP99Ms: 300 }

/** A built site with the console in it, and how it was got. */
export async function consoleSite(dir: string): Promise<{ staticDir: string; how: string }> {
  const dist = join(repoRoot, 'dist')
  if (existsSync(join(dist, 'admin', 'index.html'))) return { staticDir: dist, how: 'dist/, as built (npm run build)' }
  const staticDir = join(dir, 'site')
  const started = performance.now()
  // The console, then the Overview's drawing on the server (vite.admin.config.ts), as npm run build makes them.
  for (const ssr of [[], ['--ssr']])
    await promisify(execFile)(join(repoRoot, 'node_modules/.bin/vite'), ['build', '-c', 'vite.admin.config.ts', ...ssr], { cwd: repoRoot, env: { ...process.env, SITE_OUT_DIR: staticDir } })
  return { staticDir, how: `the console alone, built now in ${((performance.now() - started) / 1000).toFixed(1)} s (no dist/admin/: npm run build makes it)` }
}

/** The area's name in the table, with the routes of its first view. */
const named = (area: Area) => `first view: ${area.name} (${area.firstView.map((call) => call.route).join(' + ')})`

/** Every area's first view, each timed in turn (warm-ups, repeats and budget as every call), told to `timed`. */
export async function firstViews(client: ConsoleClient, repeats: Repeats, timed: (timing: Timing) => void): Promise<Timing[]> {
  const timings: Timing[] = []
  for (const area of areas) {
    const together = async (): Promise<Answer> => {
      const now = new Date()
      const answers = await Promise.all(area.firstView.map((call) => client.get(firstCallPath(call, now))))
      return answers.find((answer) => answer.status !== 200) ?? { status: 200, text: '' }
    }
    const goal = area.path === '/' ? `goal p99 ≤ ${firstViewGoals.callsP99Ms} ms (the page, JS included: ${firstViewGoals.overviewPageP99Ms} ms)` : `goal p99 ≤ ${firstViewGoals.callsP99Ms} ms`
    const timing = await timeCall(named(area), together, repeats)
    timings.push(timing.failed || timing.timedOutAfterS !== undefined ? timing : { ...timing, note: goal })
    timed(timings.at(-1)!)
  }
  return timings
}

export type PageTiming = { name: string; ms: number[]; failed?: string; browser: string; phases: Phases[]; /** What the timing ends at. */ until: 'totals' | 'taken over' | 'every part' }

/** When, in ms from the navigation's start, the page's parts were there (Resource Timing): the HTML's last byte,
 * the last script's, the session's request and reply, the summary's (none of the two when the server drew the
 * Overview: NaN), the totals on the screen, the console's script drawing over what the server drew (the totals' time
 * when it drew nothing), and every other part of the Overview in its place (the funnel, the sends and the checklist
 * come beside the totals, often after them, and only once the console's script runs). */
type Phases = { html: number; scripts: number; session: [number, number]; summary: [number, number]; shown: number; takenOver: number; everyPart: number }
const phaseNames = ['html', 'scripts', 'session asked', 'session answered', 'summary asked', 'summary answered', 'shown', 'taken over', 'every part'] as const
const flat = (phases: Phases) => [phases.html, phases.scripts, ...phases.session, ...phases.summary, phases.shown, phases.takenOver, phases.everyPart]

// A phase the load did not have (the session's and the summary's requests, when the server drew the Overview) is
// left out of the line, not printed as NaN.
const phasesNamed = (values: number[]) =>
  phaseNames.flatMap((name, index) => (Number.isNaN(values[index]) ? [] : [`${name} ${values[index]!.toFixed(0)}`])).join(', ')

/** The median of each phase over the runs, in one line. */
export function phasesLine(phases: Phases[]): string {
  if (phases.length === 0) return 'no run'
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  return phasesNamed(phaseNames.map((_, index) => median(phases.map((run) => flat(run)[index]!))))
}

/** The phases of the run whose totals came last, in one line: where a p99 over its goal spent its time. */
export function slowestLine(phases: Phases[]): string {
  const slowest = phases.reduce<Phases | undefined>((last, run) => (!last || run.shown > last.shown ? run : last), undefined)
  return slowest ? phasesNamed(flat(slowest)) : 'no run'
}

/** Run in the page: the HTML's last byte, the last script's, and when /session and /summary were asked and answered. */
const phasesInPage = `(() => {
  const resources = performance.getEntriesByType('resource')
  const call = (path) => {
    const entry = resources.find((resource) => new URL(resource.name).pathname === '/api/admin' + path)
    return entry ? [entry.startTime, entry.responseEnd] : [NaN, NaN]
  }
  const navigation = performance.getEntriesByType('navigation')[0]
  const scripts = resources.filter((resource) => resource.initiatorType === 'script' || resource.name.endsWith('.js')).map((resource) => resource.responseEnd)
  return [navigation ? navigation.responseEnd : NaN, Math.max(0, ...scripts), call('/session'), call('/summary')]
})()`

/** Run in every page before its own scripts: on the console's pages, it looks at each frame for the Overview's first
 * total and says on the console when it is on the screen, then for the frame in which no part of the Overview is
 * still coming (none busy). The page tells the time itself, so that nothing of the benchmark's runs in it while it
 * loads: Playwright's waitForFunction would first evaluate its own injected script on the page's main thread, some
 * 50 ms of it during the load being timed (a trace, 2026-12-06). */
const totalsShownSignal = `if (location.pathname.startsWith('/admin')) {
  let totals = 0
  let takenOver = 0
  const look = () => {
    const figure = document.querySelector('section[aria-labelledby="totals-heading"] dd')
    if (!totals && figure && figure.checkVisibility()) {
      totals = performance.now()
      console.debug('totals-shown ' + totals)
    }
    if (totals && !takenOver && !document.querySelector('style[${firstViewStyleMark}]')) {
      takenOver = performance.now()
      console.debug('taken-over ' + takenOver)
    }
    if (totals && !document.querySelector('main [aria-busy="true"]')) console.debug('every-part-shown ' + performance.now())
    else requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
}`

/** The same loads timed to the frame in which the console's script had drawn over the server's Overview: its JavaScript
 * come, run and in control (where the server drew nothing, the totals' frame, drawn by that script). */
const takenOverOf = (totals: PageTiming): PageTiming => ({
  ...totals,
  name: totals.name.replace('totals shown', "the console's script in control"),
  ms: totals.phases.map((phases) => phases.takenOver),
  until: 'taken over',
})

/** The same loads timed to the frame in which every part of the Overview was in its place. */
const everyPartOf = (totals: PageTiming): PageTiming => ({
  ...totals,
  name: totals.name.replace('totals shown', 'every part shown'),
  ms: totals.phases.map((phases) => phases.everyPart),
  until: 'every part',
})

/** The Overview loaded once in a new page (a new tab): when its parts came, from the navigation's start (the page's
 * time origin) to the frame in which its totals are on the screen. */
async function overviewOnce(context: BrowserContext, origin: string): Promise<Phases> {
  const page = await context.newPage()
  try {
    // What the page threw, for a load that never says one of its times.
    const thrown: string[] = []
    page.on('pageerror', (error) => thrown.push(error.message))
    const said = (what: string) =>
      page.waitForEvent('console', { predicate: (message) => message.text().startsWith(`${what} `), timeout: 60_000 }).catch(() => {
        throw new Error(`the page never said ${what} within 60 s${thrown.length ? `; it threw: ${thrown.join('; ')}` : ''}`)
      })
    const [shown, takenOver, everyPart] = [said('totals-shown'), said('taken-over'), said('every-part-shown')]
    await page.goto(`${origin}/admin/`, { waitUntil: 'commit', timeout: 60_000 })
    const timeIn = async (message: Promise<ConsoleMessage>) => Number((await message).text().split(' ')[1])
    const [at, takenOverAt, allAt] = [await timeIn(shown), await timeIn(takenOver), await timeIn(everyPart)]
    // Sent as text: tsx names the functions it compiles with a helper the page does not have.
    const [html, scripts, session, summary] = (await page.evaluate(phasesInPage)) as [number, number, [number, number], [number, number]]
    return { html, scripts, session, summary, shown: at, takenOver: takenOverAt, everyPart: allAt }
  } finally {
    await page.close()
  }
}

/**
 * The Overview in Chromium, `times` times on a warm cache and `times` on a cold one, each load in a new tab. Warm is
 * a returning member's browser: one profile on disk (launchPersistentContext), so the console's files come from its
 * HTTP cache as the server's headers allow and their compiled code from V8's code cache, after one load before the
 * timed ones. (An off-the-record context keeps no code cache: every load compiled the 300 kB main script again.)
 * Cold is a first visit: a fresh off-the-record context each time, nothing cached. The signed-in session's cookie is
 * set in each context before.
 */
export async function overviewPage(origin: string, cookie: string, times: number): Promise<PageTiming[]> {
  const described = (await findChromium()).description
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)]
  const signedIn = async (context: BrowserContext) => {
    await context.addCookies([{ name, value, url: origin }])
    await context.addInitScript(totalsShownSignal)
    return context
  }
  const run = async (label: string, each: () => Promise<Phases>): Promise<PageTiming> => {
    const timing: PageTiming = { name: `Overview in Chromium, ${label}`, ms: [], browser: described, phases: [], until: 'totals' }
    try {
      for (let round = 0; round < times; round++) {
        const phases = await each()
        timing.phases.push(phases)
        timing.ms.push(phases.shown)
      }
    } catch (error) {
      timing.failed = (error as Error).message.split('\n')[0]
    }
    return timing
  }
  const profile = mkdtempSync(join(tmpdir(), 'bench-console-profile-'))
  let warm: PageTiming
  try {
    const warmContext = await signedIn(await chromium.launchPersistentContext(profile, await chromiumLaunchOptions()))
    try {
      await overviewOnce(warmContext, origin)
      warm = await run('warm cache (navigation to totals shown)', () => overviewOnce(warmContext, origin))
    } finally {
      await warmContext.close()
    }
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
  const browser = await chromium.launch(await chromiumLaunchOptions())
  try {
    const cold = await run('cold cache (navigation to totals shown)', async () => {
      const context = await signedIn(await browser.newContext())
      try {
        return await overviewOnce(context, origin)
      } finally {
        await context.close()
      }
    })
    return [warm, takenOverOf(warm), everyPartOf(warm), cold, takenOverOf(cold), everyPartOf(cold)]
  } finally {
    await browser.close()
  }
}
