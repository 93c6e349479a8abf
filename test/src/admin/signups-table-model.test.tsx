// Model-based UI tests of the signups table (issue 35): every path of the table machine's graph
// (tools/admin-models.ts tableModel) is replayed against the real view, gesture by gesture: searching,
// sorting by a column, the pager's First, Previous, Next and Last, "go to page", and the server's answers, given at
// the actor's boundary when the test decides. After every step the screen must show the state the graph says the
// machine is in, and the pager's buttons must say what the machine answers (state.can): one UI assertion per state.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise, getInitialSnapshot, type AnyMachineSnapshot } from 'xstate'
import { adminTableMachine, pageCount, type AdminTableEvent, type AdminTableStateName } from '../../../machines/admin-table-machine'
import type { SignupPage, SignupQuery } from '../../../shared/console-api'
import { SignupsTable } from '../../../src/admin/signups-table'
import { transitionPaths, type ModelEvent, type ModelPath } from '../../../tools/admin-model'
import { tableModel } from '../../../tools/admin-models'
import { describeModelGuards } from '../../utils/model-guards'

type Pending = { input: SignupQuery; resolve: (page: SignupPage) => void; reject: (error: Error) => void }

function renderTable() {
  const pending: Pending[] = []
  const table = createActor(
    adminTableMachine.provide({
      actors: { fetchSignups: fromPromise<SignupPage, SignupQuery>(({ input }) => new Promise((resolve, reject) => void pending.push({ input, resolve, reject }))) },
    }),
  ).start()
  render(<SignupsTable table={table} />)
  return { table, pending, user: userEvent.setup() }
}
type Ui = ReturnType<typeof renderTable>

const pagerButtons: [string, AdminTableEvent][] = [
  ['First page', { type: 'FIRST_PAGE' }],
  ['Previous page', { type: 'PREVIOUS_PAGE' }],
  ['Next page', { type: 'NEXT_PAGE' }],
  ['Last page', { type: 'LAST_PAGE' }],
]
const pager = () => screen.queryByRole('navigation', { name: 'Pages of signups' })
const status = () => screen.getByRole('status')

const uiAssertions = {
  loading: () => {
    expect(status()).toHaveTextContent(/^Loading signups…$/)
    // The pager stays where it was, every way refused until the page arrives.
    const nav = pager()
    if (nav) for (const button of within(nav).getAllByRole('button')) expect(button).toHaveAttribute('aria-disabled', 'true')
  },
  loaded: (snapshot: AnyMachineSnapshot) => {
    const { query, shown } = snapshot.context as { query: SignupQuery; shown: SignupPage }
    const pages = pageCount(snapshot.context)
    expect(status()).toHaveTextContent(`${shown.total} signups${query.search ? ` matching “${query.search}”` : ''}, page ${shown.page} of ${pages}.`)
    expect(screen.getByRole('table', { name: /^Signups, sorted by/ })).toBeInTheDocument()
    const nav = pager()!
    expect(nav).toHaveTextContent(`Page ${shown.page} of ${pages}`)
    for (const [name, event] of pagerButtons)
      expect(within(nav).getByRole('button', { name }), name).toHaveAttribute('aria-disabled', String(!snapshot.can(event)))
  },
  empty: (snapshot: AnyMachineSnapshot) => {
    const { query } = snapshot.context as { query: SignupQuery }
    expect(status()).toHaveTextContent(query.search ? `Nobody matches “${query.search}”.` : 'Nobody has signed up yet.')
    // The sample is a partial search that looked through the newest 100,000 of a million: it says so.
    expect(status()).toHaveTextContent('Searched the newest 100,000 of 1,000,000 people. Type a whole address to search everyone.')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(pager()).not.toBeInTheDocument()
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent('The signups could not be loaded.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  },
} satisfies Record<AdminTableStateName, (snapshot: AnyMachineSnapshot) => void>

async function perform(ui: Ui, event: ModelEvent, before: AnyMachineSnapshot) {
  switch (event.type) {
    case 'SEARCH': {
      const field = screen.getByLabelText('Search by email or name')
      await ui.user.clear(field)
      await ui.user.type(field, String(event.search))
      return ui.user.click(screen.getByRole('button', { name: 'Search' }))
    }
    case 'SORT':
      return ui.user.click(screen.getByRole('button', { name: 'Email' }))
    case 'GO_TO_PAGE': {
      const field = within(pager()!).getByRole('spinbutton', { name: 'Go to page' })
      await ui.user.clear(field)
      await ui.user.type(field, String(event.page))
      return ui.user.click(within(pager()!).getByRole('button', { name: 'Go' }))
    }
    case 'RELOAD':
      // In `failed` the table's own button; otherwise the rest of the console asks, after an erasure, a review or a
      // wave (dashboard.tsx).
      if (before.matches('failed')) return ui.user.click(screen.getByRole('button', { name: 'Try again' }))
      return act(() => void ui.table.send({ type: 'RELOAD' }))
    case 'xstate.done.actor.fetchSignups':
      return act(async () => ui.pending.at(-1)!.resolve(event.output as SignupPage))
    case 'xstate.error.actor.fetchSignups':
      return act(async () => ui.pending.at(-1)!.reject(new Error('HTTP 500')))
  }
  const pagerButton = pagerButtons.find(([, pagerEvent]) => pagerEvent.type === event.type)
  if (pagerButton) return ui.user.click(within(pager()!).getByRole('button', { name: pagerButton[0] }))
  throw new Error(`no gesture for ${event.type}`)
}

// A person sorts by a column's header, which is there only while rows are on screen: the paths that sort before
// the first answer (or after nobody matched, or a failure) are replayed at machine level only. The transition
// they take is the same one the other paths take from a page on screen, so every transition is still taken here.
const rowsOnScreen = (snapshot: AnyMachineSnapshot) => snapshot.context.shown.rows.length > 0 && snapshot.matches('loaded')
const initial = getInitialSnapshot(adminTableMachine) as AnyMachineSnapshot
const uiPaths: ModelPath[] = transitionPaths(tableModel).filter((path) =>
  path.steps.every((step, index) => step.event.type !== 'SORT' || rowsOnScreen(index === 0 ? initial : path.steps[index - 1]!.state)),
)

async function replay(path: ModelPath) {
  const ui = renderTable()
  await waitFor(() => uiAssertions.loading())
  let before = initial
  for (const { event, state: expected } of path.steps) {
    await perform(ui, event, before)
    await waitFor(() => uiAssertions[expected.value as keyof typeof uiAssertions](expected))
    expect(ui.table.getSnapshot().value).toEqual(expected.value)
    before = expected
  }
  ui.table.stop()
}

describe('the signups table: every generated path replayed in the UI', () => {
  it.each(uiPaths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replay(path)
  })
})

describeModelGuards('the signups table', { machine: adminTableMachine, paths: uiPaths, uiAssertions })
