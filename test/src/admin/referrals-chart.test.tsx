// The front page's chart shows the confirmed signups that came through referrals beside all signups, with the
// referral decisions as short figures (issue 21): in the chart's summary, its table and the figures.
import { render, screen, within } from '@testing-library/react'
import { createActor, fromPromise } from 'xstate'
import { adminSummaryMachine, type AdminSummary } from '../../../machines/admin-summary-machine'
import type { ConsoleSummary } from '../../../shared/console-api'
import { niceTicks } from '../../../src/admin/chart-scale'
import { referralFigures, SignupsChart } from '../../../src/admin/signups-chart'
import { SummaryView } from '../../../src/admin/summary-view'
import { samples } from '../../../tools/admin-models'

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

it('shows the referral series in the chart’s summary, its table and a panel of its own', () => {
  render(<SignupsChart perDay={perDay} referrals={referrals} />)
  const chart = screen.getByRole('img', { name: /11 signups in the last 3 days/ })
  expect(chart).toHaveAccessibleName(expect.stringContaining('5 confirmed signups came through a referral.'))
  expect(chart.querySelectorAll('[data-series="referrals"]')).toHaveLength(2)
  expect(screen.getByText('Referrals: 12 credited, 3 held for review, 5 refused.')).toBeInTheDocument()
  expect(chart.querySelector('[data-panel="referrals"]')).toHaveTextContent(/^Confirmed through a referral \(its own scale\)/)
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
  const actor = createActor(adminSummaryMachine.provide({ actors: { fetchSummary: fromPromise<ConsoleSummary>(async () => summary) } }), { input: {} }).start()
  render(<SummaryView summary={actor} />)
  expect(await screen.findByText('Referrals: 12 credited, 3 held for review, 5 refused.')).toBeInTheDocument()
  expect(screen.getByRole('img', { name: /5 confirmed signups came through a referral/ })).toBeInTheDocument()
  actor.stop()
})

describe('at a million signups (issue 35)', () => {
  // 90 days of about 11,000 signups a day, 1 % of them through a referral.
  const days = Array.from({ length: 90 }, (_, index) => `2026-${String(9 + Math.floor(index / 30)).padStart(2, '0')}-${String(1 + (index % 30)).padStart(2, '0')}`)
  const big = days.map((day, index) => ({ day, count: 10_000 + (index % 10) * 250 }))
  const onePercent = { perDay: big.map(({ day, count }) => ({ day, count: Math.round(count / 100) })), credited: 10_400, held: 1_234, refused: 56 }
  const panel = (chart: HTMLElement, series: string) => chart.querySelector(`[data-panel="${series}"]`)!
  const ticks = (chart: HTMLElement, series: string) => [...panel(chart, series).querySelectorAll('[data-tick]')].map((tick) => tick.textContent)
  const heights = (chart: HTMLElement, series: string) => [...panel(chart, series).querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('height')))

  it('labels each axis in round steps with separators, and writes every figure with them', () => {
    render(<SignupsChart perDay={big} referrals={onePercent} />)
    const total = big.reduce((sum, day) => sum + day.count, 0)
    const chart = screen.getByRole('img', { name: new RegExp(`^${total.toLocaleString('en-US')} signups in the last 90 days; the busiest day was \\S+ with 12,250\\.`) })
    expect(ticks(chart, 'signups')).toEqual(['0', '5,000', '10,000', '15,000'])
    expect(ticks(chart, 'referrals')).toEqual(['0', '100', '200'])
    expect(screen.getByText('Referrals: 10,400 credited, 1,234 held for review, 56 refused.')).toBeInTheDocument()
    const firstRow = within(screen.getByRole('table')).getAllByRole('row')[1]!
    expect([...firstRow.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([days[0], '10,000', '100'])
  })

  it('draws a 1 % referral series tall enough to read, on its own scale, with its true figures in words', () => {
    render(<SignupsChart perDay={big} referrals={onePercent} />)
    const chart = screen.getByRole('img')
    const signups = heights(chart, 'signups')
    const referred = heights(chart, 'referrals')
    expect(referred).toHaveLength(90)
    // On the signups' scale these bars would be a hundredth of the signups' (1 or 2 px); on their own they are a
    // third of their panel and more.
    expect(Math.min(...referred)).toBeGreaterThan(20)
    expect(Math.min(...referred) / Math.max(...signups)).toBeGreaterThan(0.1)
    expect(panel(chart, 'referrals').querySelector('rect title')).toHaveTextContent(`${days[0]}: 100 confirmed through a referral`)
    expect(panel(chart, 'signups').querySelector('rect title')).toHaveTextContent(`${days[0]}: 10,000 signups`)
  })

  it('still shows a day with a single signup among days of thousands', () => {
    render(<SignupsChart perDay={[...big.slice(0, 89), { day: '2026-12-31', count: 1 }]} referrals={onePercent} />)
    expect(heights(screen.getByRole('img'), 'signups').at(-1)).toBeGreaterThanOrEqual(1)
  })
})

it('rounds an axis up to a step of 1, 2 or 5 times a power of ten, never below a whole step', () => {
  expect(niceTicks(0)).toEqual([0, 1])
  expect(niceTicks(3)).toEqual([0, 1, 2, 3])
  expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8])
  expect(niceTicks(12_250)).toEqual([0, 5_000, 10_000, 15_000])
  expect(niceTicks(1_000_000)).toEqual([0, 500_000, 1_000_000])
  expect(niceTicks(1_000_001)).toEqual([0, 500_000, 1_000_000, 1_500_000])
  expect(niceTicks(123, 2)).toEqual([0, 100, 200])
})
