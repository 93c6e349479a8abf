// The console's front page says how the outbox stands in words (issue 20): the sentence for every count and
// age, and the summary view showing it from the summary's figures.
import { render, screen } from '@testing-library/react'
import { createActor, fromPromise } from 'xstate'
import { adminSummaryMachine, type AdminSummary } from '../../../machines/admin-summary-machine'
import type { ConsoleSummary } from '../../../shared/console-api'
import { outboxHealth } from '../../../src/admin/outbox-health'
import { SummaryView } from '../../../src/admin/summary-view'
import { samples } from '../../../tools/admin-models'

describe('the outbox in words', () => {
  it.each([
    [{ waiting: 0, oldestSeconds: null }, 'No emails waiting'],
    [{ waiting: 1, oldestSeconds: 0 }, '1 email waiting, for 0 s'],
    [{ waiting: 1, oldestSeconds: 59.9 }, '1 email waiting, for 59 s'],
    [{ waiting: 3, oldestSeconds: 4 }, '3 emails waiting, oldest 4 s'],
    [{ waiting: 3, oldestSeconds: 60 }, '3 emails waiting, oldest 1 min'],
    [{ waiting: 12, oldestSeconds: 3599 }, '12 emails waiting, oldest 59 min'],
    [{ waiting: 2, oldestSeconds: 3600 }, '2 emails waiting, oldest 1 h'],
    [{ waiting: 2, oldestSeconds: 47 * 3600 + 3599 }, '2 emails waiting, oldest 47 h'],
    [{ waiting: 2, oldestSeconds: 3 * 86_400 }, '2 emails waiting, oldest 3 days'],
    [{ waiting: 1200, oldestSeconds: 9 }, '1,200 emails waiting, oldest 9 s'],
  ])('%o reads "%s"', (outbox, words) => {
    expect(outboxHealth(outbox)).toBe(words)
  })
})

it('the summary view shows it beside the totals', async () => {
  const summary: AdminSummary = { ...(samples.summary as AdminSummary), outbox: { waiting: 3, oldestSeconds: 4 } }
  const actor = createActor(adminSummaryMachine.provide({ actors: { fetchSummary: fromPromise<ConsoleSummary>(async () => summary) } }), { input: {} }).start()
  render(<SummaryView summary={actor} />)
  expect(await screen.findByText('3 emails waiting, oldest 4 s')).toBeInTheDocument()
  expect(screen.getByText(/^Outbox:/)).toBeInTheDocument()
  actor.stop()
})
