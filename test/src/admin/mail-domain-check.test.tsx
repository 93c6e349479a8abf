// The check of MAIL_FROM's domain on the Overview (issue 49), as a member uses it: nothing is asked until the button is
// pressed; then each record shows, in place or to do, with the record to add in a code element and a Copy button; a refusal shows in
// the server's words.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminMailDomainMachine } from '../../../machines/admin-mail-domain-machine'
import type { MailDomainReply } from '../../../shared/mail-domain'
import { MailDomainCheck } from '../../../src/admin/mail-domain-check'

const reply: MailDomainReply = {
  domain: 'stride.example',
  checks: [
    { record: 'SPF', host: 'stride.example', found: 'v=spf1 -all', ok: true, says: 'SPF is set at stride.example.', add: null },
    { record: 'DMARC', host: '_dmarc.stride.example', found: null, ok: false, says: 'No DMARC record at _dmarc.stride.example.', add: '_dmarc.stride.example TXT "v=DMARC1; p=none"' },
  ],
}

it('asks nothing until pressed, then shows each record and the one to add', async () => {
  const asked: { resolve: (value: MailDomainReply) => void; reject: (error: Error) => void }[] = []
  const check = createActor(adminMailDomainMachine.provide({ actors: { checkMailDomain: fromPromise(() => new Promise<MailDomainReply>((resolve, reject) => void asked.push({ resolve, reject }))) } })).start()
  const user = userEvent.setup()
  render(<MailDomainCheck check={check} />)
  expect(asked).toHaveLength(0)
  await user.click(screen.getByRole('button', { name: 'Check the domain' }))
  expect(screen.getByRole('button', { name: 'Checking…' })).toHaveAttribute('aria-disabled', 'true')
  await act(async () => asked[0]!.resolve(reply))
  expect(screen.getByText('stride.example: 1 of 2 records in place.')).toHaveAttribute('role', 'status')
  const records = within(screen.getByRole('list', { name: 'The records of stride.example' })).getAllByRole('listitem')
  expect(records[0]).toHaveTextContent('SPF: in place. SPF is set at stride.example.')
  expect(records[1]).toHaveTextContent('DMARC: to do.')
  expect(within(records[1]!).getByText('_dmarc.stride.example TXT "v=DMARC1; p=none"').tagName).toBe('CODE')
  // The record to add is copied with one press; the one in place has nothing to copy.
  expect(within(records[1]!).getByRole('button', { name: 'Copy the DMARC record' })).toBeInTheDocument()
  expect(within(records[0]!).queryByRole('button')).toBeNull()

  await user.click(screen.getByRole('button', { name: 'Check again' }))
  await act(async () => asked[1]!.reject(Object.assign(new Error('Set MAIL_FROM first: the domain checked is its own.'), { name: 'ServerMessage' })))
  expect(screen.getByRole('alert')).toHaveTextContent('Set MAIL_FROM first: the domain checked is its own.')
  check.stop()
})
