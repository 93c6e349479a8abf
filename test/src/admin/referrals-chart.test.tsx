// The front page's chart shows the confirmed signups that came through referrals beside all signups, with the
// referral decisions as short figures (issue 21): in the chart's summary, its table and the figures.
import { render, screen, within } from '@testing-library/react'
import { createActor, fromPromise } from 'xstate'
import { adminSummaryMachine, type AdminSummary } from '../../../machines/admin-summary-machine'
import { referralFigures, SignupsChart } from '../../../src/admin/signups-chart'
import { SummaryView } from '../../../src/admin/summary-view'
import { samples } from '../../utils/admin-models'

const perDay = [
  { day: '2026-11-20', count: 4 },
  { day: '2026-11-21', count: 0 },
  { day: '2026-11-22', count: 7 },
]
const referrals = { perDay: [{ day: '2026-11-20', count: 2 }, { day: '2026-11-21', count: 0 }, { day: '2026-11-22', count: 3 }], credited: 12, held: 3, refused: 5 }

it('puts the referral decisions in a few words', () => {
  expect(referralFigures({ credited: 12, held: 3, refused: 5 })).toBe('Referrals: 12 credited, 3 held for review, 5 refused')
  expect(referralFigures({ credited: 1200, held: 0, refused: 1 })).toBe('Referrals: 1,200 credited, 0 held for review, 1 refused')
})

it('shows the referral series in the chart’s summary, its table and a legend', () => {
  render(<SignupsChart perDay={perDay} referrals={referrals} />)
  const chart = screen.getByRole('img', { name: /11 signups in the last 3 days/ })
  expect(chart).toHaveAccessibleName(expect.stringContaining('5 confirmed signups came through a referral.'))
  expect(chart.querySelectorAll('[data-series="referrals"]')).toHaveLength(2)
  expect(screen.getByText('Referrals: 12 credited, 3 held for review, 5 refused.')).toBeInTheDocument()
  expect(screen.getByText('Confirmed signups through a referral')).toBeInTheDocument()
  const table = screen.getByRole('table')
  expect(within(table).getByRole('columnheader', { name: 'Confirmed through a referral' })).toBeInTheDocument()
  const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))
  expect(rows).toEqual([['2026-11-20', '4', '2'], ['2026-11-22', '7', '3']])
})

it('says one referral in the singular and none when there were none', () => {
  const { rerender } = render(<SignupsChart perDay={perDay} referrals={{ ...referrals, perDay: [{ day: '2026-11-22', count: 1 }] }} />)
  expect(screen.getByRole('img')).toHaveAccessibleName(expect.stringContaining('1 confirmed signup came through a referral.'))
  rerender(<SignupsChart perDay={perDay} referrals={{ perDay: [], credited: 0, held: 0, refused: 0 }} />)
  expect(screen.getByRole('img')).toHaveAccessibleName(expect.stringContaining('0 confirmed signups came through a referral.'))
  expect(screen.getByRole('img').querySelectorAll('[data-series="referrals"]')).toHaveLength(0)
  expect(screen.getByText('Referrals: 0 credited, 0 held for review, 0 refused.')).toBeInTheDocument()
})

it('the summary view shows the referrals from the summary', async () => {
  const summary: AdminSummary = { ...(samples.summary as AdminSummary), perDay, referrals }
  const actor = createActor(adminSummaryMachine.provide({ actors: { fetchSummary: fromPromise(async () => summary) } })).start()
  render(<SummaryView summary={actor} />)
  expect(await screen.findByText('Referrals: 12 credited, 3 held for review, 5 refused.')).toBeInTheDocument()
  expect(screen.getByRole('img', { name: /5 confirmed signups came through a referral/ })).toBeInTheDocument()
  actor.stop()
})
