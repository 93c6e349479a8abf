// The signups table at a million people (issue 35), as the team uses it: figures with separators, a pager that
// moves by the server's cursors and keeps the keyboard's focus while a page loads, "go to page" within 1..pages,
// a new search back to page 1 with no cursor, and a partial search that says, in words, whom it looked through.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminTableMachine } from '../../../machines/admin-table-machine'
import type { SearchScope, SignupPage, SignupQuery } from '../../../shared/console-api'
import { scopeWords, SignupsTable } from '../../../src/admin/signups-table'
import { samples } from '../../../tools/admin-models'
import { PermissionsProvider } from '../../../src/admin/permissions'
import { rolePermissions } from '../../../shared/team'

const million = 1_000_000
const everyone: SearchScope = { kind: 'everyone' }
const pageOf = (page: number, scope: SearchScope = everyone, total = million): SignupPage => ({
  rows: [{ ...samples.row, id: page, place: 123_456 }],
  total,
  page,
  cursors: { before: page > 1 ? `before-${page}` : null, after: page * 25 < total ? `after-${page}` : null },
  scope,
})

/** The table over a server that answers each query with the page it names, unless `hold` keeps the answer back. */
function start(answer: (query: SignupQuery) => SignupPage = (query) => pageOf(query.page)) {
  const asked: SignupQuery[] = []
  const held: { release?: () => void; hold: boolean } = { hold: false }
  const table = createActor(
    adminTableMachine.provide({
      actors: {
        fetchSignups: fromPromise<SignupPage, SignupQuery>(async ({ input }) => {
          asked.push(input)
          if (held.hold) await new Promise<void>((release) => (held.release = release))
          return answer(input)
        }),
      },
    }),
  ).start()
  render(<SignupsTable table={table} />)
  const stop = () => table.stop()
  return { table, asked, held, stop, user: userEvent.setup() }
}
const pager = () => screen.getByRole('navigation', { name: 'Pages of signups' })
const button = (name: string) => within(pager()).getByRole('button', { name })

it('writes every figure with separators and pages by the cursors of the page on screen', async () => {
  const { asked, user, stop } = start()
  expect(await screen.findByText('1,000,000 signups, page 1 of 40,000.')).toHaveRole('status')
  expect(pager()).toHaveTextContent('Page 1 of 40,000')
  const [, row] = screen.getAllByRole('row')
  expect(row).toHaveTextContent('123,456')
  // At the first page there is no way back: the machine says so, and the buttons show it.
  expect(button('First page')).toHaveAttribute('aria-disabled', 'true')
  expect(button('Previous page')).toHaveAttribute('aria-disabled', 'true')
  expect(button('Next page')).toHaveAttribute('aria-disabled', 'false')

  await user.click(button('Next page'))
  expect(await screen.findByText('1,000,000 signups, page 2 of 40,000.')).toBeInTheDocument()
  expect(asked.at(-1)).toMatchObject({ page: 2, after: 'after-1' })
  expect(asked.at(-1)!.before).toBeUndefined()

  await user.click(button('Previous page'))
  expect(await screen.findByText('1,000,000 signups, page 1 of 40,000.')).toBeInTheDocument()
  expect(asked.at(-1)).toMatchObject({ page: 1, before: 'before-2' })
  expect(asked.at(-1)!.after).toBeUndefined()

  await user.click(button('Last page'))
  expect(await screen.findByText('1,000,000 signups, page 40,000 of 40,000.')).toBeInTheDocument()
  expect(asked.at(-1)).toMatchObject({ page: 40_000 })
  expect([asked.at(-1)!.after, asked.at(-1)!.before]).toEqual([undefined, undefined])
  // At the last page there is no way on.
  expect(button('Next page')).toHaveAttribute('aria-disabled', 'true')
  expect(button('Last page')).toHaveAttribute('aria-disabled', 'true')
  await user.click(button('Next page'))
  expect(asked).toHaveLength(4)

  await user.click(button('First page'))
  expect(await screen.findByText('1,000,000 signups, page 1 of 40,000.')).toBeInTheDocument()
  expect(asked.at(-1)).toMatchObject({ page: 1 })
  expect([asked.at(-1)!.after, asked.at(-1)!.before]).toEqual([undefined, undefined])
  stop()
})

it('keeps the focus on Next while the next page loads, the pager waiting meanwhile', async () => {
  const { held, user, stop } = start()
  await screen.findByText('1,000,000 signups, page 1 of 40,000.')
  held.hold = true
  button('Next page').focus()
  await user.keyboard('{Enter}')
  expect(await screen.findByText('Loading signups…')).toBeInTheDocument()
  expect(button('Next page')).toHaveFocus()
  for (const each of within(pager()).getAllByRole('button')) expect(each).toHaveAttribute('aria-disabled', 'true')
  held.release!()
  expect(await screen.findByText('1,000,000 signups, page 2 of 40,000.')).toBeInTheDocument()
  expect(button('Next page')).toHaveFocus()
  expect(button('Next page')).toHaveAttribute('aria-disabled', 'false')
  stop()
})

it('goes to a page by its number, from 1 to the last, and to no other', async () => {
  const { asked, user, stop } = start()
  await screen.findByText('1,000,000 signups, page 1 of 40,000.')
  const field = within(pager()).getByRole('spinbutton', { name: 'Go to page' })
  expect(field).toHaveAccessibleDescription('of 40,000')
  expect(button('Go')).toHaveAttribute('aria-disabled', 'true') // nothing typed yet
  for (const refused of ['0', '40001', '2.5']) {
    await user.clear(field)
    await user.type(field, refused)
    expect(button('Go'), refused).toHaveAttribute('aria-disabled', 'true')
    await user.type(field, '{Enter}')
  }
  expect(asked).toHaveLength(1)
  await user.clear(field)
  await user.type(field, '12345')
  expect(button('Go')).toHaveAttribute('aria-disabled', 'false')
  await user.click(button('Go'))
  expect(await screen.findByText('1,000,000 signups, page 12,345 of 40,000.')).toBeInTheDocument()
  expect(asked.at(-1)).toMatchObject({ page: 12_345 })
  expect([asked.at(-1)!.after, asked.at(-1)!.before]).toEqual([undefined, undefined])
  stop()
})

it('starts a new search or sort at page 1 with no cursor', async () => {
  const { asked, user, stop } = start()
  await screen.findByText('1,000,000 signups, page 1 of 40,000.')
  await user.click(button('Next page'))
  await screen.findByText('1,000,000 signups, page 2 of 40,000.')
  await user.type(screen.getByLabelText('Search by email or name'), 'ada')
  await user.click(screen.getByRole('button', { name: 'Search' }))
  await screen.findByText('1,000,000 signups matching “ada”, page 1 of 40,000.')
  expect(asked.at(-1)).toMatchObject({ search: 'ada', page: 1 })
  expect([asked.at(-1)!.after, asked.at(-1)!.before]).toEqual([undefined, undefined])
  await user.click(button('Next page'))
  await screen.findByText('1,000,000 signups matching “ada”, page 2 of 40,000.')
  await user.click(screen.getByRole('button', { name: 'Email' }))
  await screen.findByText('1,000,000 signups matching “ada”, page 1 of 40,000.')
  expect(asked.at(-1)).toMatchObject({ search: 'ada', sort: 'email', direction: 'asc', page: 1 })
  expect([asked.at(-1)!.after, asked.at(-1)!.before]).toEqual([undefined, undefined])
  stop()
})

describe('what a search looked through', () => {
  it('says so in words when a partial search looked through the newest people only', async () => {
    const partial: SearchScope = { kind: 'partial', scanned: 100_000, of: million }
    const { stop } = start((query) => pageOf(query.page, query.search ? partial : everyone, query.search ? 40 : million))
    await screen.findByText('1,000,000 signups, page 1 of 40,000.')
    expect(screen.queryByText(/^Searched the newest/)).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Search by email or name'), 'ada{Enter}')
    const words = await screen.findByText('Searched the newest 100,000 of 1,000,000 people. Type a whole address to search everyone.')
    // Beside the count, in the same live region, so that it is heard with it.
    expect(words.closest('[role="status"]')).toHaveTextContent(/^40 signups matching “ada”, page 1 of 2\.Searched the newest/)
    stop()
  })

  it('says nothing more for a whole address, nor when the newest were everyone', () => {
    expect(scopeWords({ kind: 'address' })).toBe('')
    expect(scopeWords({ kind: 'everyone' })).toBe('')
    expect(scopeWords({ kind: 'partial', scanned: 4, of: 4 })).toBe('')
    expect(scopeWords({ kind: 'partial', scanned: 100_000, of: 100_001 })).toBe(
      'Searched the newest 100,000 of 100,001 people. Type a whole address to search everyone.',
    )
  })

  it('says it when nobody matched among the newest', async () => {
    const { stop } = start((query) =>
      query.search ? { rows: [], total: 0, page: 1, cursors: { before: null, after: null }, scope: { kind: 'partial', scanned: 100_000, of: 2_500_000 } } : pageOf(1),
    )
    await screen.findByText('1,000,000 signups, page 1 of 40,000.')
    await userEvent.type(screen.getByLabelText('Search by email or name'), 'zed{Enter}')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nobody matches “zed”.Searched the newest 100,000 of 2,500,000 people.'))
    stop()
  })
})

it('offers the CSV with health answers to a member who may read them, and only to them (issue 52)', async () => {
  for (const role of ['people', 'owner'] as const) {
    const table = createActor(adminTableMachine.provide({ actors: { fetchSignups: fromPromise<SignupPage, SignupQuery>(async ({ input }) => pageOf(input.page)) } })).start()
    const { unmount } = render(
      <PermissionsProvider permissions={rolePermissions[role]}>
        <SignupsTable table={table} />
      </PermissionsProvider>,
    )
    expect(await screen.findByRole('link', { name: 'Download all as CSV' })).toHaveAttribute('href', expect.not.stringContaining('answers='))
    const health = screen.queryByRole('link', { name: 'With health answers (recorded in the audit log)' })
    if (role === 'people') expect(health).toBeNull()
    else expect(health).toHaveAttribute('href', expect.stringMatching(/\/signups\.csv\?answers=sensitive$/))
    unmount()
    table.stop()
  }
})
