// One endpoint's delivery log, newest first, a page at a time: each delivery's event, status, attempts, last and
// next attempt, the receiver's reply, and the body while it is kept (7 days). While one waits to be sent, the machine
// reads the page again every few seconds; the line above the table says when it last looked.
import { deliveryPollMs, hasWaitingDelivery } from '../../machines/admin-webhooks-machine'
import { deliveryStatuses, type DeliveryStatus } from '../../shared/webhook-rows'
import { Pager, TableScroll } from './admin-styles'
import { Button } from './button'
import type { WebhooksPart } from './webhooks-view'
import { consoleTime } from './console-time'

const statusWords: Record<DeliveryStatus, string> = { pending: 'Waiting to be sent', delivered: 'Delivered', failed: 'Given up', cancelled: 'Cancelled (erased)' }
const time = (iso: string | null) => (iso === null ? '' : consoleTime(iso))

export function WebhooksLog({ webhooks, state }: WebhooksPart) {
  const { log, list } = state.context
  if (!log) return null
  const endpoint = list?.endpoints.find((row) => row.id === log.endpointId)
  return (
    <>
      <h3 id="webhooks-log">Delivery log of {endpoint?.url ?? `endpoint #${log.endpointId}`}</h3>
      <Pager>
        <Button type="button" $tone="plain" aria-disabled={!state.can({ type: 'RELOAD_LOG' })} onClick={() => webhooks.send({ type: 'RELOAD_LOG' })}>Refresh the log</Button>
        <Button type="button" $tone="plain" aria-disabled={!state.can({ type: 'OLDER_LOG' })} onClick={() => webhooks.send({ type: 'OLDER_LOG' })}>Older deliveries</Button>
        <Button type="button" $tone="plain" onClick={() => webhooks.send({ type: 'CLOSE_LOG' })}>Close the log</Button>
      </Pager>
      <p>
        Last looked {consoleTime(log.page.lookedAt)}.
        {hasWaitingDelivery(log.page) && ` A delivery is waiting: the log looks again every ${deliveryPollMs / 1000} seconds.`}
      </p>
      {log.page.deliveries.length === 0 ? (
        <p>Nothing has been sent to it yet.</p>
      ) : (
        <TableScroll tabIndex={0} role="region" aria-labelledby="webhooks-log">
          <table>
            <caption className="visually-hidden">Each delivery, newest first</caption>
            <thead>
              <tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last tried</th><th scope="col">Reply</th><th scope="col">Body</th></tr>
            </thead>
            <tbody>
              {log.page.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <th scope="row"><code>{delivery.type}</code></th>
                  <td>{deliveryStatuses.includes(delivery.status) && statusWords[delivery.status]}{delivery.nextAttemptAt && ` (next ${time(delivery.nextAttemptAt)})`}</td>
                  <td>{delivery.attempts}</td>
                  <td>{time(delivery.lastAttemptAt)}</td>
                  <td>{delivery.replyStatus ?? ''} {delivery.error ?? delivery.replyExcerpt ?? ''}</td>
                  <td>{delivery.body === null ? 'Not kept' : <code>{delivery.body}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  )
}
