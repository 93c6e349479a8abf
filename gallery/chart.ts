// Each machine's chart for the gallery page, drawn as inline SVG so the page needs no script and no network.
// The arrows are the ones docs/state-charts.md draws (scripts/state-charts.ts's renderMachineChart, read back
// from its Mermaid lines), so the two cannot disagree. States are laid out in columns by their distance from
// the initial state; each box links to that state's pictures; an arrow's events show on hover.
import type { AnyStateMachine } from 'xstate'
import { renderMachineChart } from '../scripts/state-charts'

export interface ChartEdge {
  from: string
  to: string
  label: string
}

export function chartEdges(machine: AnyStateMachine): { initial: string; edges: ChartEdge[] } {
  const lines = renderMachineChart({ machine, summary: '' }).split('\n')
  const initial = lines.map((line) => /^ {2}\[\*\] --> (\S+)$/.exec(line)?.[1]).find(Boolean) ?? ''
  const edges = lines.flatMap((line) => {
    const match = /^ {2}(\S+) --> (\S+) : (.*)$/.exec(line)
    return match && match[1] !== '[*]' ? [{ from: match[1]!, to: match[2]!, label: match[3]! }] : []
  })
  return { initial, edges }
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function renderChart(machine: AnyStateMachine, states: string[], anchor: (state: string) => string): string {
  const { initial, edges } = chartEdges(machine)
  // Columns by breadth-first distance from the initial state; states it never reaches go last.
  const depth = new Map<string, number>([[initial, 0]])
  const queue = [initial]
  while (queue.length > 0) {
    const state = queue.shift()!
    for (const edge of edges.filter((e) => e.from === state && !depth.has(e.to))) {
      depth.set(edge.to, depth.get(state)! + 1)
      queue.push(edge.to)
    }
  }
  const last = Math.max(0, ...depth.values()) + 1
  const columns: string[][] = []
  for (const state of states) (columns[depth.get(state) ?? last] ??= []).push(state)
  const boxWidth = Math.max(90, ...states.map((state) => state.length * 7.2 + 20))
  const gapX = 60
  const boxHeight = 28
  const gapY = 18
  const position = new Map<string, { x: number; y: number }>()
  columns.filter(Boolean).forEach((column, c) => column.forEach((state, r) => position.set(state, { x: 10 + c * (boxWidth + gapX), y: 10 + r * (boxHeight + gapY) })))
  const width = Math.max(...[...position.values()].map((p) => p.x)) + boxWidth + 10
  const height = Math.max(...[...position.values()].map((p) => p.y)) + boxHeight + 10

  const pairs = new Map<string, ChartEdge[]>()
  for (const edge of edges) pairs.set(`${edge.from}→${edge.to}`, [...(pairs.get(`${edge.from}→${edge.to}`) ?? []), edge])
  const arrows = [...pairs.values()].map((group) => {
    const from = position.get(group[0]!.from)
    const to = position.get(group[0]!.to)
    if (!from || !to) return ''
    const title = `<title>${escape(group.map((edge) => `${edge.from} → ${edge.to}: ${edge.label}`).join('\n'))}</title>`
    const y1 = from.y + boxHeight / 2
    const y2 = to.y + boxHeight / 2
    if (group[0]!.from === group[0]!.to) {
      const x = from.x + boxWidth
      return `<path d="M${x - 20},${from.y} C${x},${from.y - 16} ${x + 16},${from.y} ${x},${y1}" class="arrow" marker-end="url(#head)">${title}</path>`
    }
    const forward = to.x > from.x
    const x1 = forward ? from.x + boxWidth : from.x + boxWidth / 2
    const x2 = forward ? to.x : to.x + boxWidth / 2
    // Arrows back (or within a column) bow below the boxes, so they do not cross the forward ones.
    const d = forward
      ? `M${x1},${y1} C${x1 + gapX / 2},${y1} ${x2 - gapX / 2},${y2} ${x2},${y2}`
      : `M${x1},${from.y + boxHeight} C${x1},${Math.max(y1, y2) + 40} ${x2},${Math.max(y1, y2) + 40} ${x2},${to.y + boxHeight}`
    return `<path d="${d}" class="arrow${forward ? '' : ' back'}" marker-end="url(#head)">${title}</path>`
  })
  const boxes = states.map((state) => {
    const p = position.get(state)!
    return `<a href="#${anchor(state)}"><rect x="${p.x}" y="${p.y}" width="${boxWidth}" height="${boxHeight}" rx="6"${state === initial ? ' class="initial"' : ''}/><text x="${p.x + boxWidth / 2}" y="${p.y + boxHeight / 2 + 4}">${escape(state)}</text></a>`
  })
  return [
    `<svg class="chart" viewBox="0 0 ${width} ${height + 40}" width="${width}" height="${height + 40}" role="img" aria-label="State chart of ${escape(machine.id)}">`,
    '<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>',
    ...arrows,
    ...boxes,
    '</svg>',
  ].join('\n')
}
