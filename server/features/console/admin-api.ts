// /api/admin: the console's API. Two routes are open (asking for and using a sign-in link); every other one
// needs a session (admin-guard.ts) and the permission the route table names for it (shared/console-routes.ts,
// mounted through console-route.ts's `on`), and every state-changing one an Origin of this host, checked once
// here for all of them, the features' own console routes included (the referral reviews, the waves: the
// composition hands them in). Reads are paged on the server; the CSV streams. Sign-ins, exports, erasures and
// changes to the team are audited, and so is every change the features' routes make.
import { Hono, type Context } from 'hono'
import { stream } from 'hono/streaming'
import { csvRow } from '../../platform/http/csv'
import { consoleCsvColumns, consoleCsvRow } from './console-csv'
import type { OutboxStats } from '../../platform/outbox/outbox-store'
import type { RequestFacts } from '../../platform/http/request-facts'
import type { RateLimiter, RateLimitOptions } from '../../platform/http/rate-limit'
import { requireSession, sameOriginOnly, type AdminEnv } from '../../platform/console/guard'
import { adminMessages } from './admin-messages'
import type { AdminStore } from './admin-store'
import { clearSessionCookie } from '../../platform/console/session-cookie'
import type { SignInMailer } from './sign-in-mail'
import { defaultSignInRateLimit, signInRoutes } from './sign-in-routes'
import { on, seesPeople } from '../../platform/console/console-route'
import { consoleMessages } from '../../platform/console/console-messages'
import type { AnswersForExport, ExportAnswers } from '../questions/public'
import { teamRoutes } from './team-routes'
import type { TeamStore } from './team-store'
import { consoleRoutes } from '../../../shared/console-routes'
import { can, rolePermissions, type Role } from '../../../shared/team'
import {
  auditPageSize,
  isSignupSort,
  signupPageSize,
  type AuditReply,
  type ConsoleSummary,
  type Reply,
  type SessionReply,
  type SignupPage,
} from '../../../shared/console-api'

export type AdminApiOptions = {
  store: AdminStore
  /** The team and each member's role (team-store.ts), ADMIN_EMAILS's owners among them. */
  team: TeamStore
  /** The site's public address (PUBLIC_URL), the base of sign-in links. */
  publicUrl: string
  sendSignInLink: SignInMailer
  /** Erases one person as their own confirmed request would (the consent store's eraseById). */
  eraseSignup: (id: number, now: Date) => Promise<boolean>
  /** How the outbox stands (the outbox store's stats, which the metrics read too). */
  outboxStats: (now: Date) => Promise<OutboxStats>
  /** The answers' columns of the people CSV (the questions' offer, issue 52); without it, none. */
  exportAnswers?: ExportAnswers
  /** The features' console routes (the referral reviews, the waves), behind the same checks as the console's own. */
  routes?: Hono<AdminEnv>[]
  signInRateLimit?: { max: number; windowMs: number }
  now: () => Date
}

export type AdminApiHost = RequestFacts & {
  /** The store's limiter: in memory on SQLite, shared by every instance on PostgreSQL. */
  rateLimiter: (options: RateLimitOptions) => RateLimiter
}

export const chartDays = 90

/** No answers' columns: no questions wing, or a member who may not see people. */
const noAnswers: AnswersForExport = { columns: [], of: async () => new Map() }

function signupQuery(c: Context) {
  const search = (c.req.query('search') ?? '').slice(0, 200)
  const sortParam = c.req.query('sort')
  const sort = isSignupSort(sortParam) ? sortParam : 'createdAt'
  const direction = c.req.query('direction') === 'asc' ? ('asc' as const) : ('desc' as const)
  const page = Math.max(1, Math.min(1_000_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1))
  const pageSize = Math.max(1, Math.min(100, Number.parseInt(c.req.query('pageSize') ?? String(signupPageSize), 10) || signupPageSize))
  // A cursor is the store's to read (admin-store.ts); anything else in its place only jumps to `page`.
  const cursor = (name: 'after' | 'before') => c.req.query(name)?.slice(0, 1000) || undefined
  const after = cursor('after')
  return { search, sort, direction, page, pageSize, ...(after ? { after } : { before: cursor('before') }) }
}

/** GET /session's answer: who the session names, their role and what it lets them do. The first view drawn on the
 * server is drawn from the same (first-view-page.ts). */
export const sessionReply = (email: string, role: Role): SessionReply => ({ email, role, permissions: [...rolePermissions[role]] })

/** GET /summary's answer, as the first view drawn on the server has it too: the kept counts, and the outbox in the
 * figures the Overview puts in words (how many emails wait, and since when the oldest). */
export async function summaryReply(options: Pick<AdminApiOptions, 'store' | 'outboxStats'>, at: Date): Promise<ConsoleSummary> {
  const [summary, outbox] = await Promise.all([options.store.summary(at, chartDays), options.outboxStats(at)])
  const oldestSeconds = outbox.oldestQueuedAt ? Math.max(0, Math.floor((at.getTime() - outbox.oldestQueuedAt.getTime()) / 1000)) : null
  return { ...summary, outbox: { waiting: outbox.waiting, oldestSeconds } }
}

export function adminApi(options: AdminApiOptions, host: AdminApiHost) {
  const { store, team, now } = options
  const api = new Hono<AdminEnv>()
  api.use('*', sameOriginOnly(host.requestHosts))
  api.use('*', async (c, next) => {
    await next()
    c.res.headers.set('X-Robots-Tag', 'noindex')
  })
  api.route('/', signInRoutes({ ...options, now, isHttps: host.isHttps, clientKey: host.clientKey, limiter: host.rateLimiter(options.signInRateLimit ?? defaultSignInRateLimit) }))
  api.use('*', requireSession({ store, team, isHttps: host.isHttps, now }))

  on(api, consoleRoutes.session, (c) => c.json({ ok: true, ...sessionReply(c.get('adminEmail'), c.get('role')) } satisfies Reply<SessionReply>))

  on(api, consoleRoutes.signOut, async (c) => {
    await store.deleteSession(c.get('sessionHash'))
    await store.audit(c.get('adminEmail'), 'sign-out', '')
    clearSessionCookie(c, host.isHttps(c))
    return c.json({ ok: true })
  })

  on(api, consoleRoutes.summary, async (c) => c.json({ ok: true, ...(await summaryReply(options, now())) } satisfies Reply<ConsoleSummary>))

  on(api, consoleRoutes.signups, async (c) => {
    const query = signupQuery(c)
    return c.json({ ok: true, ...query, ...(await store.searchSignups(query)) } satisfies Reply<SignupPage>)
  })

  // The people CSV, with a column per question for a member who may see people (issue 52). Sensitive (health) answers
  // only when asked for (`?answers=sensitive`, the console's own choice) by a member who may read them: anyone else
  // is refused in words, and the audit says they were in it (never what they were).
  on(api, consoleRoutes.signupsCsv, async (c) => {
    const { search } = signupQuery(c)
    const asked = c.req.query('answers')
    if (asked !== undefined && asked !== 'sensitive') return c.json({ ok: false, message: adminMessages.badRequest }, 400)
    const sensitive = asked === 'sensitive'
    if (sensitive && !can(c.get('role'), 'answers:sensitive:read')) return c.json({ ok: false, message: consoleMessages.forbidden(c.get('role'), 'answers:sensitive:read') }, 403)
    const answers: AnswersForExport = options.exportAnswers && seesPeople(c) ? await options.exportAnswers({ sensitive }) : noAnswers
    // The audit names what was exported, not who: a search term can be an address that is erased later.
    await store.audit(c.get('adminEmail'), 'export', `${search ? 'current search' : 'all signups'}${sensitive ? ', with their sensitive answers' : ''}`)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="waitlist-${now().toISOString().slice(0, 10)}.csv"`)
    return stream(c, async (out) => {
      // A write a batch of the store's (some hundreds of kilobytes): a write a row would be a million awaits.
      await out.write(csvRow([...consoleCsvColumns, ...answers.columns.map((column) => column.header)]))
      for await (const batch of store.exportSignups(search)) {
        const given = answers.columns.length === 0 ? undefined : await answers.of(batch.map((row) => row.id))
        await out.write(batch.map((row) => consoleCsvRow(row, answers.columns.map((column) => given?.get(row.id)?.get(column.questionId) ?? ''))).join(''))
      }
    })
  })

  on(api, consoleRoutes.eraseSignup, async (c) => {
    const id = Number(c.req.param('id'))
    if (!Number.isSafeInteger(id) || id < 1) return c.json({ ok: false, message: adminMessages.badRequest }, 400)
    if (!(await options.eraseSignup(id, now()))) return c.json({ ok: false, message: adminMessages.notFound }, 404)
    await store.audit(c.get('adminEmail'), 'erase', `signup #${id}`)
    return c.json({ ok: true })
  })

  api.route('/', teamRoutes({ ...options, now }))
  for (const routes of options.routes ?? []) api.route('/', routes)

  // The audit log a page at a time, newest first, by keyset (?before=, the id the previous page ended with): one
  // more entry than a page is read, to know whether older ones follow.
  on(api, consoleRoutes.audit, async (c) => {
    const before = c.req.query('before')
    // An entry's id, at most 15 digits (a safe integer); anything else is not a cursor this route wrote.
    if (before !== undefined && !/^[1-9]\d{0,14}$/.test(before)) return c.json({ ok: false, message: adminMessages.badRequest }, 400)
    const read = await store.auditLog(auditPageSize + 1, before === undefined ? undefined : Number(before))
    const page = read.slice(0, auditPageSize)
    const last = page.at(-1)
    const older = read.length > auditPageSize && last ? String(last.id) : null
    return c.json({ ok: true, entries: page.map(({ at, actor, action, detail }) => ({ at, actor, action, detail })), older } satisfies Reply<AuditReply>)
  })
  api.all('*', (c) => c.json({ ok: false, message: 'Not found.' }, 404))
  return api
}
