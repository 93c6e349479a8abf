// Webhooks (issue 33): the endpoints the team added, each with its events, whether it is on (and why not), and its
// buttons; a new secret, shown once; the add form (webhooks-form.tsx) and one endpoint's delivery log
// (webhooks-log.tsx); the question before a deletion. Which part shows and whether a button works are the webhooks
// machine's answers (state.can).
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { adminWebhooksMachine, AdminWebhooksSnapshot, DirectChange } from '../../machines/admin-webhooks-machine'
import type { WebhookEndpointRow } from '../../shared/webhook-rows'
import { Row, Status, TableScroll } from './admin-styles'
import { Button } from './button'
import { AskFirst } from './ask-first'
import { CopyButton } from './copy-button'
import { EventsForm, WebhookAddForm } from './webhooks-form'
import { WebhooksLog } from './webhooks-log'
import { consoleTime } from './console-time'
import { focusSoon, Outcome } from './outcome'

export type Webhooks = ActorRefFrom<typeof adminWebhooksMachine>
export type WebhooksPart = { webhooks: Webhooks; state: AdminWebhooksSnapshot }

const outcomeId = 'webhooks-outcome'
/** The browser side of the webhooks machine's focus action (areas/integrations-area.tsx provides it). */
export const webhooksViewEffects = { focusOutcome: () => focusSoon(outcomeId) }

export function WebhooksView({ webhooks }: { webhooks: Webhooks }) {
  const state = useSelector(webhooks, (snapshot) => snapshot)
  const { list, secret, error, message } = state.context
  return (
    <section aria-labelledby="webhooks-heading" aria-busy={state.hasTag('busy')}>
      <h2 id="webhooks-heading">Webhooks</h2>
      <p>Other systems hear what happens on the list: each endpoint gets the events it asked for, signed with its own secret.</p>
      <Outcome id={outcomeId} message={message} error={error} />
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">The webhooks could not be loaded.</Status>
          <Button type="button" onClick={() => webhooks.send({ type: 'RELOAD' })}>Try again</Button>
        </>
      )}
      {state.matches('confirmingDelete') && state.context.deleting && <DeleteQuestion webhooks={webhooks} state={state} asked={state.context.deleting} />}
      {secret && (
        <div role="status">
          <p>
            The signing secret of endpoint #{secret.endpointId}, shown this once. Copy it into the receiver now: <code>{secret.secret}</code>
          </p>
          <CopyButton text={secret.secret} label="Copy the signing secret" />
          <Button type="button" $tone="plain" onClick={() => webhooks.send({ type: 'DISMISS_SECRET' })}>I have copied it</Button>
        </div>
      )}
      {!list ? (
        !state.matches('failed') && <p>Loading the webhooks…</p>
      ) : list.endpoints.length === 0 ? (
        <p>No endpoint has been added yet.</p>
      ) : (
        <TableScroll tabIndex={0} role="region" aria-labelledby="webhooks-endpoints">
          <table>
            <caption id="webhooks-endpoints">Endpoints</caption>
            <thead>
              <tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Actions</th></tr>
            </thead>
            <tbody>{list.endpoints.map((endpoint) => <EndpointRow key={endpoint.id} endpoint={endpoint} webhooks={webhooks} state={state} />)}</tbody>
          </table>
        </TableScroll>
      )}
      {/* A new blank form after each add the server took (the machine counts them), so a second press adds nothing. */}
      <WebhookAddForm key={state.context.addForm} webhooks={webhooks} state={state} />
      <WebhooksLog webhooks={webhooks} state={state} />
    </section>
  )
}

function EndpointRow({ endpoint, webhooks, state }: WebhooksPart & { endpoint: WebhookEndpointRow }) {
  const change = (kind: 'on' | 'off' | 'rotate' | 'test') => ({ type: 'CHANGE', change: { kind, id: endpoint.id } satisfies DirectChange }) as const
  const button = (event: Parameters<Webhooks['send']>[0], words: string, tone?: 'danger' | 'plain') => (
    <Button type="button" $tone={tone} disabled={!state.can(event)} aria-label={`${words}: ${endpoint.url}`} onClick={() => webhooks.send(event)}>
      {words}
    </Button>
  )
  const openLog = { type: 'OPEN_LOG', id: endpoint.id } as const
  const remove = { type: 'DELETE', id: endpoint.id, url: endpoint.url } as const
  return (
    <tr>
      <th scope="row">{endpoint.url}</th>
      <td>
        {endpoint.events.join(', ')}
        <EventsForm endpoint={endpoint} webhooks={webhooks} state={state} />
      </td>
      <td>
        {endpoint.enabled ? 'On' : 'Off'}
        {endpoint.off && <p>{endpoint.off.note}</p>}
        {endpoint.previousSecretUntil && <p>The old secret signs too until {consoleTime(endpoint.previousSecretUntil)}.</p>}
      </td>
      <td>
        {button(change('test'), 'Send a test')} {button(openLog, 'Delivery log', 'plain')}{' '}
        {endpoint.enabled ? button(change('off'), 'Turn off', 'plain') : button(change('on'), 'Turn on', 'plain')} {button(change('rotate'), 'Rotate secret', 'plain')}{' '}
        {button(remove, 'Delete', 'danger')}
      </td>
    </tr>
  )
}

/** What a deletion would drop that matters most: erasures that would never reach the copy the endpoint feeds. */
function erasuresLostWords(waiting: number): string {
  if (waiting === 0) return ''
  return waiting === 1
    ? 'An erasure still waits to reach it and would never arrive: the system it feeds would keep that person.'
    : `${waiting} erasures still wait to reach it and would never arrive: the system it feeds would keep those people.`
}

function DeleteQuestion({ webhooks, state, asked }: WebhooksPart & { asked: { id: number; url: string } }) {
  const waiting = state.context.list?.endpoints.find((endpoint) => endpoint.id === asked.id)?.erasuresWaiting ?? 0
  return (
    <AskFirst labelledBy="webhook-delete-question" onKeep={() => webhooks.send({ type: 'CANCEL' })}>
      <p id="webhook-delete-question">
        Delete the endpoint {asked.url}? {erasuresLostWords(waiting)} It gets no more events, the deliveries still waiting for it are dropped, and its
        delivery log is deleted. This cannot be undone.
      </p>
      <Row>
        <Button type="button" $tone="danger" disabled={!state.can({ type: 'CONFIRM' })} onClick={() => webhooks.send({ type: 'CONFIRM' })}>
          Delete the endpoint
        </Button>
        <Button type="button" $tone="plain" disabled={!state.can({ type: 'CANCEL' })} onClick={() => webhooks.send({ type: 'CANCEL' })}>
          Keep it
        </Button>
      </Row>
    </AskFirst>
  )
}
