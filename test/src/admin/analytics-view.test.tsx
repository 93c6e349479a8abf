// "Where signups come from" (issue 32) as the team uses it from the keyboard: the report for the last 30 days at
// first, every table a real <table> with a caption, scope'd headers and its CSV, "fewer than 5" shown as such, the
// steps a signup cannot know shown as "—" and read as "not known", the share of visitors who signed up only where
// both counts are numbers; another range asked for with the focus kept on its button and the live region saying
// what loads; a failure with Try again on the same button; and the note when counting is off.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminAnalyticsMachine } from '../../../machines/admin-analytics-machine'
import { fewerThanFive, lastDays, type AnalyticsRange, type AnalyticsReport, type FunnelRow } from '../../../shared/analytics'
import { analyticsOffNote, AnalyticsView } from '../../../src/admin/analytics-view'
import { conversionOf, landingNote } from '../../../src/admin/analytics-tables'
import { analyticsSamples } from '../../../tools/admin-models'

type Answer = (days: AnalyticsRange) => Promise<AnalyticsReport>
const sample = analyticsSamples.report

function start(answer: Answer = async () => sample) {
  const asked: AnalyticsRange[] = []
  const actor = createActor(
    adminAnalyticsMachine.provide({ actors: { fetchReport: fromPromise(({ input }) => (asked.push(input.days), answer(input.days))) } }),
  ).start()
  render(<AnalyticsView analytics={actor} />)
  return { actor, asked }
}

const section = () => screen.getByRole('region', { name: 'Where signups come from' })
const table = (name: RegExp) => within(section()).getByRole('table', { name })
/** A table's rows as the cells' text, the header row first. */
const row = (key: string, visitors: number, signups: number): FunnelRow => ({ key, visitors, views: visitors, signups, confirmed: 0, invited: 0, claimed: 0, activated: 0 })
const rowsOf = (name: RegExp) => within(table(name)).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))

describe('where signups come from', () => {
  it('shows the last 30 days: the funnel per day and every table with its caption, headers, counts and CSV', async () => {
    const { actor, asked } = start()
    expect(await screen.findByRole('status')).toHaveTextContent('Showing the last 30 days: 2026-10-29 to 2026-11-27 (UTC).')
    expect(asked).toEqual([30])
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false')

    expect(rowsOf(/^Each day’s visitors/)).toEqual([
      ['Day (UTC)', 'Visitors', 'Signups', 'Visitors who signed up', 'Ever confirmed', 'Invited', 'Claimed', 'Activated'],
      ['2026-11-26', '120', '9', '7.5%', '0', '0', '0', '0'],
      // Fewer than 5 is said as such, and no share is worked out from it.
      ['2026-11-27', '40', fewerThanFive, '—not known', '0', '0', '0', '0'],
    ])
    expect(rowsOf(/^Where visits came from/).slice(1)).toEqual([
      ['launch', '100', '8', '8.0%', '0', '0', '0', '0'],
      ['direct (no campaign, share link or other site)', '52', fewerThanFive, '—not known', '0', '0', '0', '0'],
      ['referral (a share link)', fewerThanFive, '0', '—not known', '0', '0', '0', '0'],
    ])
    expect(rowsOf(/^Visits and signups by the campaign/).slice(1).map((row) => row[0])).toEqual(['nov', 'none'])
    // A signup keeps no landing page: its later steps are not known there, and a note says why.
    const landings = table(/^Visits and signups by the first page/)
    expect(rowsOf(/^Visits and signups by the first page/)[1]).toEqual(['/', '150', '10', '6.7%', '—not known', '—not known', '—not known', '—not known'])
    expect(landings).toHaveAccessibleDescription(landingNote)
    expect(rowsOf(/^Every page shown/)).toEqual([['Page', 'Visitors', 'Page views'], ['/', '150', '150'], ['/about', '30', '30']])
    expect(rowsOf(/^The sites that linked/).slice(1).map((row) => row[0])).toEqual(['none (typed, bookmarked, or no other site said)', 'news.example.org'])
    expect(rowsOf(/^Visits and signups by device/).slice(1)).toEqual([
      ['desktop', '110', '7', '6.4%'],
      ['phone or tablet', '50', fewerThanFive, '—not known'],
    ])

    // Real tables: a caption names each, the column headers are scoped to columns and each row's key to its row.
    for (const element of within(section()).getAllByRole('table')) {
      expect(element.querySelector('caption')).not.toBeNull()
      for (const header of within(element).getAllByRole('columnheader')) expect(header).toHaveAttribute('scope', 'col')
      for (const header of within(element).getAllByRole('rowheader')) expect(header).toHaveAttribute('scope', 'row')
    }
    const csv = within(section()).getAllByRole('link', { name: /as CSV$/ })
    expect(csv.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      ['days', 'sources', 'campaigns', 'landings', 'pages', 'referrers', 'devices'].map((name, index) => [
        `Download ${['funnel per day', 'sources', 'campaigns', 'landing pages', 'top pages', 'top referring sites', 'devices'][index]} as CSV`,
        `/api/admin/analytics.csv?table=${name}&from=2026-10-29&to=2026-11-27`,
      ]),
    )
    // A viewer's report: one line says why counts under 5 are words, and links to how visits are counted; no CSV
    // for outside, since theirs is one already.
    const line = screen.getByText(/^Counts from 1 to 4 show as “fewer than 5”: your role does not see the people\./)
    expect(line).toHaveTextContent('Days are UTC, raw views kept 2 days.')
    expect(within(line).getByRole('link', { name: 'How visits are counted' })).toHaveAttribute('href', '/legal#counting-visits')
    expect(within(section()).queryByRole('link', { name: /to share outside the team/ })).not.toBeInTheDocument()
    expect(screen.queryByText(analyticsOffNote)).not.toBeInTheDocument()
    actor.stop()
  })

  it('shows a member who sees the people exact counts, a bar of each row’s share beside its number, and a CSV to share outside', async () => {
    const exact: AnalyticsReport = { ...sample, exact: true, sources: [row('launch', 100, 8), row('direct', 50, 3), row('referral', 2, 0)] }
    const { actor } = start(async () => exact)
    await screen.findByText(/^Counts are exact, as your role sees the people/)
    expect(rowsOf(/^Where visits came from/).slice(1).map((cells) => cells.slice(0, 3))).toEqual([
      ['launch', '100', '8'],
      ['direct (no campaign, share link or other site)', '50', '3'],
      ['referral (a share link)', '2', '0'],
    ])
    // The bar is beside the number, hidden from screen readers, its length the row's share of the largest.
    const bars = [...table(/^Where visits came from/).querySelectorAll('[data-share]')]
    expect(bars.map((bar) => [bar.getAttribute('aria-hidden'), bar.getAttribute('data-share')])).toEqual([['true', '100'], ['true', '50'], ['true', '2']])
    expect(within(section()).getAllByRole('link', { name: /to share outside the team/ })[1]).toHaveAttribute('href', '/api/admin/analytics.csv?table=sources&from=2026-10-29&to=2026-11-27&for=outside')
    actor.stop()
  })

  it('asks for another range from the keyboard, keeps the focus on its button and says what loads, then what is shown', async () => {
    const user = userEvent.setup()
    let release = () => {}
    const { actor, asked } = start((days) =>
      days === 30 ? Promise.resolve(sample) : new Promise((resolve) => (release = () => resolve({ ...sample, ...lastDays(7, new Date('2026-11-27T12:00:00Z')) }))),
    )
    await screen.findByText(/^Showing the last 30 days/)
    const seven = screen.getByRole('button', { name: 'Last 7 days' })
    seven.focus()
    await user.keyboard('{Enter}')
    expect(seven).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByRole('status')).toHaveTextContent('Loading the last 7 days…')
    // The report before stays while the next loads, and the section says it is busy.
    expect(section()).toHaveAttribute('aria-busy', 'true')
    expect(table(/^Each day’s visitors/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveAttribute('aria-disabled', 'true')
    // The range already on its way is not asked for twice.
    await user.keyboard('{Enter}')
    expect(asked).toEqual([30, 7])
    release()
    expect(await screen.findByRole('status')).toHaveTextContent('Showing the last 7 days: 2026-11-21 to 2026-11-27 (UTC).')
    expect(seven).toHaveFocus()
    expect(section()).toHaveAttribute('aria-busy', 'false')
    expect(within(section()).getAllByRole('link', { name: /as CSV$/ })[0]).toHaveAttribute('href', '/api/admin/analytics.csv?table=days&from=2026-11-21&to=2026-11-27')
    actor.stop()
  })

  it('says when the report could not be loaded, and tries again from the same button, which keeps the focus', async () => {
    const user = userEvent.setup()
    let failures = 1
    const { actor, asked } = start(async () => {
      if (failures-- > 0) throw new Error('HTTP 500')
      return sample
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('The visits could not be loaded.')
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument()
    const again = screen.getByRole('button', { name: 'Try again' })
    await user.click(again)
    expect(await screen.findByText(/^Showing the last 30 days/)).toHaveRole('status')
    expect(again).toHaveFocus()
    expect(again).toHaveTextContent('Refresh')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(asked).toEqual([30, 30])
    actor.stop()
  })

  it('says that counting is off under ANALYTICS=off, and that tables with nothing in them hold nothing', async () => {
    const empty = { ...sample, enabled: false, countedAt: null, days: [], sources: [], campaigns: [], landings: [], pages: [], referrers: [], devices: [] }
    const { actor } = start(async () => empty)
    expect(await screen.findByText(analyticsOffNote)).toBeInTheDocument()
    expect(analyticsOffNote).toMatch(/ANALYTICS=off/)
    expect(within(section()).getAllByText('Nothing in these days.')).toHaveLength(7)
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument()
    expect(within(section()).queryAllByRole('link').map((link) => link.textContent)).toEqual(['How visits are counted'])
    actor.stop()
  })

  it('says when today was last counted, and that a long table shows its top rows while its CSV has them all', async () => {
    const { actor } = start(async () => ({ ...sample, rows: { ...sample.rows, referrers: 2912 } }))
    expect(await screen.findByText('Today’s figures are as counted at 14:52:07 UTC; today is counted again every minute.')).toBeInTheDocument()
    expect(within(section()).getByText(/^The 2 with the most visitors are shown, of 2,912\./)).toBeInTheDocument()
    expect(within(section()).getByRole('link', { name: 'Download all top referring sites as CSV' })).toHaveAttribute('download')
    expect(within(section()).getByRole('link', { name: 'Download top pages as CSV' })).toBeInTheDocument()
    actor.stop()
  })

  it('shows what a visit brought as text, whatever it says', async () => {
    const { actor } = start(async () => ({ ...sample, sources: [{ ...sample.sources[0]!, key: 'constructor' }, { ...sample.sources[0]!, key: '<b>x</b>' }] }))
    await waitFor(() => expect(rowsOf(/^Where visits came from/).slice(1).map((row) => row[0])).toEqual(['constructor', '<b>x</b>']))
    actor.stop()
  })
})

it('works out the share of visitors who signed up only where both are numbers and someone visited', () => {
  expect(conversionOf({ visitors: 200, signups: 3 })).toBe('1.5%')
  expect(conversionOf({ visitors: 0, signups: 0 })).toBeNull()
  expect(conversionOf({ visitors: fewerThanFive, signups: 0 })).toBeNull()
  expect(conversionOf({ visitors: 40, signups: fewerThanFive })).toBeNull()
})

it('asks for the UTC days of the range, today included', () => {
  expect(lastDays(7, new Date('2026-11-27T23:59:00Z'))).toEqual({ from: '2026-11-21', to: '2026-11-27' })
  expect(lastDays(30, new Date('2026-03-01T00:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' })
})
