// dist-gallery/index.html and dist-gallery/diff.html: static pages with relative links to the pictures, so a
// designer opens them from disk with no server. Not part of the site (nothing here is built or prerendered).
import { chartSources } from '../scripts/chart-sources'
import { renderChart } from './chart'
import { pictureName, schemes, widthsOf } from './picture'
import type { GalleryMachine } from './types'
import { describeEvent, leafStates, type Shot } from './walk'

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const anchorOf = (machineId: string, state: string) => `${machineId}--${state.replace(/\./g, '-')}`

function descriptionOf(gallery: GalleryMachine, state: string): string {
  type Node = { description?: string; states: Record<string, Node> }
  let node = gallery.machine.root as unknown as Node
  for (const key of state.split('.')) node = node.states[key]!
  return node.description ?? ''
}

const style = `
  :root { color-scheme: light dark; font: 15px/1.45 system-ui, sans-serif; }
  body { margin: 0 auto; padding: 1rem 2rem 4rem; max-width: 110rem; }
  nav a { margin-right: 1rem; }
  section.machine { border-top: 2px solid #8884; margin-top: 2.5rem; }
  .chart { max-width: 100%; height: auto; }
  .chart rect { fill: #eef3ff; stroke: #3357b8; } .chart rect.initial { stroke-width: 3; }
  .chart text { font: 12px ui-monospace, monospace; text-anchor: middle; fill: #123; }
  .chart .arrow { fill: none; stroke: #667; stroke-width: 1.3; } .chart .arrow.back { stroke-dasharray: 4 3; }
  .chart .arrow:hover { stroke: #d33; stroke-width: 2.5; } .chart marker path { fill: #667; }
  article.state { margin: 1.5rem 0; padding: 0.75rem 1rem; border: 1px solid #8885; border-radius: 8px; }
  article.state:target { outline: 3px solid #3357b8; }
  h3 code { font-size: 1.05em; } .detail { font-weight: normal; color: #666; }
  ol.path { font: 12px ui-monospace, monospace; padding-left: 1.5rem; }
  .pictures { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
  figure { margin: 0; } figcaption { font-size: 12px; color: #666; }
  figure img { border: 1px solid #8886; max-width: 100%; }
  figure.w390 img { width: auto; max-width: 390px; } figure.w1280 img { width: auto; max-width: min(100%, 1280px); }
  .left-out { background: #fff4d6; color: #432; padding: 0.5rem 1rem; border-radius: 6px; }
`

function renderShot(gallery: GalleryMachine, shot: Shot, first: boolean): string {
  const id = first ? anchorOf(gallery.machine.id, shot.state) : `${anchorOf(gallery.machine.id, shot.state)}--${shot.slug}`
  const detail = gallery.detail?.(shot.final)
  const figures = widthsOf(gallery).flatMap((width) =>
    schemes.map((scheme) => {
      const src = `pictures/${gallery.machine.id}/${pictureName(shot, width, scheme)}`
      return `<figure class="w${width}"><a href="${src}"><img src="${src}" alt="${escape(`${shot.state} at ${width} px, ${scheme}`)}" loading="lazy"></a><figcaption>${width} px, ${scheme}</figcaption></figure>`
    }),
  )
  return [
    `<article class="state" id="${id}">`,
    `<h3><code>${escape(shot.state)}</code>${detail ? ` <span class="detail">— ${escape(detail)}</span>` : ''}</h3>`,
    `<p>${escape(descriptionOf(gallery, shot.state))}</p>`,
    `<details><summary>Path of events (${shot.steps.length}${shot.variant.name ? `, ${escape(shot.variant.name)}` : ''})</summary><ol class="path">${shot.steps.map((step) => `<li>${escape(describeEvent(step.event))}</li>`).join('')}</ol></details>`,
    `<div class="pictures">${figures.join('')}</div>`,
    '</article>',
  ].join('\n')
}

export function renderGalleryPage(machines: GalleryMachine[], shotsByMachine: Map<string, Shot[]>): string {
  const sections = machines.map((gallery) => {
    const id = gallery.machine.id
    const shots = shotsByMachine.get(id) ?? []
    const states = leafStates(gallery)
    const summary = chartSources.find((source) => source.machine.id === id)?.summary ?? ''
    const seen = new Set<string>()
    const articles = states.flatMap((state) =>
      shots
        .filter((shot) => shot.state === state)
        .map((shot) => {
          const first = !seen.has(state)
          seen.add(state)
          return renderShot(gallery, shot, first)
        }),
    )
    const leftOut = states.filter((state) => !shots.some((shot) => shot.state === state))
    const leftOutList = leftOut.map(
      (state) => `<li id="${anchorOf(id, state)}"><code>${escape(state)}</code>: ${escape(gallery.leftOut?.[state] ?? 'not reached by the graph (no reason given)')}</li>`,
    )
    return [
      `<section class="machine" id="${id}">`,
      `<h2>${escape(id)}</h2>`,
      `<p>${escape(summary)}</p>`,
      renderChart(
        gallery.machine,
        states,
        (state) => anchorOf(id, state),
      ),
      leftOut.length > 0 ? `<div class="left-out"><p>Not pictured:</p><ul>${leftOutList.join('')}</ul></div>` : '',
      ...articles,
      '</section>',
    ].join('\n')
  })
  const total = machines.reduce((sum, gallery) => sum + leafStates(gallery).length, 0)
  const pictured = machines.reduce((sum, gallery) => sum + new Set((shotsByMachine.get(gallery.machine.id) ?? []).map((shot) => shot.state)).size, 0)
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>State gallery</title><style>${style}</style></head>
<body>
<h1>Every state, as the visitor sees it</h1>
<p>Generated by <code>npm run gallery</code> from the machines in <code>machines/</code>: each state reached by the graph's shortest path, in the real view in Chromium, at 390 and 1280 px, light and dark. ${pictured} of ${total} states pictured. Click a state in a chart to see it; hover an arrow for its events. The charts and descriptions are the ones in <code>docs/state-charts.md</code>.</p>
<nav>${machines.map((gallery) => `<a href="#${gallery.machine.id}">${escape(gallery.machine.id)}</a>`).join('')}</nav>
${sections.join('\n')}
</body>
</html>
`
}

export type Check =
  | { file: string; status: 'changed'; changedPixels: number; within: string; diffFile: string }
  | { file: string; status: 'resized'; detail: string }
  | { file: string; status: 'new' | 'gone' }

export function renderDiffPage(checks: Check[], baselineDir: string): string {
  const rows = checks.map((check) => {
    const baseline = `../${baselineDir}/${check.file}`
    const actual = `pictures/${check.file}`
    const cells = [
      check.status === 'new' ? '<td>(none)</td>' : `<td><img src="${escape(baseline)}" alt="baseline"></td>`,
      check.status === 'gone' ? '<td>(not pictured any more)</td>' : `<td><img src="${escape(actual)}" alt="now"></td>`,
      check.status === 'changed' ? `<td><img src="${escape(check.diffFile)}" alt="changed pixels in red"></td>` : '<td></td>',
    ]
    const what = check.status === 'changed' ? `${check.changedPixels} pixels changed, within ${check.within}` : check.status === 'resized' ? `size ${check.detail}` : check.status
    return `<tr><th scope="row"><code>${escape(check.file)}</code><br>${escape(what)}</th>${cells.join('')}</tr>`
  })
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>State gallery: changes</title>
<style>:root { color-scheme: light dark; font: 14px system-ui, sans-serif; } img { max-width: 420px; border: 1px solid #8886; } td, th { vertical-align: top; padding: 0.5rem; text-align: left; }</style></head>
<body><h1>${checks.length === 0 ? 'No picture changed' : `${checks.length} pictures differ from the baseline`}</h1>
<p>Baseline, now, and the changed pixels in red. If the change is meant: <code>npm run gallery -- --update</code>, then commit <code>${escape(baselineDir)}/</code>.</p>
<table><thead><tr><th>Picture</th><th>Baseline</th><th>Now</th><th>Difference</th></tr></thead><tbody>${rows.join('\n')}</tbody></table></body></html>
`
}
