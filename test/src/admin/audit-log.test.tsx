// The audit log a page at a time (issue 35): the newest entries first, Older entries by the cursor the page ended
// with, Newer entries back along the cursors followed, a reload that keeps the page on screen, and a way to try
// again when it cannot be loaded.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminAuditMachine } from '../../../machines/admin-audit-machine'
import type { AuditEntry, AuditReply } from '../../../shared/console-api'
import { AuditLog } from '../../../src/admin/audit-log'

/** 120 entries, newest first, with ids 120 down to 1; the server's pages of 50 end at the cursor it gives. */
const entries: (AuditEntry & { id: number })[] = Array.from({ length: 120 }, (_, index) => ({
  id: 120 - index,
  at: new Date(Date.UTC(2026, 10, 24, 12, 0, 0) - index * 60_000).toISOString(),
  actor: 'team@company.example',
  action: 'export',
  detail: `export #${120 - index}`,
}))
const serve = (log: typeof entries, before: string | null): AuditReply => {
  const older = log.filter((entry) => before === null || entry.id < Number(before))
  const page = older.slice(0, 50)
  return { entries: page.map(({ id: _id, ...entry }) => entry), older: older.length > 50 ? String(page.at(-1)!.id) : null }
}

function start({ log = entries, failures = 0 } = {}) {
  const asked: (string | null)[] = []
  let failing = failures
  const audit = createActor(
    adminAuditMachine.provide({
      actors: {
        fetchAudit: fromPromise(async ({ input }) => {
          asked.push(input.before)
          if (failing-- > 0) throw new Error('HTTP 502')
          return serve(log, input.before)
        }),
      },
    }),
  ).start()
  render(<AuditLog audit={audit} />)
  return { audit, asked, user: userEvent.setup() }
}
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const pagerButton = (name: string) => within(screen.getByRole('navigation', { name: 'Pages of the audit log' })).getByRole('button', { name })

it('shows the newest page, then older and newer ones by the server’s cursors', async () => {
  const { audit, asked, user } = start()
  await waitFor(() => expect(rows()).toHaveLength(50))
  expect(rows()[0]).toHaveTextContent('export #120')
  // The console's one way of writing a time (issue 47): to the minute, in UTC, said so.
  expect(rows()[0]).toHaveTextContent(/^2026-11-24 12:00 UTCteam@company\.example/)
  expect(pagerButton('Newer entries')).toHaveAttribute('aria-disabled', 'true')
  await user.click(pagerButton('Older entries'))
  await waitFor(() => expect(rows()[0]).toHaveTextContent('export #70'))
  await user.click(pagerButton('Older entries'))
  await waitFor(() => expect(rows()).toHaveLength(20))
  expect(rows().at(-1)).toHaveTextContent('export #1')
  expect(pagerButton('Older entries')).toHaveAttribute('aria-disabled', 'true')
  await user.click(pagerButton('Newer entries'))
  await waitFor(() => expect(rows()[0]).toHaveTextContent('export #70'))
  // A reload (after the team did something) asks for the page on screen again.
  act(() => audit.send({ type: 'RELOAD' }))
  await waitFor(() => expect(asked).toHaveLength(5))
  expect(asked).toEqual([null, '71', '21', '71', '71'])
  audit.stop()
})

it('shows no pager when every entry fits on one page', async () => {
  const { audit } = start({ log: entries.slice(80) })
  await waitFor(() => expect(rows()).toHaveLength(40))
  expect(screen.queryByRole('navigation', { name: 'Pages of the audit log' })).not.toBeInTheDocument()
  audit.stop()
})

it('offers to try again when the log cannot be loaded', async () => {
  const { audit, user } = start({ failures: 1 })
  expect(await screen.findByRole('alert')).toHaveTextContent('The audit log could not be loaded.')
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
  expect(rows().length).toBeGreaterThan(0)
  audit.stop()
})
