// What the site tells the endpoint about a visit (issue 32, "Where signups come from"), counted without cookies,
// storage or a third party: one beacon when a page is shown (after the app is idle) and one at each route change,
// to `analyticsPath` on the endpoint's own origin, as `navigator.sendBeacon` posts it (a text/plain body of JSON).
// The endpoint adds nothing from the request but the device class (phone or desktop, from the User-Agent, which it
// never keeps) and, with the IP address, a visitor hash of the day (a daily random salt, the site, the IP address
// and the User-Agent; the salt is destroyed after its day). A browser that sends `Sec-GPC: 1` or `DNT: 1` is not
// counted. One description for both sides.

/** Where the beacon goes: beside the waitlist endpoint (`/api/waitlist` → `/api/analytics/visit`). */
export const analyticsPath = '/api/analytics/visit'

/** The beacon's body, every field a short string or absent. `page` is the path only (no query, no hash);
 * `referrer` is the referring site's host name only, and only when it is another site; the campaign is the landing
 * address's UTM parameters and a share link's `ref` code, as the landing recorded them for this visit. */
export type VisitBeacon = {
  page: string
  referrer?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  utmContent?: string
  utmTerm?: string
  ref?: string
}

/** What a value of a visit (a campaign, a source, a page…) that looked like an email address or a phone number is
 * counted as: such a value is never kept (server/features/analytics/dimension-values.ts). */
export const redactedValue = '(redacted)'
/** What the values of a day past its first `valuesKeptPerDay` of one kind are counted as, together. */
export const otherValues = '(other)'
/** How many values of one kind (pages, referring sites, campaigns, sources, landing pages, devices) one day keeps, the
 * most visitors first: a day's counts are at most 6 × (1,000 + 1) rows and its total, whatever beacons make up. */
export const valuesKeptPerDay = 1000

/** The largest beacon body the endpoint reads, in bytes: the fields above with room to spare. */
export const visitBeaconMaxBytes = 2048

/** A count in the console's tables: a number, or, for a reader who may not see the people (shared/team.ts
 * people:read) and in an export made for outside, the words for one under 5 (1 to 4), so that no row points at a
 * person the reader could not see anyway. Zero is zero. A member who may see the people reads every count exact:
 * the people table shows each person's campaign already (docs/architecture.md, "Where signups come from"). */
export type ShownCount = number | typeof fewerThanFive
export const fewerThanFive = 'fewer than 5'
export const isMasked = (n: number) => n > 0 && n < 5
export const shownCount = (n: number): ShownCount => (isMasked(n) ? fewerThanFive : n)

/** One row of a table: a day, or a source, a campaign, a landing page, a page, a referring site or a device class.
 * `visitors` are distinct visitors (by the day's hash, counted per day), `views` page views, `signups` the visitors
 * who signed up in the same visit (joined by that hash, never to the person). `confirmed`, `invited`, `claimed` and
 * `activated` (the app's backend said they installed and signed in, through /api/v1/activations) count the signups
 * that reached each step, from the signups' own record (their campaign and the site that sent them), where that
 * record says it: null where it cannot (a landing page, a page, a device), which the signup does
 * not keep. */
export type FunnelRow = {
  key: string
  visitors: ShownCount
  views: ShownCount
  signups: ShownCount
  confirmed: ShownCount | null
  invited: ShownCount | null
  claimed: ShownCount | null
  activated: ShownCount | null
}

export const reportTables = ['days', 'sources', 'campaigns', 'landings', 'pages', 'referrers', 'devices'] as const
export type ReportTable = (typeof reportTables)[number]

/** How many rows of each table (but the days, all of which come) the console is sent, the most visitors first: a
 * busy site has thousands of referring sites, which the CSV carries whole. */
export const reportTopRows = 50

/** GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, at most 366 apart): the funnel per day and the
 * tables, the most visitors first (the days in order), each cut to its first `reportTopRows`; `rows` says how many
 * each has in all. GET /api/admin/analytics.csv?table=…&from=…&to=… is one table as CSV, whole. `enabled` is false
 * when ANALYTICS=off (nothing is counted); `rawDays` is ANALYTICS_RAW_DAYS. Today's counts are as of `countedAt`
 * (the analytics' clock recounts them every `countEverySeconds`, ANALYTICS_COUNT_SECONDS); null when the range has
 * no day counted so far, only finished ones, or none. */
export type AnalyticsReport = {
  from: string
  to: string
  /** Whether the counts are exact (a reader with people:read), or those from 1 to 4 are shown as "fewer than 5". */
  exact: boolean
  /** The whole range in one row: the days' sums (visitors counted once a day). */
  total: FunnelRow
  enabled: boolean
  rawDays: number
  countEverySeconds: number
  countedAt: string | null
  rows: Record<ReportTable, number>
} & Record<ReportTable, FunnelRow[]>

/** The ranges the console chooses from, in UTC days ending today, and the one shown first (and the API's default). */
export const analyticsRanges = [7, 30, 90] as const
export type AnalyticsRange = (typeof analyticsRanges)[number]
export const defaultAnalyticsRange: AnalyticsRange = 30
/** The days the console's Overview shows its funnel for. */
export const overviewDays = 30

const dayMs = 86_400_000
const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/** The UTC days of the last `days` days, today included, as the console's API takes them (from and to, YYYY-MM-DD). */
export const lastDays = (days: number, now: Date) => ({ from: dayOf(new Date(now.getTime() - (days - 1) * dayMs)), to: dayOf(now) })

const countColumns = ['visitors', 'views', 'signups', 'confirmed', 'invited', 'claimed', 'activated'] as const
/** A row as a reader who may not see the people reads it: every count from 1 to 4 as "fewer than 5". */
export function maskedRow(row: FunnelRow): FunnelRow {
  const masked = (value: ShownCount | null) => (typeof value === 'number' ? shownCount(value) : value)
  return { ...row, ...Object.fromEntries(countColumns.map((column) => [column, masked(row[column])])) } as FunnelRow
}

/** Where the site says how visits are counted (the privacy policy's section), which the console's line links to. */
export const countingVisitsPath = '/legal#counting-visits'
