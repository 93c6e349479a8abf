// Totals, the outbox, the 90-day chart (with referrals) and signups by source: the summary machine's states as the team sees them.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { adminSummaryMachine } from '../../machines/admin-summary-machine'
import { figure as count } from '../../shared/figures'
import { Button, Cards, Status } from './admin-styles'
import { OutboxHealth } from './outbox-health'
import { SignupsChart } from './signups-chart'


export function SummaryView({ summary }: { summary: ActorRefFrom<typeof adminSummaryMachine> }) {
  const state = useSelector(summary, (snapshot) => snapshot)
  const data = state.context.summary
  if (state.matches('failed'))
    return (
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading">Totals</h2>
        <Status role="alert" $tone="error">The figures could not be loaded.</Status>
        <Button type="button" onClick={() => summary.send({ type: 'RELOAD' })}>Try again</Button>
      </section>
    )
  if (!data) return <p role="status">Loading the figures…</p>
  const { totals } = data
  return (
    <>
      <section aria-labelledby="totals-heading" aria-busy={state.hasTag('busy')}>
        <h2 id="totals-heading">Totals</h2>
        <Cards>
          <div><dt>All signups</dt><dd>{count(totals.all)}</dd></div>
          <div><dt>Pending</dt><dd>{count(totals.pending)}</dd></div>
          <div><dt>Confirmed</dt><dd>{count(totals.confirmed)}</dd></div>
          {/* The launch's statuses (issue 22): shown once anyone has been invited. */}
          {totals.invited + totals.claimed + totals.expired > 0 && (
            <>
              <div><dt>Invited</dt><dd>{count(totals.invited)}</dd></div>
              <div><dt>Claimed</dt><dd>{count(totals.claimed)}</dd></div>
              <div><dt>Invitation expired</dt><dd>{count(totals.expired)}</dd></div>
            </>
          )}
          <div><dt>Unsubscribed</dt><dd>{count(totals.unsubscribed)}</dd></div>
        </Cards>
        <OutboxHealth outbox={data.outbox} />
      </section>
      <SignupsChart perDay={data.perDay} referrals={data.referrals} />
      <section aria-labelledby="sources-heading">
        <h2 id="sources-heading">Signups by source page</h2>
        {data.bySource.length === 0 ? (
          <p>No signups yet.</p>
        ) : (
          <table>
            <thead><tr><th scope="col">Source</th><th scope="col">Signups</th></tr></thead>
            <tbody>{data.bySource.map((row) => <tr key={row.source}><td>{row.source}</td><td>{count(row.count)}</td></tr>)}</tbody>
          </table>
        )}
      </section>
    </>
  )
}
