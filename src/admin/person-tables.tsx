// A person's lists (issue 47): the friends who came through their link, their invitations, the emails sent to them
// and the webhook deliveries that named them, each a table under its heading, or a sentence when there is none.
import type { PersonRecord } from '../../shared/person-record'
import { consoleTime, consoleTimeOr } from './console-time'
import { TitledListTable } from './list-table'
import { personHref } from './person-facts'
import { deliveryStatusWords, emailStatusWords, outcomeWords } from './person-words'

const noneOr = (rows: readonly unknown[], none: string) => (rows.length === 0 ? none : null)

export function PersonTables({ person }: { person: PersonRecord }) {
  const { line, invitations, emails, deliveries } = person
  return (
    <>
      <TitledListTable id="person-referred" heading="Whom they referred" instead={noneOr(line.referred, 'Nobody has signed up through their link.')} columns={['Email', 'Their referral', 'Decided']}>
        {line.referred.map((friend) => (
          <tr key={friend.id}>
            <td><a href={personHref(friend.id)}>{friend.email}</a></td>
            <td>{friend.outcome === null ? 'Not confirmed yet' : outcomeWords[friend.outcome]}</td>
            <td>{consoleTimeOr(friend.decidedAt, '—')}</td>
          </tr>
        ))}
      </TitledListTable>
      <TitledListTable id="person-invitations" heading="Invitations" instead={noneOr(invitations, 'Not invited yet.')} columns={['Wave', 'Invited', 'Delivered', 'Reminded', 'Claimed', 'Expired']}>
        {invitations.map((invitation) => (
          <tr key={`${invitation.waveId}-${invitation.invitedAt}`}>
            <td>#{invitation.waveId}</td>
            <td>{consoleTime(invitation.invitedAt)}</td>
            <td>{consoleTimeOr(invitation.deliveredAt, '—')}</td>
            <td>{consoleTimeOr(invitation.remindedAt, '—')}</td>
            <td>{consoleTimeOr(invitation.claimedAt, '—')}</td>
            <td>{consoleTimeOr(invitation.expiredAt, invitation.claimedAt === null ? `Ends ${consoleTime(invitation.expiresAt)}` : '—')}</td>
          </tr>
        ))}
      </TitledListTable>
      <TitledListTable id="person-emails" heading="Emails sent" instead={noneOr(emails, 'No email has been sent to them.')} columns={['Kind', 'Status', 'Queued', 'Ended']}>
        {emails.map((email, index) => (
          <tr key={index}>
            <td>{email.kind}</td>
            <td>{emailStatusWords[email.status]}</td>
            <td>{consoleTime(email.queuedAt)}</td>
            <td>{consoleTimeOr(email.finishedAt, '—')}</td>
          </tr>
        ))}
      </TitledListTable>
      <TitledListTable id="person-deliveries" heading="Webhook deliveries" instead={noneOr(deliveries, 'No webhook delivery has named them.')} columns={['Endpoint', 'Event', 'Status', 'Created', 'Ended']}>
        {deliveries.map((delivery, index) => (
          <tr key={index}>
            <td>{delivery.endpointUrl}</td>
            <td>{delivery.event}</td>
            <td>{deliveryStatusWords[delivery.status]}</td>
            <td>{consoleTime(delivery.createdAt)}</td>
            <td>{consoleTimeOr(delivery.finishedAt, '—')}</td>
          </tr>
        ))}
      </TitledListTable>
    </>
  )
}
