// `npm run gallery`: every state of every machine in gallery/machines.ts, as the visitor sees it. For each
// state key the graph reaches (walk.ts), the real view is driven there in Chromium (real machine, answers
// given at the network boundary) and its region pictured at 390 and 1280 px, light and dark, into
// dist-gallery/pictures/ as palette PNGs (encode.ts); dist-gallery/index.html shows them beside each machine's
// chart (open it from disk).
//   npm run gallery -- --update   copies the pictures into gallery/baseline/ (commit them on purpose)
//   npm run gallery -- --check    compares them with gallery/baseline/, writes dist-gallery/diff.html, fails on a change
//   npm run gallery -- --only waitlist,menu   only those machines (by machine id)
// CHROME_PATH picks the browser (tools/chromium.ts).
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser } from '@playwright/test'
import type { RunningServer } from '../tools/static-server'
import { chromiumLaunchOptions } from '../tools/chromium'
import { boxWords, comparePictures } from './compare'
import { encodePicture } from './encode'
import { galleryMachines, machinesNotInGallery } from './machines'
import { renderDiffPage, renderGalleryPage, type Check } from './page'
import { pictureName, pictureMachine, schemes, widthsOf } from './picture'
import { ensureBuild, serveBuild, stopBuilds } from './site'
import type { SiteBuild } from './types'
import { leafStates, shotsOf, type Shot } from './walk'

const outDir = 'dist-gallery'
const picturesDir = join(outDir, 'pictures')
const baselineDir = 'gallery/baseline'

const { values: flags } = parseArgs({ options: { update: { type: 'boolean' }, check: { type: 'boolean' }, only: { type: 'string' } } })
const only = flags.only?.split(',').map((id) => id.trim())
const machines = galleryMachines.filter((gallery) => !only || only.includes(gallery.machine.id))
const started = Date.now()

// Everything started here is stopped at the end, on an error and on Ctrl-C.
const servers: RunningServer[] = []
let browser: Browser | undefined
async function stopAll() {
  stopBuilds()
  await browser?.close().catch(() => {})
  await Promise.all(servers.splice(0).map((server) => server.close()))
}
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true
    console.log(`\n${signal}: stopping the browser and the servers`)
    void stopAll().finally(() => process.exit(130))
  })
}

try {
  const shotsByMachine = new Map(machines.map((gallery) => [gallery.machine.id, shotsOf(gallery)]))
  const builds = [...new Set(machines.flatMap((gallery) => gallery.variants.map((variant) => variant.site)))]
  const origins = new Map<SiteBuild, string>()
  const ready = await Promise.all(builds.map(async (build) => ({ build, ...(await ensureBuild(build)) })))
  for (const { build, dir, built } of ready) {
    console.log(`${built ? 'built' : 'reused'} ${dir}`)
    const server = await serveBuild(dir)
    servers.push(server)
    origins.set(build, server.url)
  }
  browser = await chromium.launch(await chromiumLaunchOptions())

  if (!only) await rm(picturesDir, { recursive: true, force: true })
  const files: string[] = []
  const failures: string[] = []
  const jobs = machines.flatMap((gallery) => shotsByMachine.get(gallery.machine.id)!.map((shot) => ({ gallery, shot })))
  for (const gallery of machines) await rm(join(picturesDir, gallery.machine.id), { recursive: true, force: true })
  // A few pages at a time: each waits mostly on the browser's painting, so two or three share the cores well.
  let nextJob = 0
  const work = async () => {
    while (!interrupted && nextJob < jobs.length) {
      const { gallery, shot } = jobs[nextJob++]!
      const pictures = await pictureMachine(browser!, origins.get(shot.variant.site)!, gallery, shot).catch((error: Error) => {
        // One state that cannot be reached does not hide the others: it is reported, and the run fails.
        failures.push(error.message.split('\n')[0]!)
        return []
      })
      for (const { width, scheme, png } of pictures) {
        const file = join(gallery.machine.id, pictureName(shot, width, scheme))
        await mkdir(dirname(join(picturesDir, file)), { recursive: true })
        // Every picture is written as the baseline is (encode.ts), so that --check compares like with like.
        await writeFile(join(picturesDir, file), await encodePicture(png))
        files.push(file)
      }
    }
  }
  await Promise.all(Array.from({ length: Number(process.env.GALLERY_PAGES ?? 3) }, work))
  // Stopped: the signal's handler closes everything and exits; write nothing half-made meanwhile.
  if (interrupted) await new Promise(() => {})
  files.sort()
  for (const gallery of machines) {
    const shots = shotsByMachine.get(gallery.machine.id)!
    console.log(`${gallery.machine.id}: ${shots.length} pictured state keys × ${widthsOf(gallery).length * schemes.length} pictures`)
  }

  await writeFile(join(outDir, 'index.html'), renderGalleryPage(galleryMachines.filter((g) => shotsByMachine.has(g.machine.id)), shotsByMachine))

  // The count: every leaf state of every machine in the list, pictured or left out with its reason.
  let total = 0
  let pictured = 0
  const leftOut: string[] = []
  for (const gallery of machines) {
    const states = leafStates(gallery)
    const shown = new Set(shotsByMachine.get(gallery.machine.id)!.map((shot: Shot) => shot.state))
    total += states.length
    pictured += states.filter((state) => shown.has(state)).length
    for (const state of states.filter((state) => !shown.has(state))) {
      leftOut.push(`  ${gallery.machine.id}.${state}: ${gallery.leftOut?.[state] ?? 'NOT REACHED (no path in the graph, and no reason given)'}`)
    }
  }
  const pictureCount = files.length
  console.log(`\nstates in the machines: ${total}; states pictured: ${pictured} (in ${[...shotsByMachine.values()].flat().length} state keys, ${pictureCount} pictures)`)
  console.log(leftOut.length === 0 ? 'states left out: none' : `states left out: ${leftOut.length}\n${leftOut.join('\n')}`)
  if (!only) {
    const notIn = Object.entries(machinesNotInGallery)
    console.log(`machines not in the gallery: ${notIn.length}\n${notIn.map(([id, reason]) => `  ${id}: ${reason}`).join('\n')}`)
  }
  console.log(`wrote ${join(outDir, 'index.html')} (open it in a browser, no server needed)`)

  if (flags.update) {
    // A picture whose pixels did not change keeps its baseline file (the encoder's bytes may differ run to run).
    let written = 0
    for (const gallery of machines) {
      const dir = join(baselineDir, gallery.machine.id)
      const kept = new Set(files.filter((file) => file.startsWith(`${gallery.machine.id}/`)).map((file) => join(baselineDir, file)))
      if (existsSync(dir)) for (const name of await readdir(dir)) if (!kept.has(join(dir, name))) await rm(join(dir, name))
      await mkdir(dir, { recursive: true })
    }
    for (const file of files) {
      const baseline = join(baselineDir, file)
      const png = await readFile(join(picturesDir, file))
      if (existsSync(baseline) && comparePictures(await readFile(baseline), png).status === 'same') continue
      await writeFile(baseline, png)
      written++
    }
    console.log(`updated ${baselineDir}/: ${written} of ${pictureCount} pictures new or changed; review and commit them`)
  }

  if (failures.length > 0) console.log(`\n${failures.length} pictures could not be taken:\n${failures.map((line) => `  ${line}`).join('\n')}`)
  let failed = failures.length > 0 || leftOut.some((line) => line.includes('NOT REACHED'))
  if (flags.check) {
    const checks: Check[] = []
    for (const file of files) {
      const baseline = join(baselineDir, file)
      if (!existsSync(baseline)) {
        checks.push({ file, status: 'new' })
        continue
      }
      const result = comparePictures(await readFile(baseline), await readFile(join(picturesDir, file)))
      if (result.status === 'changed') {
        const diffFile = join('diff', file)
        await mkdir(dirname(join(outDir, diffFile)), { recursive: true })
        await writeFile(join(outDir, diffFile), result.diff)
        checks.push({ file, status: 'changed', changedPixels: result.changedPixels, within: boxWords(result.within), diffFile })
      } else if (result.status === 'resized') {
        checks.push({ file, status: 'resized', detail: `${result.baseline.width}×${result.baseline.height} → ${result.actual.width}×${result.actual.height}` })
      }
    }
    const produced = new Set(files)
    for (const gallery of machines) {
      const dir = join(baselineDir, gallery.machine.id)
      if (!existsSync(dir)) continue
      for (const name of await readdir(dir)) {
        const file = join(gallery.machine.id, name)
        if (!produced.has(file)) checks.push({ file, status: 'gone' })
      }
    }
    await writeFile(join(outDir, 'diff.html'), renderDiffPage(checks, baselineDir))
    if (checks.length === 0) console.log(`check: all ${files.length} pictures match ${baselineDir}/`)
    else {
      failed = true
      console.log(`check: ${checks.length} of ${files.length} pictures differ from ${baselineDir}/ (see ${join(outDir, 'diff.html')}):`)
      for (const check of checks) console.log(`  ${check.status}: ${check.file}${'changedPixels' in check ? ` (${check.changedPixels} pixels, within ${check.within})` : ''}${'detail' in check ? ` (${check.detail})` : ''}`)
      console.log('If the change is meant, run `npm run gallery -- --update` and commit the baselines.')
    }
  }
  console.log(`took ${((Date.now() - started) / 1000).toFixed(1)} s`)
  process.exitCode = failed ? 1 : 0
} finally {
  await stopAll()
}
