// What is being sent (issue 47): the outbox's health, the last wave of invitations, the daily pace, and who waits.
import { figure, counted } from '../../shared/figures'
import type { AdminSummary } from '../../machines/admin-summary-machine'
import { OutboxHealth } from './outbox-health'

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

export function OverviewSends({ outbox, waves }: Pick<AdminSummary, 'outbox' | 'waves'>) {
  const last = waves?.waves[0]
  return (
    <>
      <OutboxHealth outbox={outbox} />
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
