// What is being sent (issue 47): the outbox's health, the last wave of invitations, the daily pace, and who waits.
import { figure, counted } from '../../shared/figures'
import { ratesLine } from '../../shared/update-rows'
import type { AdminSummary, OverviewParts } from '../../machines/admin-summary-machine'
import { OutboxHealth } from './outbox-health'

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

/** `parts`: null until the Overview's parts are in; the outbox, from the figures, shows before them. */
export function OverviewSends({ outbox, parts }: Pick<AdminSummary, 'outbox'> & { parts: OverviewParts | null }) {
  if (!parts)
    return (
      <>
        <OutboxHealth outbox={outbox} />
        <p role="status">Loading…</p>
      </>
    )
  const { waves, sendRates } = parts
  const last = waves?.waves[0]
  return (
    <>
      <OutboxHealth outbox={outbox} />
      {sendRates === null && <p>The updates’ bounce and complaint rates could not be read.</p>}
      {sendRates && <p>Updates: {ratesLine(sendRates.emails, sendRates.hardBounces, sendRates.complaints, sendRates.guard)}</p>}
      {!waves ? (
        <p>The invitations could not be read.</p>
      ) : (
        <ul>
          <li>
            {last
              ? `Last wave: #${last.id}, started ${when(last.startedAt)}, ${counted(last.funnel.invited, 'person', 'people')} invited, ${figure(last.funnel.claimed)} claimed.`
              : 'No wave of invitations yet.'}
          </li>
          <li>{waves.pace ? `Daily pace: ${counted(waves.pace.perDay, 'person', 'people')} a day at ${waves.pace.atUtc} UTC.` : 'No daily pace is set.'}</li>
          <li>
            {counted(waves.waiting, 'confirmed person waits', 'confirmed people wait')} for an invitation.
            {!waves.ready && ' Waves are refused until the invitation link is set (see Setup).'}
          </li>
        </ul>
      )}
    </>
  )
}
