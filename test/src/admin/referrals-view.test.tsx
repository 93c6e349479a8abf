// The console's referrals (issue 21): the held referrals with an Approve and a Reject button each, named for the
// friend and reachable from the keyboard; a review sends one request, says how it went and fetches the list
// again; the top referrers; and the signups table's Place and Credits columns.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminReferralsMachine, type ReferralReview } from '../../../machines/admin-referrals-machine'
import { adminTableMachine } from '../../../machines/admin-table-machine'
import type { ReferralsReply, SignupPage } from '../../../shared/console-api'
import type { ConsoleSignupRow } from '../../../shared/console-rows'
import { ReferralsView } from '../../../src/admin/referrals-view'
import { SignupsTable } from '../../../src/admin/signups-table'

const held = (friendId: number, name: string) => ({
  friendId,
  friendFirstName: name,
  friendEmail: `${name.toLowerCase()}@example.com`,
  referrerId: 1,
  referrerFirstName: 'Rita',
  referrerEmail: 'rita@example.com',
  decidedAt: '2026-11-24T09:30:00.000Z',
})
const before: ReferralsReply = {
  held: [held(7, 'Hana'), held(8, 'Ivo')],
  heldTotal: 2,
  heldAfter: null,
  topReferrers: [{ id: 1, firstName: 'Rita', email: 'rita@example.com', credits: 3, place: 31 }],
}

function start(review: (input: ReferralReview) => Promise<void>) {
  const answers: ReferralsReply[] = [before, { ...before, held: [held(8, 'Ivo')], heldTotal: 1, topReferrers: [{ ...before.topReferrers[0]!, credits: 4, place: 21 }] }]
  const fetches = { count: 0 }
  const reviewed: ReferralReview[] = []
  const announced = { count: 0 }
  const actor = createActor(
    adminReferralsMachine.provide({
      actors: {
        fetchReferrals: fromPromise(async () => answers[Math.min(fetches.count++, answers.length - 1)]!),
        reviewReferral: fromPromise(async ({ input }) => {
          reviewed.push(input)
          return review(input)
        }),
      },
      actions: { announceReviewed: () => void announced.count++ },
    }),
  ).start()
  render(<ReferralsView referrals={actor} />)
  return { actor, fetches, reviewed, announced }
}

describe('the referrals section', () => {
  it('lists the held referrals with buttons named for the friend, and the top referrers', async () => {
    const { actor } = start(async () => {})
    const section = await screen.findByRole('region', { name: 'Held for review' })
    const rows = within(section).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toHaveTextContent('Hana (hana@example.com)')
    expect(rows[1]).toHaveTextContent('Rita (rita@example.com)')
    expect(rows[1]).toHaveTextContent('2026-11-24 09:30')
    for (const name of ['Approve referral of Hana', 'Reject referral of Hana', 'Approve referral of Ivo', 'Reject referral of Ivo'])
      expect(screen.getByRole('button', { name: new RegExp(`^${name} `) }).tagName).toBe('BUTTON')
    const top = screen.getByRole('region', { name: 'Top referrers' })
    expect(within(top).getAllByRole('row')[1]).toHaveTextContent(/Rita \(rita@example\.com\)\s*3\s*31/)
    actor.stop()
  })

  it('approves from the keyboard: one request, a message, the list again, and the rest of the console told', async () => {
    const user = userEvent.setup()
    const { actor, fetches, reviewed, announced } = start(async () => {})
    const approve = await screen.findByRole('button', { name: /^Approve referral of Hana/ })
    // Tab from the start of the page reaches it (the table region first, then the buttons in order).
    for (let step = 0; step < 5 && document.activeElement !== approve; step++) await user.tab()
    expect(approve).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Hana’s referral was approved.')).toBeInTheDocument()
    expect(reviewed).toEqual([{ friendId: 7, firstName: 'Hana', verdict: 'APPROVE' }])
    expect(announced.count).toBe(1)
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Approve referral of Hana/ })).not.toBeInTheDocument())
    expect(fetches.count).toBe(2)
    expect(within(screen.getByRole('region', { name: 'Top referrers' })).getAllByRole('row')[1]).toHaveTextContent(/4\s*21/)
    actor.stop()
  })

  it('says so when a review fails, and fetches the list again', async () => {
    const user = userEvent.setup()
    const { actor, fetches, announced } = start(async () => {
      throw new Error('HTTP 404')
    })
    await user.click(await screen.findByRole('button', { name: /^Reject referral of Ivo/ }))
    expect(await screen.findByText(/^Ivo’s referral could not be reviewed/)).toBeInTheDocument()
    await waitFor(() => expect(fetches.count).toBe(2))
    expect(announced.count).toBe(0)
    actor.stop()
  })

  it('offers to try again when the referrals cannot be loaded', async () => {
    const user = userEvent.setup()
    let calls = 0
    const actor = createActor(
      adminReferralsMachine.provide({
        actors: {
          fetchReferrals: fromPromise(async (): Promise<ReferralsReply> => {
            if (calls++ === 0) throw new Error('HTTP 502')
            return { held: [], heldTotal: 0, heldAfter: null, topReferrers: [] }
          }),
        },
      }),
    ).start()
    render(<ReferralsView referrals={actor} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('The referrals could not be loaded.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No referrals are waiting for review.')).toBeInTheDocument()
    expect(screen.getByText('Nobody has been credited for a referral yet.')).toBeInTheDocument()
    actor.stop()
  })
})

describe('the held referrals, a page at a time (issue 35)', () => {
  const people = Array.from({ length: 30 }, (_, index) => held(100 + index, `P${index}`))
  /** The server's pages of 25, oldest first, by the cursor of the last one shown; `decided` are gone from them. */
  const serve = (decided: Set<number>) => (after: string | null): ReferralsReply => {
    const waiting = people.filter((referral) => !decided.has(referral.friendId))
    const from = after === null ? 0 : waiting.findIndex((referral) => referral.friendId > Number(after))
    const page = from < 0 ? [] : waiting.slice(from, from + 25)
    const more = from >= 0 && from + 25 < waiting.length
    return { held: page, heldTotal: waiting.length, heldAfter: more ? String(page.at(-1)!.friendId) : null, topReferrers: [] }
  }

  function startPaged(decided = new Set<number>()) {
    const asked: (string | null)[] = []
    const actor = createActor(
      adminReferralsMachine.provide({
        actors: {
          fetchReferrals: fromPromise(async ({ input }) => (asked.push(input.after), serve(decided)(input.after))),
          reviewReferral: fromPromise(async ({ input }) => void decided.add(input.friendId)),
        },
      }),
    ).start()
    render(<ReferralsView referrals={actor} />)
    return { actor, asked }
  }
  const rows = () => within(screen.getByRole('region', { name: 'Held for review' })).getAllByRole('row').slice(1)
  const pagerButton = (name: string) => within(screen.getByRole('navigation', { name: 'Pages of held referrals' })).getByRole('button', { name })

  it('shows how many wait, and moves a page on and back by the server’s cursor', async () => {
    const user = userEvent.setup()
    const { actor, asked } = startPaged()
    expect(await screen.findByText('30 referrals are waiting for review, oldest first.')).toBeInTheDocument()
    expect(rows()).toHaveLength(25)
    expect(pagerButton('Previous held referrals')).toHaveAttribute('aria-disabled', 'true')
    await user.click(pagerButton('Next held referrals'))
    await waitFor(() => expect(rows()).toHaveLength(5))
    expect(rows()[0]).toHaveTextContent('P25')
    expect(asked).toEqual([null, '124'])
    expect(pagerButton('Next held referrals')).toHaveAttribute('aria-disabled', 'true')
    await user.click(pagerButton('Previous held referrals'))
    await waitFor(() => expect(rows()).toHaveLength(25))
    expect(asked).toEqual([null, '124', null])
    actor.stop()
  })

  it('steps back a page when reviews have emptied the one on screen', async () => {
    const user = userEvent.setup()
    const { actor, asked } = startPaged()
    await user.click(await screen.findByRole('button', { name: 'Next held referrals' }))
    await waitFor(() => expect(rows()).toHaveLength(5))
    for (const name of ['P25', 'P26', 'P27', 'P28', 'P29']) {
      await user.click(await screen.findByRole('button', { name: new RegExp(`^Approve referral of ${name} `) }))
      await screen.findByText(`${name}’s referral was approved.`)
    }
    // The last review left page 2 empty: the first page shows again, and the pager is gone with page 2.
    await waitFor(() => expect(rows()).toHaveLength(25))
    expect(rows()[0]).toHaveTextContent('P0')
    expect(asked.slice(-2)).toEqual(['124', null])
    expect(screen.getByText('25 referrals are waiting for review, oldest first.')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pages of held referrals' })).not.toBeInTheDocument()
    actor.stop()
  })
})

it('the signups table shows each person’s place, how they came and who referred them, each address a link to that person’s page (issue 47)', async () => {
  const rows: ConsoleSignupRow[] = [
    { id: 1, createdAt: '2026-11-20T10:00:00.000Z', email: 'rita@example.com', firstName: 'Rita', source: 'home', status: 'confirmed', place: 21, credits: 4, heldReferrals: 0, referredBy: null, referrer: null, utmCampaign: null, utmSource: null, referrerOrigin: null },
    { id: 2, createdAt: '2026-11-21T10:00:00.000Z', email: 'nell@example.com', firstName: 'Nell', source: 'home', status: 'pending', place: null, credits: 0, heldReferrals: 0, referredBy: 'k7m2p9qx', referrer: { id: 1, email: 'rita@example.com' }, utmCampaign: 'launch-week', utmSource: null, referrerOrigin: null },
  ]
  const page: SignupPage = { rows, total: 2, page: 1, cursors: { before: null, after: null }, scope: { kind: 'everyone' } }
  const table = createActor(adminTableMachine.provide({ actors: { fetchSignups: fromPromise(async () => page) } })).start()
  render(<SignupsTable table={table} />)
  const region = await screen.findByRole('region', { name: 'Signups' })
  const headers = within(region).getAllByRole('columnheader').map((header) => header.textContent)
  expect(headers).toEqual(['Signed up', 'Email', 'First name', 'Campaign or source', 'Referred by', 'Status', 'Place'])
  const [, rita, nell] = within(region).getAllByRole('row')
  const cell = (row: HTMLElement, header: string) => within(row).getAllByRole('cell')[headers.indexOf(header)]!
  expect(cell(rita!, 'Signed up')).toHaveTextContent('2026-11-20 10:00 UTC')
  expect(cell(rita!, 'Place')).toHaveTextContent('21')
  expect(cell(rita!, 'Campaign or source')).toHaveTextContent('direct')
  expect(cell(rita!, 'Referred by')).toHaveTextContent('—')
  expect(cell(nell!, 'Place')).toHaveTextContent('—')
  expect(cell(nell!, 'Campaign or source')).toHaveTextContent('launch-week')
  // Who referred her is an address, not a code, and it leads to that person's page; so does each row's address.
  expect(within(cell(nell!, 'Referred by')).getByRole('link', { name: 'rita@example.com' })).toHaveAttribute('href', '/admin/people/1')
  expect(within(cell(nell!, 'Email')).getByRole('link', { name: 'nell@example.com' })).toHaveAttribute('href', '/admin/people/2')
  expect(within(region).queryByText('k7m2p9qx')).not.toBeInTheDocument()
  // Erase is on the person's page, not on the rows.
  expect(within(region).queryByRole('button', { name: /Erase/ })).not.toBeInTheDocument()
  table.stop()
})
