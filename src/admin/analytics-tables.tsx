// The tables of "Where signups come from" (issue 32), one component for all of them: each a real <table> with a
// caption and scope'd headers, under its own heading, with its CSV (and, to share beyond the team, one with counts
// under 5 hidden). A count arrives as a number, as "fewer than 5" (1 to 4, for a role that does not see the people),
// or as null where the signups' own record cannot say (a signup keeps no landing page, page or device): null is
// drawn as "—" and read as "not known". The share of visitors who signed up is worked out only where both counts are
// numbers. The visitors (signups where a table has no visitors) carry a bar of the row's share (share-bar.tsx).
import styled from 'styled-components'
import type { AnalyticsReport, FunnelRow, ReportTable, ShownCount } from '../../shared/analytics'
import { figure } from '../../shared/figures'
import { analyticsCsvHref } from './admin-api-client'
import { TableScroll } from './admin-styles'
import { ShareBar } from './share-bar'

type Column = 'visitors' | 'views' | 'signups' | 'conversion' | 'confirmed' | 'invited' | 'claimed' | 'activated'
const columnLabels: Record<Column, string> = {
  visitors: 'Visitors',
  views: 'Page views',
  signups: 'Signups',
  conversion: 'Visitors who signed up',
  confirmed: 'Ever confirmed',
  invited: 'Invited',
  claimed: 'Claimed',
  activated: 'Activated',
}
const funnel: Column[] = ['visitors', 'signups', 'conversion', 'confirmed', 'invited', 'claimed', 'activated']

type TableSpec = { table: ReportTable; heading: string; keyLabel: string; caption: string; columns: Column[]; note?: string; keyWords?: Record<string, string> }

export const landingNote = 'A signup does not record the page its visit landed on, so confirmed, invited, claimed and activated are not known per landing page (—).'

/** The report's tables in the order the section shows them. */
export const analyticsTables: TableSpec[] = [
  {
    table: 'days',
    heading: 'Funnel per day',
    keyLabel: 'Day (UTC)',
    caption: 'Each day’s visitors, the signups that followed in the same visit, and how many of that day’s signups have since confirmed, been invited, claimed, and started the app',
    columns: funnel,
  },
  {
    table: 'sources',
    heading: 'Sources',
    keyLabel: 'Source',
    caption: 'Where visits came from (a campaign’s utm_source, a share link, the site that linked here, or direct), with their signups and how far those went',
    columns: funnel,
    keyWords: { referral: 'referral (a share link)', direct: 'direct (no campaign, share link or other site)' },
  },
  {
    table: 'campaigns',
    heading: 'Campaigns',
    keyLabel: 'Campaign (utm_campaign)',
    caption: 'Visits and signups by the campaign in the address the visit landed on',
    columns: funnel,
    keyWords: { '': 'none' },
  },
  { table: 'landings', heading: 'Landing pages', keyLabel: 'Landing page', caption: 'Visits and signups by the first page of the visit', columns: funnel, note: landingNote },
  { table: 'pages', heading: 'Top pages', keyLabel: 'Page', caption: 'Every page shown, by how many visitors saw it and how many times', columns: ['visitors', 'views'] },
  {
    table: 'referrers',
    heading: 'Top referring sites',
    keyLabel: 'Referring site',
    caption: 'The sites that linked visitors here, with their signups',
    columns: ['visitors', 'signups', 'conversion'],
    keyWords: { '': 'none (typed, bookmarked, or no other site said)' },
  },
  { table: 'devices', heading: 'Devices', keyLabel: 'Device', caption: 'Visits and signups by device class', columns: ['visitors', 'signups', 'conversion'], keyWords: { phone: 'phone or tablet' } },
]

// A table of a few columns fits a phone's width as it is; only the funnel's seven scroll sideways. Captions start
// at the left, where a table that scrolls shows them.
const Scroll = styled(TableScroll)<{ $columns: number }>`
  table { min-width: ${({ $columns }) => ($columns > 3 ? '36rem' : '0')}; }
  caption { text-align: left; padding-bottom: 0.35rem; }
`

const notKnown = (
  <>
    <span aria-hidden="true">—</span>
    <span className="visually-hidden">not known</span>
  </>
)
const count = (value: ShownCount | null) => (value === null ? notKnown : typeof value === 'number' ? figure(value) : value)

/** The share of visitors who signed up, where both are numbers and there were visitors. */
export const conversionOf = ({ visitors, signups }: Pick<FunnelRow, 'visitors' | 'signups'>) =>
  typeof visitors === 'number' && typeof signups === 'number' && visitors > 0 ? `${((signups / visitors) * 100).toFixed(1)}%` : null

// A row's key is what a visit brought (a utm_source may say anything, "constructor" too): only the spec's own words.
const keyOf = ({ keyWords }: TableSpec, key: string) => (keyWords && Object.hasOwn(keyWords, key) ? keyWords[key] : key)
const cell = (row: FunnelRow, column: Column) => (column === 'conversion' ? (conversionOf(row) ?? notKnown) : count(row[column]))
const numberOf = (value: ShownCount | null) => (typeof value === 'number' ? value : 0)

export function AnalyticsTable({ spec, report }: { spec: TableSpec; report: AnalyticsReport }) {
  const rows = report[spec.table]
  const id = `analytics-${spec.table}`
  // The column that carries the bars: the visitors, or the first count where a table has none.
  const barred = spec.columns.find((column): column is Exclude<Column, 'conversion'> => column !== 'conversion') ?? 'visitors'
  const max = Math.max(0, ...rows.map((row) => numberOf(row[barred])))
  // The server sends a long table's top rows only (shared/analytics.ts reportTopRows); the CSV has every row.
  const cut = report.rows[spec.table] > rows.length ? `The ${figure(rows.length)} with the most visitors are shown, of ${figure(report.rows[spec.table])}. ` : ''
  return (
    <>
      <h3 id={`${id}-heading`}>{spec.heading}</h3>
      {spec.note && <p id={`${id}-note`}>{spec.note}</p>}
      {rows.length === 0 ? (
        <p>Nothing in these days.</p>
      ) : (
        <>
          <Scroll $columns={spec.columns.length} tabIndex={0} role="region" aria-labelledby={`${id}-heading`}>
            <table aria-describedby={spec.note && `${id}-note`}>
              <caption>{spec.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{spec.keyLabel}</th>
                  {spec.columns.map((column) => <th key={column} scope="col">{columnLabels[column]}</th>)}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{keyOf(spec, row.key)}</th>
                    {spec.columns.map((column) => (
                      <td key={column}>
                        {cell(row, column)}
                        {column === barred && <ShareBar value={numberOf(row[column])} max={max} />}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
          <p>
            {cut}
            <a href={analyticsCsvHref(spec.table, report)} download>
              Download {cut ? 'all ' : ''}
              {spec.heading.toLowerCase()} as CSV
            </a>
            {report.exact && (
              <>
                {' '}or{' '}
                <a href={analyticsCsvHref(spec.table, report, true)} download>
                  as CSV to share outside the team (counts under 5 left empty)
                </a>
              </>
            )}
          </p>
        </>
      )}
    </>
  )
}
