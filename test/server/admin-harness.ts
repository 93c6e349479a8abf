// A real server for the console's API tests: the app over a fresh database of the run's engine, sign-in mail sent
// over SMTP to an in-process inbox, and a clock the test can move (for 15-minute links and 12-hour sessions).
import { afterAll, beforeAll } from 'vitest'
import type { ServerConfig } from '../../server/config'
import type { AdminStore } from '../../server/features/console/admin-store'
import { createMailer } from '../../server/platform/mail/mailer'
import { socketAddress } from '../../server/platform/http/node-server'
import type { Logger } from '../../server/platform/observability/logger'
import { composeForTests, type Stores } from '../../tools/open-store'
import { linkIn, startInbox, type Inbox } from '../../tools/smtp-inbox'
import { consoleRequests, prepareServer } from './harness'
import { teamInvitationSubject } from '../../server/features/console/team-invitation-email'
import type { Role } from '../../shared/team'
import type { EngineUnderTest } from '../utils/engines'

export const adminEmail = 'team@company.example'

export type AdminTestServer = {
  origin: string
  databaseUrl: string
  store: Stores
  adminStore: AdminStore
  inbox: Inbox
  clock: { offsetMs: number }
  /** fetch against the server; state-changing requests carry this server's Origin unless told otherwise. */
  request: (path: string, init?: RequestInit & { cookie?: string }) => Promise<Response>
  /** Signs in through a mailed link and returns the Cookie header to send. */
  signIn: (email?: string) => Promise<string>
  /** Uses a link's token (from a sign-in email or an invitation) and returns the reply. */
  verify: (token: string) => Promise<Response>
  /** The token of the next invitation to the team mailed to `email`. */
  invitationToken: (email: string) => Promise<string>
  /** An owner (`ownerCookie`) invites `email` with `role` in the console; they open the invitation: their Cookie header. */
  joinTeam: (ownerCookie: string, email: string, role: Role) => Promise<string>
  close: () => Promise<void>
}

type AdminServerOptions = Partial<Pick<ServerConfig, 'allowedOrigins' | 'trustedProxies' | 'analytics' | 'publicSiteUrl' | 'sensitiveAnswersKey' | 'staticDir'>> & {
  /** Whether SMTP_URL and MAIL_FROM are set, as the setup checklist reads them. */
  mailSet?: { smtpUrl: boolean; mailFrom: boolean }
  /** INVITE_URL. */
  inviteUrl?: string
  signInRateLimit?: { max: number; windowMs: number }
  /** The beacon's own limit (features/analytics/), per client. */
  analyticsRateLimit?: { max: number; windowMs: number }
  /** Each API key's own limit (features/api/). */
  apiKeyRateLimit?: { max: number; windowMs: number }
  databaseUrl?: string
  /** ADMIN_EMAILS, as the variable is written. */
  adminEmails?: string
  /** The suppression list's settings (SOFT_BOUNCE_*, the providers' secrets, UPDATE_PAUSE_*). */
  bounces?: ServerConfig['bounces']
  /** MAIL_FROM and DKIM_SELECTOR for the check of the sender's domain, and the DNS it asks. */
  mailDomain?: { mailFrom: string | undefined; dkimSelector: string | undefined }
  resolveTxt?: (host: string) => Promise<string[][]>
  /** The site served after the API (the static site of `staticDir`), and the Overview's drawing on the server. */
  site?: (request: Request) => Promise<Response>
  drawOverview?: NonNullable<Parameters<typeof composeForTests>[1]>['drawOverview']
  log?: Logger
}

/** On a fresh database of the run's engine (harness.ts `freshDatabase`) by default, or on the one `databaseUrl` names. */
export async function startAdminServer(options: AdminServerOptions = {}): Promise<AdminTestServer> {
  const { temp, databaseUrl, database, server, origin, serve } = await prepareServer({ databaseUrl: options.databaseUrl })
  const inbox = await startInbox()
  const clock = { offsetMs: 0 }
  const { composition, stores: store } = composeForTests(database, {
    config: { allowedOrigins: options.allowedOrigins, trustedProxies: options.trustedProxies, analytics: options.analytics, publicSiteUrl: options.publicSiteUrl, sensitiveAnswersKey: options.sensitiveAnswersKey, ...(options.staticDir && { staticDir: options.staticDir }), rateLimit: { max: 1_000_000, windowMs: 60_000 }, ...(options.bounces && { bounces: options.bounces }) },
    invitations: { url: options.inviteUrl },
    adminEmails: options.adminEmails ?? `${adminEmail}, Second@Company.example`,
    publicUrl: origin,
    mailSet: options.mailSet,
    mailDomain: options.mailDomain,
    resolveTxt: options.resolveTxt,
    site: options.site,
    drawOverview: options.drawOverview,
    mailer: createMailer({ smtpUrl: inbox.url, mailFrom: 'console@company.example', mailDir: temp.dir }),
    log: options.log,
    now: () => new Date(Date.now() + clock.offsetMs),
    clientAddress: socketAddress,
    limits: { signIn: options.signInRateLimit, signInCheckMs: 20, analytics: options.analyticsRateLimit, apiKey: options.apiKeyRateLimit },
  })
  serve(composition.app)
  const adminStore = store.admin
  const request = consoleRequests(origin)

  const tokenIn = (mail: Parameters<typeof linkIn>[0]) => new URL(linkIn(mail)).hash.slice('#token='.length)
  const verify = (token: string) => request('/api/admin/sign-in/verify', { method: 'POST', body: JSON.stringify({ token }) })
  const cookieOf = (verified: Response) => {
    if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`)
    return verified.headers.get('set-cookie')!.split(';')[0]!
  }

  const signIn = async (email = adminEmail) => {
    const asked = await request('/api/admin/sign-in/request', { method: 'POST', body: JSON.stringify({ email }) })
    if (asked.status !== 202) throw new Error(`sign-in request answered ${asked.status}`)
    return cookieOf(await verify(tokenIn(await inbox.next(email))))
  }

  const invitationToken = async (email: string) => {
    const mail = await inbox.next(email)
    if (mail.subject !== teamInvitationSubject) throw new Error(`the next mail to ${email} is "${mail.subject}", not an invitation`)
    return tokenIn(mail)
  }

  const joinTeam = async (ownerCookie: string, email: string, role: Role) => {
    const invited = await request('/api/admin/team', { method: 'POST', cookie: ownerCookie, body: JSON.stringify({ email, role }) })
    if (invited.status !== 201) throw new Error(`invitation answered ${invited.status}: ${await invited.text()}`)
    return cookieOf(await verify(await invitationToken(email)))
  }

  return {
    origin,
    databaseUrl,
    store,
    adminStore,
    inbox,
    clock,
    request,
    signIn,
    verify,
    invitationToken,
    joinTeam,
    close: async () => {
      await server.close()
      await store.close()
      await inbox.close()
      await temp.remove()
    },
  }
}

/** For a describe block on `engine` (test/utils/engines.ts): the engine set up and a server on a new database of it
 * with a member signed in (`adminEmail`), made before the block's tests and closed, with the engine, after them. Read
 * `server()` and `cookie()` inside a test, once the hook has run; `api` asks the console's API as that member, with
 * `payload` as the JSON body. */
export function signedInConsoleOn(engine: EngineUnderTest, options: Omit<AdminServerOptions, 'databaseUrl'> = {}) {
  let server: AdminTestServer | undefined
  let cookie: string | undefined
  beforeAll(async () => {
    await engine.setup()
    server = await startAdminServer({ ...options, databaseUrl: await engine.newDatabase() })
    cookie = await server.signIn()
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await engine.teardown()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The console starts in beforeAll: use it inside a test.')
    return value
  }
  return {
    server: () => started(server),
    cookie: () => started(cookie),
    api: (method: string, path: string, payload?: unknown) =>
      started(server).request(`/api/admin${path}`, { method, cookie: started(cookie), ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) }),
  }
}
