// `npm run bench:long-tasks`: where the main thread blocks while a page loads, per route, beside the same page
// with every script removed (the no-JS copy `npm run bench` compares against). A quick diagnostic for
// Lighthouse's TBT, not a test. Builds the site once, serves it gzipped, opens each route in Chromium at
// 390 px with the CPU slowed 4× (CDP, as Lighthouse's mobile profile simulates), and records every long
// task (over 50 ms) from navigation until the app is in control (html[data-app=ready]) plus 1.5 s. It prints
// per route the blocking time (the sum of each task's time over 50 ms), the longest task, and with
// BENCH_DETAIL=1 the scripts each long animation frame ran (Long Animation Frames API: source, function,
// duration). BENCH_RUNS (default 3) runs per route, medians; BENCH_ROUTES=/,/form for fewer routes;
// BENCH_NO_BUILD=1 measures dist/ as it is.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { chromium, type Browser } from '@playwright/test'
import { chromiumLaunchOptions } from '../tools/chromium'
import { pagePaths } from '../src/head'
import { makeNoJsCopy } from './harness/no-js-copy'
import { printHeader } from './harness/print'
import { flag, listOf, wholeNumber } from './harness/settings'
import { benchSite } from './harness/site'

const runs = wholeNumber('BENCH_RUNS', 3)
const chosenRoutes: string[] = listOf('BENCH_ROUTES', pagePaths)
const routes = pagePaths.filter((path) => chosenRoutes.includes(path))
const detail = flag('BENCH_DETAIL')
const build = !flag('BENCH_NO_BUILD')
const settleMs = 1500

interface Task {
  start: number
  duration: number
}
interface FrameScript {
  source: string
  invoker: string
  duration: number
}
interface Frame {
  start: number
  duration: number
  blocking: number
  scripts: FrameScript[]
}
interface RunResult {
  tasks: Task[]
  frames: Frame[]
  fcp: number
  ready: number
}

function startSite(root: string) {
  const site = benchSite(root)
  return new Promise<{ origin: string; close: () => void }>((resolve) => {
    const server = serve({ fetch: site, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve({ origin: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    )
  })
}

async function once(browser: Browser, url: string, withJs: boolean): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.addInitScript(() => {
    const w = window as unknown as { __tasks: unknown[]; __frames: unknown[]; __ready?: number }
    w.__tasks = []
    w.__frames = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration })
    }).observe({ type: 'longtask', buffered: true })
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as {
          startTime: number
          duration: number
          blockingDuration: number
          scripts: { sourceURL: string; sourceFunctionName: string; invoker: string; duration: number }[]
        }[])
          w.__frames.push({
            start: e.startTime,
            duration: e.duration,
            blocking: e.blockingDuration,
            scripts: e.scripts.map((s) => ({
              source: `${s.sourceURL.replace(/^.*\//, '')}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''}`,
              invoker: s.invoker,
              duration: s.duration,
            })),
          })
      }).observe({ type: 'long-animation-frame', buffered: true })
    } catch {
      // no Long Animation Frames API: tasks only
    }
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.app !== 'ready') return
      w.__ready = performance.now()
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app'] })
  })
  await page.goto(url, { waitUntil: 'load' })
  // Polled over CDP with a tiny expression: Playwright's own waitForFunction evaluates its large injected
  // script in the page, a long task of its own on a 4× slower CPU.
  const deadline = Date.now() + 60_000
  while (withJs && Date.now() < deadline) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__ready !== undefined', returnByValue: true })
    if (result.value === true) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  const result = await page.evaluate(() => {
    const w = window as unknown as { __tasks: Task[]; __frames: Frame[]; __ready?: number }
    return {
      tasks: w.__tasks,
      frames: w.__frames,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      ready: w.__ready ?? Number.NaN,
    }
  })
  await context.close()
  return result
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN
}
const blocking = (tasks: Task[]) => tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)
const longest = (tasks: Task[]) => tasks.reduce((max, task) => Math.max(max, task.duration), 0)

async function main() {
  printHeader(`Long tasks, CPU 4× slower, ${runs} runs per page`)
  if (build) {
    console.log('Building the site…')
    execFileSync('npm', ['run', 'build'], { stdio: 'ignore', env: { ...process.env, VITE_WAITLIST_ENDPOINT: '/api/waitlist' } })
  }
  const work = await mkdtemp(join(tmpdir(), 'long-tasks-'))
  const noJsDir = join(work, 'no-js')
  await makeNoJsCopy('dist', noJsDir)
  const ours = await startSite('dist')
  const noJs = await startSite(noJsDir)
  const browser = await chromium.launch(await chromiumLaunchOptions())
  const rows: string[][] = []
  try {
    for (const path of routes) {
      const results: Record<'ours' | 'noJs', RunResult[]> = { ours: [], noJs: [] }
      for (let run = 0; run < runs; run++) {
        results.ours.push(await once(browser, ours.origin + path, true))
        results.noJs.push(await once(browser, noJs.origin + path, false))
      }
      const a = results.ours
      const b = results.noJs
      rows.push([
        path,
        `${median(a.map((r) => blocking(r.tasks))).toFixed(0)} / ${median(b.map((r) => blocking(r.tasks))).toFixed(0)}`,
        `${median(a.map((r) => longest(r.tasks))).toFixed(0)} / ${median(b.map((r) => longest(r.tasks))).toFixed(0)}`,
        `${median(a.map((r) => r.tasks.length))} / ${median(b.map((r) => r.tasks.length))}`,
        `${median(a.map((r) => r.fcp)).toFixed(0)} / ${median(b.map((r) => r.fcp)).toFixed(0)}`,
        median(a.map((r) => r.ready)).toFixed(0),
      ])
      if (detail) {
        for (const [index, run] of a.entries()) {
          console.log(`\n${path} run ${index + 1}: fcp ${run.fcp.toFixed(0)}, ready ${run.ready.toFixed(0)}`)
          for (const task of run.tasks) console.log(`  long task at ${task.start.toFixed(0)} ms: ${task.duration.toFixed(0)} ms`)
          for (const frame of run.frames) {
            console.log(`  frame at ${frame.start.toFixed(0)} ms: ${frame.duration.toFixed(0)} ms (blocking ${frame.blocking.toFixed(0)})`)
            for (const s of frame.scripts) console.log(`    ${s.duration.toFixed(0).padStart(4)} ms  ${s.invoker}  ${s.source}`)
          }
        }
      }
      console.log(`measured ${path}`)
    }
  } finally {
    await browser.close()
    ours.close()
    noJs.close()
    await rm(work, { recursive: true, force: true })
  }
  const header = ['route', 'blocking ms ours/no-JS', 'longest task ms', 'long tasks', 'FCP ms', 'in control at ms']
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)))
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')
  console.log(`\nLong tasks, CPU 4× slower, ${runs} runs per page, medians (ours / no-JS)\n`)
  console.log(line(header))
  for (const row of rows) console.log(line(row))
}

await main()
