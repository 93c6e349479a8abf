// @vitest-environment node
// The summary machine given the Overview's figures at the start (src/admin/main.tsx, when their early answer is in
// before the console's script runs): it shows them at once and asks only for the parts; a RELOAD asks for both.
import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { adminSummaryMachine, type AdminSummary, type OverviewParts } from '../../machines/admin-summary-machine'
import type { ConsoleSummary } from '../../shared/console-api'
import { samples } from '../../tools/admin-models'

const sample = samples.summary as AdminSummary
const given: ConsoleSummary = { ...sample, totals: { ...sample.totals, all: 41 } }

function started(input: { figures?: ConsoleSummary }) {
  const asked: string[] = []
  const machine = adminSummaryMachine.provide({
    actors: {
      fetchSummary: fromPromise<ConsoleSummary>(async () => (asked.push('fetchSummary'), sample)),
      fetchParts: fromPromise<OverviewParts>(async () => (asked.push('fetchParts'), { setup: sample.setup, funnel: sample.funnel, waves: sample.waves })),
    },
  })
  return { actor: createActor(machine, { input }).start(), asked }
}

describe('the summary machine given the figures', () => {
  it('shows the given figures at once and asks only for the parts', async () => {
    const { actor, asked } = started({ figures: given })
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.summary?.totals.all).toBe(41)
    await waitFor(actor, (snapshot) => snapshot.context.parts !== null)
    expect(asked).toEqual(['fetchParts'])
    actor.stop()
  })

  it('asks for the figures again on RELOAD, never showing the given ones as new', async () => {
    const { actor, asked } = started({ figures: given })
    await waitFor(actor, (snapshot) => snapshot.context.parts !== null)
    actor.send({ type: 'RELOAD' })
    expect(actor.getSnapshot().value).toBe('loading')
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(actor.getSnapshot().context.summary?.totals.all).toBe(sample.totals.all)
    expect(asked.filter((name) => name === 'fetchSummary')).toEqual(['fetchSummary'])
    actor.stop()
  })

  it('without figures, asks for both, as it always did', async () => {
    const { actor, asked } = started({})
    expect(actor.getSnapshot().value).toBe('loading')
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.parts !== null)
    expect([...asked].sort()).toEqual(['fetchParts', 'fetchSummary'])
    actor.stop()
  })
})
