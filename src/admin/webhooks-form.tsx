// Adding an endpoint (its URL and the events it wants), and changing an endpoint's events. The fields are the form's
// own until it is sent: the machine hears one CHANGE with what was chosen, and the server checks it (https only,
// no private address, at least one event), answering with words the view shows.
import type { FormEvent } from 'react'
import { webhookEventTypes, webhookEventWords, type WebhookEndpointRow } from '../../shared/webhook-rows'
import { Field } from './admin-styles'
import { Button } from './button'
import type { WebhooksPart } from './webhooks-view'

const chosenEvents = (form: HTMLFormElement) => new FormData(form).getAll('events').map(String)

function EventBoxes({ idPrefix, checked }: { idPrefix: string; checked: readonly string[] }) {
  return (
    <fieldset>
      <legend>Events it wants</legend>
      {webhookEventTypes.map((type) => (
        <div key={type}>
          <input type="checkbox" id={`${idPrefix}-${type}`} name="events" value={type} defaultChecked={checked.includes(type)} />{' '}
          <label htmlFor={`${idPrefix}-${type}`}>
            <code>{type}</code>: {webhookEventWords[type]}
          </label>
        </div>
      ))}
    </fieldset>
  )
}

export function WebhookAddForm({ webhooks, state }: WebhooksPart) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const url = String(new FormData(form).get('url') ?? '')
    webhooks.send({ type: 'CHANGE', change: { kind: 'add', url, events: chosenEvents(form) } })
  }
  const canAdd = state.can({ type: 'CHANGE', change: { kind: 'add', url: '', events: [] } })
  return (
    <form onSubmit={submit} aria-labelledby="webhooks-add">
      <h3 id="webhooks-add">Add an endpoint</h3>
      <Field>
        <label htmlFor="webhook-url">Endpoint URL (https)</label>
        <input id="webhook-url" name="url" type="url" required placeholder="https://hooks.example.com/waitlist" />
      </Field>
      <EventBoxes idPrefix="webhook-add" checked={[]} />
      <p>
        <Button type="submit" disabled={!canAdd}>Add endpoint</Button>
      </p>
    </form>
  )
}

export function EventsForm({ endpoint, webhooks, state }: WebhooksPart & { endpoint: WebhookEndpointRow }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    webhooks.send({ type: 'CHANGE', change: { kind: 'edit', id: endpoint.id, url: endpoint.url, events: chosenEvents(event.currentTarget) } })
  }
  const canEdit = state.can({ type: 'CHANGE', change: { kind: 'edit', id: endpoint.id, url: endpoint.url, events: [] } })
  return (
    <details>
      <summary>Change the events</summary>
      <form onSubmit={submit}>
        <EventBoxes idPrefix={`webhook-${endpoint.id}`} checked={endpoint.events} />
        <Button type="submit" $tone="plain" disabled={!canEdit}>Save the events</Button>
      </form>
    </details>
  )
}
