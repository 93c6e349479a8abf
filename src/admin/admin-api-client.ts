// The console's calls to /api/admin, as the machines' actors. Every path and method comes from the route table
// (shared/console-routes.ts), so no console path is written here. Every call is same-origin with the session
// cookie (the browser adds Origin to POSTs, which the server checks). A 401 anywhere means the session is
// gone: `onSessionLost` tells the sign-in machine. A reply with a message becomes an error carrying it, and its
// code when it has one (a 409 'list-changed' is a refusal the waves machine answers differently from the rest), and
// the link it names when it names one (an update's refused link).
import { lastDays, overviewDays, type FunnelRow, type ReportTable } from '../../shared/analytics'
import type { MakeApiKey } from '../../shared/api-keys'
import { adminApiBase, type ReferralVerdict, type SessionReply, type SignupPage, type SignupQuery } from '../../shared/console-api'
import { consoleRoutes, pathOf, type ConsoleRoute } from '../../shared/console-routes'
import type { PaceRequest, WaveRequest } from '../../shared/launch-rows'
import type { PersonRecord } from '../../shared/person-record'
import type { AnswerMatch } from '../../shared/questions'
import type { TeamMember } from '../../shared/team'
import type { SendRequest, UpdateInput, UpdateReply } from '../../shared/update-rows'
import type { SendMoveName } from '../../machines/admin-updates-machine'
import type { OverviewParts } from '../../machines/admin-summary-machine'
import type { TeamChange } from '../../machines/admin-team-machine'
import type { QuestionSave } from '../../machines/admin-questions-machine'
import type { ChangeDone, WebhookChange } from '../../machines/admin-webhooks-machine'
import { takeEarly } from './early-calls'

/** The server's reason, in its words (`message`, for people) and, when it sent one, its code (for the machines). */
class ServerMessage extends Error {
  override name = 'ServerMessage'
  readonly code: string | undefined
  readonly link: string | undefined
  constructor(message: string, code?: string, link?: string) {
    super(message)
    this.code = code
    this.link = link
  }
}

let onSessionLost = () => {}
export const whenSessionLost = (handler: () => void) => {
  onSessionLost = handler
}

type BodyOf<R> = R extends ConsoleRoute<infer Body, unknown> ? Body : never
type AnswerOf<R> = R extends ConsoleRoute<unknown, infer Answer> ? Answer : never
type Parameters = Record<string, string | number>
/** A query's parameters; one that is undefined is left out, never sent as "undefined". */
type Query = Record<string, string | number | undefined>
type CallOptions<R> = { params?: Parameters; query?: Query; json?: BodyOf<R>; signal?: AbortSignal; allow401?: boolean }

/** A query string of the parameters that are set, with its "?" (none when nothing is set). */
const queryString = (query: Query = {}) => {
  const text = new URLSearchParams(Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]))).toString()
  return text ? `?${text}` : ''
}
/** Where a route is, its parameters filled in: also the address of a CSV the browser downloads as a plain link. */
const hrefOf = (route: ConsoleRoute, params?: Parameters, query?: Query) => `${adminApiBase}${pathOf(route, params)}${queryString(query)}`

/** A request to one route of the table, by its method: `json` is sent as the body. */
async function call<R extends ConsoleRoute>(route: R, { params, query, json, signal, allow401 }: CallOptions<R> = {}): Promise<AnswerOf<R>> {
  const href = hrefOf(route, params, query)
  // The session and an Overview's first view may already be on their way (early-calls.ts).
  const response =
    (route.method === 'GET' ? await takeEarly(href) : undefined) ??
    (await fetch(href, {
      credentials: 'same-origin',
      method: route.method,
      signal,
      ...(json === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) }),
    }))
  const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string; link?: string }
  if (response.status === 401 && !allow401) onSessionLost()
  if (!response.ok) throw body.message && response.status !== 401 ? new ServerMessage(body.message, body.code, body.link) : new Error(`HTTP ${response.status}`)
  return body as AnswerOf<R>
}

const routes = consoleRoutes

export const checkSession = async (): Promise<SessionReply | null> => {
  try {
    return await call(routes.session, { allow401: true })
  } catch (error) {
    if (error instanceof Error && error.message === 'HTTP 401') return null
    throw error
  }
}
export const requestLink = (email: string) => call(routes.signInRequest, { json: { email } })
export const verifyToken = (token: string) => call(routes.signInVerify, { json: { token }, allow401: true })
export const signOut = () => call(routes.signOut, { json: {} })
/** The sources with the most signups first, the first few, any with none left out. */
const topBySignups = (rows: FunnelRow[]) => {
  const signups = (row: FunnelRow) => (typeof row.signups === 'number' ? row.signups : 1)
  return rows.filter((row) => row.signups !== 0).sort((a, b) => signups(b) - signups(a)).slice(0, 5)
}
/** The Overview's figures (the summary), which must come (machines/admin-summary-machine.ts). */
export const fetchSummary = (signal: AbortSignal) => call(routes.summary, { signal })

/** What the Overview adds to its figures, asked for beside them: the setup checklist, the last days' funnel, the waves
 * and the updates' rates, each null when it could not be read; it fails only when the Overview is left (aborted). */
export async function fetchOverviewParts(signal: AbortSignal): Promise<OverviewParts> {
  const optional = <T,>(answer: Promise<T>): Promise<T | null> =>
    answer.catch((error: unknown) => {
      if (signal.aborted) throw error
      return null
    })
  const [setup, report, waves, sendRates] = await Promise.all([
    optional(call(routes.setup, { signal })),
    optional(call(routes.analytics, { query: lastDays(overviewDays, new Date()), signal })),
    optional(call(routes.waves, { signal })),
    optional(call(routes.sendRates, { signal })),
  ])
  return {
    setup,
    funnel: report && { days: overviewDays, enabled: report.enabled, exact: report.exact, total: report.total, sources: topBySignups(report.sources) },
    waves: waves && { waves: waves.waves, pace: waves.pace, ready: waves.ready, waiting: waves.waiting },
    sendRates: sendRates && { emails: sendRates.emails, hardBounces: sendRates.hardBounces, complaints: sendRates.complaints, guard: sendRates.guard },
  }
}
/** MAIL_FROM's domain, looked up in DNS by the server now (issue 49). */
export const checkMailDomain = (signal: AbortSignal) => call(routes.mailDomain, { signal }).then(({ domain, checks }) => ({ domain, checks }))
/** An owner sets the invitation link (INVITE_URL), or clears it with null. */
export const setInviteUrl = (url: string | null) => call(routes.setInviteUrl, { json: { url } })

/** Whether a reply has the shape of a SignupPage: rows, counts, both cursors and the search's scope. */
export function isSignupPage(reply: unknown): reply is SignupPage {
  if (typeof reply !== 'object' || reply === null) return false
  const { rows, total, page, cursors, scope } = reply as Record<string, unknown>
  const cursor = (value: unknown) => value === null || typeof value === 'string'
  return (
    Array.isArray(rows) &&
    typeof total === 'number' &&
    typeof page === 'number' &&
    typeof cursors === 'object' &&
    cursors !== null &&
    cursor((cursors as Record<string, unknown>).before) &&
    cursor((cursors as Record<string, unknown>).after) &&
    typeof scope === 'object' &&
    scope !== null &&
    typeof (scope as Record<string, unknown>).kind === 'string'
  )
}

/** A page of signups: by a cursor of the last reply (`after` or `before`, with `page` the number shown), or by
 * `page` alone to jump. A reply without the page's cursors or scope (a server older than the contract) is an error
 * the table shows as one, rather than a crash of the whole console. */
export const fetchSignups = async ({ search, sort, direction, page, pageSize, after, before }: SignupQuery, signal: AbortSignal) => {
  const reply: unknown = await call(routes.signups, { query: { search, sort, direction, page, pageSize, after, before }, signal })
  if (!isSignupPage(reply)) throw new Error('The server’s page of signups lacks its cursors or scope (shared/console-api.ts SignupPage).')
  return reply
}
export const eraseSignup = (id: number) => call(routes.eraseSignup, { params: { id }, json: {} })
/** One person's record (issue 47), or null when the server holds no such person (404, code 'not-found'). */
export const fetchPerson = (id: number, signal: AbortSignal): Promise<PersonRecord | null> =>
  call(routes.person, { params: { id }, signal }).then(
    ({ person }) => person,
    (error: unknown) => {
      if (error instanceof ServerMessage && error.code === 'not-found') return null
      throw error
    },
  )
/** A page of the suppression list, newest first (the newest page without a cursor). */
export const fetchSuppressions = (before: string | null, signal: AbortSignal) => call(routes.suppressions, { query: { before: before ?? undefined }, signal })
/** Takes one address off the suppression list (audited by the server). */
export const liftSuppression = (email: string) => call(routes.liftSuppression, { json: { email } }).then(() => undefined)
/** A page of the held referrals (the first without a cursor), with the top referrers. */
export const fetchReferrals = (after: string | null, signal: AbortSignal) => call(routes.referrals, { query: { after: after ?? undefined }, signal })
const verdictRoutes = { APPROVE: routes.approveReferral, REJECT: routes.rejectReferral } as const satisfies Record<ReferralVerdict, ConsoleRoute>
export const reviewReferral = (friendId: number, verdict: ReferralVerdict) => call(verdictRoutes[verdict], { params: { friendId }, json: {} })
/** A page of the audit log, newest first (the newest page without a cursor). */
export const fetchAudit = (before: string | null, signal: AbortSignal) => call(routes.audit, { query: { before: before ?? undefined }, signal })

// Invitations (issue 22). A wave names the first person of the preview the team saw: if the line's head has moved
// since, the server refuses with a ServerMessage whose code is 'list-changed' (409).
export const fetchWaves = (signal: AbortSignal) => call(routes.waves, { signal })
// A cohort's rules (issue 52) go as JSON in the preview's query and in the wave's body; none: the next in line.
const matchQuery = (match?: readonly AnswerMatch[]) => (match && match.length > 0 ? JSON.stringify(match) : undefined)
export const fetchNextUp = (count: number, signal: AbortSignal, match?: readonly AnswerMatch[]) => call(routes.nextUp, { query: { count, match: matchQuery(match) }, signal })
export const startWave = (request: WaveRequest) => call(routes.startWave, { json: request }).then(({ wave }) => wave)
export const inviteAgain = (waveId: number) => call(routes.inviteAgain, { params: { id: waveId }, json: {} }).then(({ wave }) => wave)
export const setPace = (perDay: number, atUtc: string) => call(routes.setPace, { json: { perDay, atUtc } satisfies PaceRequest }).then(({ pace }) => pace)
export const stopPace = () => call(routes.stopPace, { json: {} })

// The questions asked after confirmation (issue 52): counts only. A new question, or a new version of one.
export const fetchQuestions = (signal: AbortSignal) => call(routes.questions, { signal }).then(({ questions }) => questions)
export const saveQuestion = ({ id, input }: QuestionSave) =>
  (id === null ? call(routes.defineQuestion, { json: input }) : call(routes.editQuestion, { params: { id }, json: { wording: input.wording, choices: input.choices } })).then(({ question }) => question)
/** The choice questions asked now, their words only, for a wave's rules (waves:send). */
export const fetchCohortQuestions = (signal: AbortSignal) => call(routes.cohortQuestions, { signal }).then(({ questions }) => questions)
export const retireQuestion = (id: number) => call(routes.retireQuestion, { params: { id }, json: {} }).then(({ question }) => question)

// Updates to the list (issue 31). A change refused because the update moved meanwhile (another tab, a colleague, the
// send finishing) is a ServerMessage with the code 'wrong-state' (409); one to an audience that holds nobody now,
// 'nobody' (409); a save whose body links where it may not, 'link-not-allowed' with the link.
const updateOf = ({ update }: UpdateReply) => update
export const fetchUpdates = (signal: AbortSignal) => call(routes.updates, { signal }).then(({ updates }) => updates)
export const fetchUpdate = (id: number, signal: AbortSignal) => call(routes.update, { params: { id }, signal }).then(updateOf)
/** A new draft (id null) is created; an open one is edited, its words sent whole. */
export const saveUpdate = (id: number | null, input: UpdateInput) =>
  (id === null ? call(routes.createUpdate, { json: input }) : call(routes.editUpdate, { params: { id }, json: input })).then(updateOf)
export const deleteUpdate = (id: number) => call(routes.deleteUpdate, { params: { id } })
export const fetchUpdatePreview = (id: number, signal: AbortSignal) => call(routes.previewUpdate, { params: { id }, signal })
export const sendUpdateTest = (id: number) => call(routes.testUpdate, { params: { id } })
export const fetchAudiences = (signal: AbortSignal) => call(routes.audiences, { signal })
/** How many of each audience match a send's rules (issue 52), "fewer than 5" to a member who may not see people. */
export const fetchMatchCounts = (match: readonly AnswerMatch[], signal: AbortSignal) => call(routes.cohortAudiences, { query: { match: matchQuery(match) }, signal })
export const sendUpdate = (id: number, request: SendRequest) => call(routes.sendUpdate, { params: { id }, json: request }).then(updateOf)
const moveRoutes = {
  pause: routes.pauseUpdate,
  resume: routes.resumeUpdate,
  unschedule: routes.unscheduleUpdate,
  cancel: routes.cancelUpdate,
} as const satisfies Record<SendMoveName, ConsoleRoute>
/** Pause, resume, unschedule or cancel: no body, the update as it stands after the move. */
export const moveUpdateSend = (id: number, move: SendMoveName) => call(moveRoutes[move], { params: { id } }).then(updateOf)
/** An update's record, one row per person, as CSV (a plain link). */
export const updateRecordCsvHref = (id: number) => hrefOf(routes.updateRecordCsv, { id })

// Where signups come from (issue 32): one report per range of UTC days, and any of its tables as CSV (a plain link).
// The days are named one by one: a report passed as the range would otherwise put all of itself in the address.
type DayRange = { from: string; to: string }
export const fetchAnalytics = ({ from, to }: DayRange, signal: AbortSignal) => call(routes.analytics, { query: { from, to }, signal })
export const analyticsCsvHref = (table: ReportTable, { from, to }: DayRange, forOutside = false) =>
  hrefOf(routes.analyticsCsv, {}, { table, from, to, for: forOutside ? 'outside' : undefined })

// API keys (issue 33): the list, making one (the only reply that carries the key), revoking one.
export const fetchApiKeys = (signal: AbortSignal) => call(routes.apiKeys, { signal }).then(({ keys }) => keys)
export const makeApiKey = (input: MakeApiKey) => call(routes.makeApiKey, { json: input }).then(({ key, secret }) => ({ key, secret }))
export const revokeApiKey = (id: number) => call(routes.revokeApiKey, { params: { id }, json: {} })

/** The CSV download's address for the current search (a plain link: the browser saves it with the cookie); with
 * `withHealth`, the health answers in it too (issue 52: answers:sensitive:read only, and audited). */
export const csvHref = (search: string, withHealth = false) => hrefOf(routes.signupsCsv, {}, { search: search || undefined, answers: withHealth ? 'sensitive' : undefined })
/** One person's own copy of their data, as the JSON file they would download themselves (a plain link too). */
export const personCopyHref = (id: number) => hrefOf(routes.personCopy, { id })
/** The funnel per wave and in total, as CSV (a plain link too). */
export const wavesCsvHref = hrefOf(routes.wavesCsv)

/** The token of a sign-in link (#token=…), if this page was opened from one. */
export const tokenInAddress = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token')

// Webhooks (issue 33): the endpoints, one change at a time (machines/admin-webhooks-machine.ts), and a log's page.
export const fetchWebhooks = (signal: AbortSignal) => call(routes.webhooks, { signal })
const webhookSwitches = { on: routes.webhookOn, off: routes.webhookOff, test: routes.testWebhook } as const
export async function applyWebhookChange(change: WebhookChange): Promise<ChangeDone> {
  const done = (endpointId: number, secret?: string): ChangeDone => ({ endpointId, secret, tested: change.kind === 'test' })
  switch (change.kind) {
    case 'add': {
      const added = await call(routes.addWebhook, { json: { url: change.url, events: change.events } })
      return done(added.endpoint.id, added.secret)
    }
    case 'edit':
      await call(routes.editWebhook, { params: { id: change.id }, json: { url: change.url, events: change.events } })
      return done(change.id)
    case 'delete':
      await call(routes.deleteWebhook, { params: { id: change.id } })
      return done(change.id)
    case 'rotate': {
      const rotated = await call(routes.rotateWebhook, { params: { id: change.id } })
      return done(change.id, rotated.secret)
    }
    default:
      await call(webhookSwitches[change.kind], { params: { id: change.id } })
      return done(change.id)
  }
}
export const fetchWebhookDeliveries = (id: number, before: string | null, signal: AbortSignal) =>
  call(routes.webhookDeliveries, { params: { id }, query: { before: before ?? undefined }, signal })

// The team (issue 46): its members, and one change at a time (machines/admin-team-machine.ts); each answers the
// members as they stand after it.
export const fetchTeam = (signal: AbortSignal) => call(routes.team, { signal }).then(({ members }) => members)
export function applyTeamChange(change: TeamChange): Promise<TeamMember[]> {
  const reply =
    change.kind === 'invite'
      ? call(routes.inviteMember, { json: { email: change.email, role: change.role } })
      : change.kind === 'role'
        ? call(routes.changeRole, { json: { email: change.email, role: change.role } })
        : call(routes.removeMember, { json: { email: change.email } })
  return reply.then(({ members }) => members)
}
