// The console's webhooks as the team uses them (issue 47's small things): the add form is blank again once the
// server took the endpoint (and keeps what was typed when it refused), the new secret has a Copy button that says
// it copied (or how to copy by hand), the delivery log turns "Waiting to be sent" into what happened without a
// press and says when it last looked, a deletion is asked about first, and every time reads `2026-11-27 15:00 UTC`.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminWebhooksMachine, adminWebhooksMessages, type ChangeDone, type WebhookChange } from '../../../machines/admin-webhooks-machine'
import { copyMessages } from '../../../machines/copy-machine'
import type { WebhookDeliveriesReply, WebhookDeliveryRow, WebhookEndpointRow } from '../../../shared/webhook-rows'
import { webhookEventTypes } from '../../../shared/webhook-rows'
import { WebhooksView, webhooksViewEffects } from '../../../src/admin/webhooks-view'

const secret = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2Vj'
const url = 'https://hooks.example.com/waitlist'
const endpoint: WebhookEndpointRow = {
  id: 1,
  url,
  events: ['person.erased'],
  enabled: true,
  off: null,
  previousSecretUntil: '2026-11-28T15:00:00.000Z',
  createdAt: '2026-11-27T15:00:00.000Z',
  createdBy: 'team@company.example',
  erasuresWaiting: 0,
}
const delivery = (status: WebhookDeliveryRow['status']): WebhookDeliveryRow => ({
  id: 31,
  webhookId: 'msg_31',
  type: 'webhook.test',
  status,
  createdAt: '2026-11-27T15:00:00.000Z',
  attempts: status === 'pending' ? 0 : 1,
  lastAttemptAt: status === 'pending' ? null : '2026-11-27T15:00:01.250Z',
  nextAttemptAt: null,
  replyStatus: status === 'pending' ? null : 200,
  replyExcerpt: status === 'pending' ? null : 'ok',
  error: null,
  body: '{}',
})

function start({ refuse = false, pages = [] as WebhookDeliveriesReply[], listed = [] as WebhookEndpointRow[], polls = Promise.resolve() } = {}) {
  const endpoints: WebhookEndpointRow[] = [...listed]
  const changes: WebhookChange[] = []
  const logReads: number[] = []
  const webhooks = createActor(
    adminWebhooksMachine.provide({
      // The poll's pace is the machine's named delay; a test swaps it for a short one rather than waiting 2 s.
      delays: { deliveryPoll: 20 },
      actors: {
        fetchEndpoints: fromPromise(async () => ({ endpoints: [...endpoints], eventTypes: webhookEventTypes })),
        applyChange: fromPromise<ChangeDone, WebhookChange>(async ({ input }) => {
          changes.push(input)
          if (refuse) throw Object.assign(new Error('Only https: addresses are accepted.'), { name: 'ServerMessage' })
          if (input.kind === 'add') {
            endpoints.push(endpoint)
            return { endpointId: 1, secret, tested: false }
          }
          if (input.kind === 'delete') endpoints.splice(0, endpoints.length, ...endpoints.filter((row) => row.id !== input.id))
          return { endpointId: 1, tested: input.kind === 'test' }
        }),
        fetchDeliveries: fromPromise(async ({ input }) => {
          logReads.push(input.id)
          // The reads after the first (the poll's) wait until the test has looked at the first page.
          if (logReads.length > 1) await polls
          return pages[Math.min(logReads.length, pages.length) - 1]!
        }),
      },
      actions: webhooksViewEffects,
    }),
  ).start()
  render(<WebhooksView webhooks={webhooks} />)
  return { webhooks, changes, logReads, endpoints, user: userEvent.setup() }
}

async function addEndpoint(user: ReturnType<typeof userEvent.setup>, address = url) {
  const form = screen.getByRole('form', { name: 'Add an endpoint' })
  await user.type(within(form).getByLabelText('Endpoint URL (https)'), address)
  await user.click(within(form).getByRole('checkbox', { name: /person\.erased/ }))
  await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))
}

it('empties the add form once the endpoint is added, so a second press adds nothing twice', async () => {
  const { changes, user } = start()
  await screen.findByText('No endpoint has been added yet.')
  await addEndpoint(user)
  await screen.findByRole('row', { name: new RegExp(url) })
  expect(changes).toEqual([{ kind: 'add', url, events: ['person.erased'] }])
  expect(screen.getByLabelText('Endpoint URL (https)')).toHaveValue('')
  expect(within(screen.getByRole('form', { name: 'Add an endpoint' })).getByRole('checkbox', { name: /person\.erased/ })).not.toBeChecked()
})

it('keeps what was typed when the server refuses it', async () => {
  const { user } = start({ refuse: true })
  await screen.findByText('No endpoint has been added yet.')
  await addEndpoint(user, 'https://hooks.example.com/refused')
  await screen.findByText('Only https: addresses are accepted.')
  expect(screen.getByLabelText('Endpoint URL (https)')).toHaveValue('https://hooks.example.com/refused')
})

it('copies the new secret with one press and says so', async () => {
  const { user } = start()
  await screen.findByText('No endpoint has been added yet.')
  await addEndpoint(user)
  await user.click(await screen.findByRole('button', { name: 'Copy the signing secret' }))
  await waitFor(() => expect(screen.getByText(copyMessages.copied)).toBeInTheDocument())
  expect(screen.getByText(copyMessages.copied)).toHaveAttribute('role', 'status')
  expect(await navigator.clipboard.readText()).toBe(secret)
})

it('says how to copy by hand when the browser refuses the clipboard', async () => {
  const { user } = start()
  await screen.findByText('No endpoint has been added yet.')
  await addEndpoint(user)
  const copy = await screen.findByRole('button', { name: 'Copy the signing secret' })
  const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'))
  await user.click(copy)
  expect(await screen.findByText(copyMessages.refused)).toHaveAttribute('role', 'status')
  refuse.mockRestore()
})

it('reads the log again while a delivery waits, stops once none does, and says when it last looked', async () => {
  const waiting = { deliveries: [delivery('pending')], older: null, lookedAt: '2026-11-27T15:00:00.500Z' }
  const delivered = { deliveries: [delivery('delivered')], older: null, lookedAt: '2026-11-27T15:01:02.000Z' }
  let letPollsAnswer = () => {}
  const polls = new Promise<void>((resolve) => (letPollsAnswer = resolve))
  const { logReads, webhooks, user } = start({ pages: [waiting, waiting, delivered], listed: [endpoint], polls })
  await user.click(await screen.findByRole('button', { name: `Delivery log: ${url}` }))
  const log = await screen.findByRole('region', { name: `Delivery log of ${url}` })
  expect(within(log).getByRole('row', { name: /webhook\.test/ })).toHaveTextContent('Waiting to be sent')
  expect(screen.getByText(/^Last looked/)).toHaveTextContent('Last looked 2026-11-27 15:00 UTC. A delivery is waiting: the log looks again every 2 seconds.')
  // No press: the machine reads the page again until the delivery is no longer waiting.
  letPollsAnswer()
  await waitFor(() => expect(within(log).getByRole('row', { name: /webhook\.test/ })).toHaveTextContent('Delivered'))
  expect(logReads).toEqual([1, 1, 1])
  expect(screen.getByText(/^Last looked/)).toHaveTextContent(/^Last looked 2026-11-27 15:01 UTC\.$/)
  expect(within(log).getByRole('row', { name: /webhook\.test/ })).toHaveTextContent('2026-11-27 15:00 UTC')
  // Nothing waits now: the machine rests in ready, with no read to come.
  expect(webhooks.getSnapshot().value).toBe('ready')
  expect(webhooks.getSnapshot().can({ type: 'RELOAD_LOG' })).toBe(true)
})

it('asks before deleting an endpoint, with the keyboard on the question and back on Delete when kept, and deletes only once confirmed', async () => {
  const { changes, user } = start({ listed: [endpoint] })
  await user.click(await screen.findByRole('button', { name: `Delete: ${url}` }))
  const question = screen.getByRole('alertdialog', { name: /^Delete the endpoint https:\/\/hooks\.example\.com\/waitlist\?/ })
  expect(question).toHaveFocus()
  expect(question).toHaveTextContent('the deliveries still waiting for it are dropped, and its delivery log is deleted. This cannot be undone.')
  await user.click(within(question).getByRole('button', { name: 'Keep it' }))
  expect(screen.queryByRole('alertdialog')).toBeNull()
  // Kept, the keyboard is back on the button that asked; Escape keeps it too, as it closes a dialog.
  expect(screen.getByRole('button', { name: `Delete: ${url}` })).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(screen.getByRole('alertdialog')).toHaveFocus()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('alertdialog')).toBeNull()
  expect(screen.getByRole('button', { name: `Delete: ${url}` })).toHaveFocus()
  expect(changes).toEqual([])
  await user.keyboard('{Enter}')
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete the endpoint' }))
  await waitFor(() => expect(changes).toEqual([{ kind: 'delete', id: endpoint.id }]))
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  // The row is gone, so the keyboard goes to the words that say what happened, not to the page's top.
  const said = await screen.findByText(adminWebhooksMessages.deleted(url))
  expect(said).toHaveAttribute('role', 'status')
  await waitFor(() => expect(said.parentElement).toHaveFocus())
  expect(screen.getByText('No endpoint has been added yet.')).toBeInTheDocument()
})

it('says, before a deletion, how many erasures still wait for the endpoint and would never reach it', async () => {
  const { user } = start({ listed: [{ ...endpoint, enabled: false, erasuresWaiting: 2 }] })
  await user.click(await screen.findByRole('button', { name: `Delete: ${url}` }))
  expect(screen.getByRole('alertdialog')).toHaveTextContent(
    `Delete the endpoint ${url}? 2 erasures still wait to reach it and would never arrive: the system it feeds would keep those people. It gets no more events`,
  )
})

it('writes every time the one console way', async () => {
  start({ listed: [endpoint] })
  expect(await screen.findByText(/The old secret signs too until/)).toHaveTextContent('The old secret signs too until 2026-11-28 15:00 UTC.')
})
