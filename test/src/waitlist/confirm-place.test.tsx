// The confirmation page says where the person stands in line: a confirmation that worked and whose reply
// carries `place` and `inLine` adds "You're number 42 of 1,234 in line." after the message, in the same
// status line, so a screen reader hears the two together. Nothing more for another action, a refusal, or an
// older server's reply without a place. The server is answered at the network layer (msw), as the other
// panel tests do.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { messages } from '../../../shared/messages'
import { placeInLine, tokenPages, type TokenAction } from '../../../src/content/consent-pages'
import { TokenActionPanel } from '../../../src/waitlist/token-action-panel'
import { samples } from '../../utils/consent-models'
import { holdRequests } from '../../utils/held-requests'

const ENDPOINT = 'http://waitlist.test/api/waitlist'
const { requests, answer } = holdRequests(`${ENDPOINT}/*`)
const PLACE_LINE = "You're number 42 of 1,234 in line."

/** Opens the page for `action` with a token in its link, presses its button and gives the server's reply. */
async function pressAndAnswer(action: TokenAction, reply: Response) {
  const user = userEvent.setup()
  render(<TokenActionPanel action={action} endpoint={ENDPOINT} readToken={() => samples.token} renderNext={(outcome) => <a href="/">next: {outcome}</a>} />)
  await user.click(screen.getByRole('button', { name: tokenPages[action].button }))
  await answer(reply)
  await waitFor(() => expect(screen.queryByRole('button', { name: tokenPages[action].button })).toBeNull())
  return screen.getByRole('status')
}

describe('the place in line on the confirmation page', () => {
  it('is written with thousands separators', () => {
    expect(placeInLine(42, 1234)).toBe(PLACE_LINE)
    expect(placeInLine(1_234_567, 2_000_000)).toBe("You're number 1,234,567 of 2,000,000 in line.")
  })

  it('follows the message of a confirmation that worked, in the same status line', async () => {
    const status = await pressAndAnswer('confirm', HttpResponse.json({ ok: true, message: messages.confirmed, place: 42, inLine: 1234 }))
    expect(requests.map((request) => request.url)).toEqual([`${ENDPOINT}/confirm`])
    expect(status).toHaveTextContent(`${messages.confirmed} ${PLACE_LINE}`, { normalizeWhitespace: false })
    expect(status).toHaveAttribute('aria-live', 'polite')
    expect(screen.getAllByText(/in line\./)).toEqual([status]) // said once, inside the status line
    expect(screen.getByRole('link', { name: 'next: done' })).toBeInTheDocument()
  })

  it('is left out when the reply has no place (an older server)', async () => {
    const status = await pressAndAnswer('confirm', HttpResponse.json({ ok: true, message: messages.confirmed }))
    expect(status).toHaveTextContent(messages.confirmed)
    expect(status).not.toHaveTextContent(/in line/)
  })

  it.each([
    ['a place of 0', { place: 0, inLine: 10 }],
    ['a place past the end of the line', { place: 11, inLine: 10 }],
    ['numbers as text', { place: '42', inLine: '1234' }],
    ['a fraction', { place: 4.2, inLine: 1234 }],
    ['no count of the line', { place: 42 }],
  ])('is left out when the reply has %s', async (_case, facts) => {
    const status = await pressAndAnswer('confirm', HttpResponse.json({ ok: true, message: messages.confirmed, ...facts }))
    expect(status).toHaveTextContent(messages.confirmed)
    expect(status).not.toHaveTextContent(/in line/)
  })

  it('is left out of a refused confirmation', async () => {
    const status = await pressAndAnswer('confirm', HttpResponse.json({ ok: false, message: messages.confirmLinkInvalid, place: 42, inLine: 1234 }))
    expect(status).toHaveTextContent(messages.confirmLinkInvalid)
    expect(status).not.toHaveTextContent(/number 42/)
  })

  it('is not shown for unsubscribing, whatever the reply carries', async () => {
    const status = await pressAndAnswer('unsubscribe', HttpResponse.json({ ok: true, message: messages.unsubscribed, place: 42, inLine: 1234 }))
    expect(requests.map((request) => request.url)).toEqual([`${ENDPOINT}/unsubscribe`])
    expect(status).toHaveTextContent(messages.unsubscribed)
    expect(status).not.toHaveTextContent(/number 42/)
    expect(screen.queryByText(/in line\./)).toBeNull()
  })
})
