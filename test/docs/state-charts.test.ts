// @vitest-environment node
import { readFile } from 'node:fs/promises'
import { createMachine } from 'xstate'
import { chartSources } from '../../scripts/chart-sources'
import { renderMachineChart, renderStateChartsDocument } from '../../scripts/state-charts'

describe('docs/state-charts.md', () => {
  it('is what the machines produce now (run `npm run charts` after changing a machine)', async () => {
    const committed = await readFile('docs/state-charts.md', 'utf8')
    expect(committed).toBe(renderStateChartsDocument(chartSources))
  })

  it('describes every state of every machine for designers', () => {
    for (const { machine } of chartSources) {
      const chart = renderMachineChart({ machine, summary: '' })
      expect(chart, machine.id).not.toContain('(no description)')
    }
  })

  it('draws eventless (always) transitions as taken at once', () => {
    const machine = createMachine({
      id: 'sample',
      initial: 'start',
      states: {
        start: { description: 'Decides.', always: [{ guard: 'isReady', target: 'b' }, { target: 'c' }] },
        b: { description: 'Ready.' },
        c: { description: 'Not ready.' },
      },
    })
    const chart = renderMachineChart({ machine, summary: 'A sample.' })
    expect(chart).toContain('start --> b : at once [isReady]')
    expect(chart).toContain('start --> c : at once')
  })

  it('draws states, guarded events and labelled delays', () => {
    const machine = createMachine({
      id: 'sample',
      initial: 'a',
      states: {
        a: { description: 'Waiting.', on: { GO: { target: 'b', guard: 'isReady' } } },
        b: { description: 'Done.', after: { 2000: 'a' } },
      },
    })
    const chart = renderMachineChart({ machine, summary: 'A sample.' })
    expect(chart).toContain('[*] --> a')
    expect(chart).toContain('a --> b : GO [isReady]')
    expect(chart).toMatch(/b --> a : after 2000/)
    expect(chart).toContain('| `a` | Waiting. |')
  })
})
