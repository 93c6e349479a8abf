// The console's calls to /api/admin, as the machines' actors. Every call is same-origin with the session
// cookie (the browser adds Origin to POSTs, which the server checks). A 401 anywhere means the session is
// gone: `onSessionLost` tells the sign-in machine. A reply with a message becomes an error carrying it, and its
// code when it has one (a 409 'list-changed' is a refusal the waves machine answers differently from the rest), and
// the link it names when it names one (an update's refused link).
import type { AnalyticsReport, ReportTable } from '../../shared/analytics'
import { apiKeysPath, revokeApiKeyPath, type ApiKeysReply, type MadeApiKey, type MakeApiKey } from '../../shared/api-keys'
import {
  adminApiBase,
  verdictPaths,
  type AuditReply,
  type ConsoleSummary,
  type ReferralsReply,
  type ReferralVerdict,
  type SessionReply,
  type SignInRequested,
  type SignupPage,
  type SignupQuery,
} from '../../shared/console-api'
import type { NextUp, Pace, PaceRequest, WaveRequest, WaveRow, WavesOverview } from '../../shared/launch-rows'
import type { AudiencesReply, SendRequest, UpdateInput, UpdatePreview, UpdateReply, UpdatesReply, UpdateTestReply } from '../../shared/update-rows'
import type { SendMoveName } from '../../machines/admin-updates-machine'
import type { ChangeDone, WebhookChange } from '../../machines/admin-webhooks-machine'
import type { WebhookDeliveriesReply, WebhookEndpointsReply, WebhookSecretReply } from '../../shared/webhook-rows'

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

/** A request to the console's API: `json` is sent as the body, by POST unless `method` says otherwise (an edit is a PUT). */
async function call<T>(path: string, init: RequestInit & { json?: unknown; allow401?: boolean } = {}): Promise<T> {
  const { json, allow401, ...rest } = init
  const response = await fetch(`${adminApiBase}${path}`, {
    credentials: 'same-origin',
    ...rest,
    ...(json === undefined ? {} : { method: rest.method ?? 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) }),
  })
  const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string; link?: string }
  if (response.status === 401 && !allow401) onSessionLost()
  if (!response.ok) throw body.message && response.status !== 401 ? new ServerMessage(body.message, body.code, body.link) : new Error(`HTTP ${response.status}`)
  return body as T
}

export const checkSession = async (): Promise<SessionReply | null> => {
  try {
    return await call<SessionReply>('/session', { allow401: true })
  } catch (error) {
    if (error instanceof Error && error.message === 'HTTP 401') return null
    throw error
  }
}
export const requestLink = (email: string) => call<SignInRequested>('/sign-in/request', { json: { email } })
export const verifyToken = (token: string) => call<SessionReply>('/sign-in/verify', { json: { token }, allow401: true })
export const signOut = () => call<void>('/sign-out', { json: {} })
export const fetchSummary = (signal: AbortSignal) => call<ConsoleSummary>('/summary', { signal })
/** A query string of the parameters that are set: an absent cursor is left out, never sent as "undefined". */
const queryString = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]))).toString()

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
  const reply = await call<unknown>(`/signups?${queryString({ search, sort, direction, page, pageSize, after, before })}`, { signal })
  if (!isSignupPage(reply)) throw new Error('The server’s page of signups lacks its cursors or scope (shared/console-api.ts SignupPage).')
  return reply
}
export const eraseSignup = (id: number) => call<void>(`/signups/${id}/erase`, { json: {} })
/** A page of the held referrals (the first without a cursor), with the top referrers. */
export const fetchReferrals = (after: string | null, signal: AbortSignal) =>
  call<ReferralsReply>(`/referrals${after === null ? '' : `?${queryString({ after })}`}`, { signal })
export const reviewReferral = (friendId: number, verdict: ReferralVerdict) =>
  call<void>(`/referrals/${friendId}/${verdictPaths[verdict]}`, { json: {} })
/** A page of the audit log, newest first (the newest page without a cursor). */
export const fetchAudit = (before: string | null, signal: AbortSignal) =>
  call<AuditReply>(`/audit${before === null ? '' : `?${queryString({ before })}`}`, { signal })

// Invitations (issue 22). A wave names the first person of the preview the team saw: if the line's head has moved
// since, the server refuses with a ServerMessage whose code is 'list-changed' (409).
export const fetchWaves = (signal: AbortSignal) => call<WavesOverview>('/waves', { signal })
export const fetchNextUp = (count: number, signal: AbortSignal) => call<NextUp>(`/waves/next?${new URLSearchParams({ count: String(count) })}`, { signal })
export const startWave = (count: number, firstId: number) => call<{ wave: WaveRow }>('/waves', { json: { count, firstId } satisfies WaveRequest }).then(({ wave }) => wave)
export const inviteAgain = (waveId: number) => call<{ wave: WaveRow }>(`/waves/${waveId}/again`, { json: {} }).then(({ wave }) => wave)
export const setPace = (perDay: number, atUtc: string) => call<{ pace: Pace }>('/pace', { json: { perDay, atUtc } satisfies PaceRequest }).then(({ pace }) => pace)
export const stopPace = () => call<void>('/pace/stop', { json: {} })

// Updates to the list (issue 31). A change refused because the update moved meanwhile (another tab, a colleague, the
// send finishing) is a ServerMessage with the code 'wrong-state' (409); one to an audience that holds nobody now,
// 'nobody' (409); a save whose body links where it may not, 'link-not-allowed' with the link.
const updateOf = ({ update }: UpdateReply) => update
export const fetchUpdates = (signal: AbortSignal) => call<UpdatesReply>('/updates', { signal }).then(({ updates }) => updates)
export const fetchUpdate = (id: number, signal: AbortSignal) => call<UpdateReply>(`/updates/${id}`, { signal }).then(updateOf)
/** A new draft (id null) is created; an open one is edited, its words sent whole. */
export const saveUpdate = (id: number | null, input: UpdateInput) =>
  call<UpdateReply>(id === null ? '/updates' : `/updates/${id}`, { json: input, method: id === null ? 'POST' : 'PUT' }).then(updateOf)
export const deleteUpdate = (id: number) => call<void>(`/updates/${id}`, { method: 'DELETE' })
export const fetchUpdatePreview = (id: number, signal: AbortSignal) => call<UpdatePreview>(`/updates/${id}/preview`, { signal })
export const sendUpdateTest = (id: number) => call<UpdateTestReply>(`/updates/${id}/test`, { method: 'POST' })
export const fetchAudiences = (signal: AbortSignal) => call<AudiencesReply>('/updates/audiences', { signal })
export const sendUpdate = (id: number, request: SendRequest) => call<UpdateReply>(`/updates/${id}/send`, { json: request }).then(updateOf)
/** Pause, resume, unschedule or cancel: no body, the update as it stands after the move. */
export const moveUpdateSend = (id: number, move: SendMoveName) => call<UpdateReply>(`/updates/${id}/${move}`, { method: 'POST' }).then(updateOf)
/** An update's record, one row per person, as CSV (a plain link). */
export const updateRecordCsvHref = (id: number) => `${adminApiBase}/updates/${id}/record.csv`

// Where signups come from (issue 32): one report per range of UTC days, and any of its tables as CSV (a plain link).
// The days are named one by one: a report passed as the range would otherwise put all of itself in the address.
type DayRange = { from: string; to: string }
export const fetchAnalytics = ({ from, to }: DayRange, signal: AbortSignal) => call<AnalyticsReport>(`/analytics?${queryString({ from, to })}`, { signal })
export const analyticsCsvHref = (table: ReportTable, { from, to }: DayRange) => `${adminApiBase}/analytics.csv?${queryString({ table, from, to })}`

// API keys (issue 33): the list, making one (the only reply that carries the key), revoking one.
export const fetchApiKeys = (signal: AbortSignal) => call<ApiKeysReply>(apiKeysPath, { signal }).then(({ keys }) => keys)
export const makeApiKey = (input: MakeApiKey) => call<MadeApiKey>(apiKeysPath, { json: input }).then(({ key, secret }) => ({ key, secret }))
export const revokeApiKey = (id: number) => call<void>(revokeApiKeyPath(id), { json: {} })

/** The CSV download's address for the current search (a plain link: the browser saves it with the cookie). */
export const csvHref = (search: string) => `${adminApiBase}/signups.csv${search ? `?${new URLSearchParams({ search })}` : ''}`
/** The funnel per wave and in total, as CSV (a plain link too). */
export const wavesCsvHref = `${adminApiBase}/waves.csv`

/** The token of a sign-in link (#token=…), if this page was opened from one. */
export const tokenInAddress = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token')

// Webhooks (issue 33): the endpoints, one change at a time (machines/admin-webhooks-machine.ts), and a log's page.
export const fetchWebhooks = (signal: AbortSignal) => call<WebhookEndpointsReply>('/webhooks', { signal })
export async function applyWebhookChange(change: WebhookChange): Promise<ChangeDone> {
  const done = (endpointId: number, secret?: string): ChangeDone => ({ endpointId, secret, tested: change.kind === 'test' })
  switch (change.kind) {
    case 'add': {
      const added = await call<WebhookSecretReply>('/webhooks', { json: { url: change.url, events: change.events } })
      return done(added.endpoint.id, added.secret)
    }
    case 'edit':
      await call<void>(`/webhooks/${change.id}`, { json: { url: change.url, events: change.events }, method: 'PATCH' })
      return done(change.id)
    case 'delete':
      await call<void>(`/webhooks/${change.id}`, { method: 'DELETE' })
      return done(change.id)
    case 'rotate': {
      const rotated = await call<WebhookSecretReply>(`/webhooks/${change.id}/rotate`, { method: 'POST' })
      return done(change.id, rotated.secret)
    }
    default:
      await call<void>(`/webhooks/${change.id}/${change.kind}`, { method: 'POST' })
      return done(change.id)
  }
}
export const fetchWebhookDeliveries = (id: number, before: string | null, signal: AbortSignal) =>
  call<WebhookDeliveriesReply>(`/webhooks/${id}/deliveries${before === null ? '' : `?${queryString({ before })}`}`, { signal })
