// The Overview (issue 47), what a launch team checks each morning: the totals, each with its definition, and the
// trend; the funnel from visit to activation; what is being sent; the setup checklist; and the 90-day chart. The
// summary machine's states as the team sees them; a part the server could not give says so in its place.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { adminMailDomainMachine } from '../../machines/admin-mail-domain-machine'
import type { adminSummaryMachine } from '../../machines/admin-summary-machine'
import { Status } from './admin-styles'
import { Button } from './button'
import { MailDomainCheck } from './mail-domain-check'
import { FunnelTable, SourcesTable } from './overview-funnel'
import { signupsIn } from './overview-figures'
import { OverviewSends } from './overview-sends'
import { OverviewTotals } from './overview-totals'
import { SetupChecklist } from './setup-checklist'
import { SignupsChart } from './signups-chart'

/** `mailDomain`: the check of MAIL_FROM's domain, under the setup checklist (the Overview's area gives it). */
export function SummaryView({ summary, mailDomain, today = new Date() }: { summary: ActorRefFrom<typeof adminSummaryMachine>; mailDomain?: ActorRefFrom<typeof adminMailDomainMachine>; today?: Date }) {
  const state = useSelector(summary, (snapshot) => snapshot)
  const { summary: data, parts } = state.context
  if (state.matches('failed'))
    return (
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading">Totals</h2>
        <Status role="alert" $tone="error">The figures could not be loaded.</Status>
        <Button type="button" onClick={() => summary.send({ type: 'RELOAD' })}>Try again</Button>
      </section>
    )
  if (!data) return <p role="status">Loading the figures…</p>
  const reload = () => summary.send({ type: 'RELOAD' })
  // The parts come beside the figures, often a moment after them: each section says so until they are in.
  const coming = <p role="status">Loading…</p>
  return (
    <>
      <section aria-labelledby="totals-heading" aria-busy={state.hasTag('busy')}>
        <h2 id="totals-heading">Totals</h2>
        <OverviewTotals totals={data.totals} perDay={data.perDay} today={today} />
      </section>
      <section aria-labelledby="funnel-heading" aria-busy={!parts}>
        <h2 id="funnel-heading">Funnel</h2>
        {!parts ? (
          coming
        ) : parts.funnel ? (
          <>
            <FunnelTable funnel={parts.funnel} signups={signupsIn(data.perDay, today, parts.funnel.days)} />
            <SourcesTable funnel={parts.funnel} />
          </>
        ) : (
          <p>The funnel could not be read.</p>
        )}
      </section>
      <section aria-labelledby="sends-heading" aria-busy={!parts}>
        <h2 id="sends-heading">Sending now</h2>
        <OverviewSends outbox={data.outbox} parts={parts} />
      </section>
      <section aria-labelledby="setup-heading" aria-busy={!parts}>
        <h2 id="setup-heading">Setup</h2>
        {parts ? <SetupChecklist setup={parts.setup} onSaved={reload} /> : coming}
        {mailDomain && <MailDomainCheck check={mailDomain} />}
      </section>
      <SignupsChart perDay={data.perDay} referrals={data.referrals} />
    </>
  )
}
