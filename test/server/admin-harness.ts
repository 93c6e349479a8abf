// A real server for the console's API tests: the app over a SQLite file in a temp folder, sign-in mail sent
// over SMTP to an in-process inbox, and a clock the test can move (for 15-minute links and 12-hour sessions).
import { join } from 'node:path'
import { createApp, type AppOptions } from '../../server/app'
import { parseAdminEmails } from '../../server/features/console/admin-emails'
import type { AdminStore } from '../../server/features/console/admin-store'
import { createSignInMailer } from '../../server/features/console/sign-in-mail'
import { afterRepliesSettled } from '../../server/platform/http/after-reply'
import { createMailer } from '../../server/platform/mail/mailer'
import { mailboxBudgetOver } from '../../server/platform/mail/mailbox-budget'
import { listen, socketAddress } from '../../server/platform/http/node-server'
import { line } from '../../server/features/referral/line'
import { referralRules } from '../../shared/rules'
import type { Stores } from '../utils/open-store'
import { appStores, openStore } from '../utils/open-store'
import { linkIn, startInbox, type Inbox } from '../utils/smtp-inbox'
import { freePort, makeTempDir } from './harness'
import { outboxStore } from '../../server/platform/outbox/outbox-store'

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
  close: () => Promise<void>
}

type AdminServerOptions = Partial<AppOptions> & { signInRateLimit?: { max: number; windowMs: number }; databaseUrl?: string; adminEmails?: string }

/** On a fresh SQLite file by default, or on the PostgreSQL database `databaseUrl` names. */
export async function startAdminServer(options: AdminServerOptions = {}): Promise<AdminTestServer> {
  const temp = await makeTempDir()
  const databaseUrl = options.databaseUrl ?? `file:${join(temp.dir, 'waitlist.db')}`
  const store = await openStore(databaseUrl)
  const adminStore = store.admin
  const inbox = await startInbox()
  const clock = { offsetMs: 0 }
  // The link base is fixed at start (PUBLIC_URL), so learn a free port first and listen on it.
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const mailer = createMailer({ smtpUrl: inbox.url, mailFrom: 'console@company.example', mailDir: temp.dir })
  const now = () => new Date(Date.now() + clock.offsetMs)
  const signInMailer = createSignInMailer({ mailer, budget: mailboxBudgetOver(store.rateLimiter), now, checkMs: 20 })
  const app = createApp({
    clientAddress: socketAddress,
    rateLimit: { max: 1_000_000, windowMs: 60_000 },
    ...options,
    ...appStores(store),
    admin: {
      store: adminStore,
      adminEmails: parseAdminEmails(options.adminEmails ?? `${adminEmail}, Second@Company.example`),
      publicUrl: origin,
      sendSignInLink: signInMailer,
      eraseSignup: (id, now) => store.consent.eraseById(id, now),
      outboxStats: (now) => outboxStore(store.database).stats(now),
      reviewReferral: (id, verdict, by) => line(store.database, { boostPlaces: referralRules.boostPlaces }).review(id, verdict, by),
      waves: { invitations: store.invitations, ready: options.inviteUrl !== undefined },
      signInRateLimit: options.signInRateLimit,
      now,
    },
  })
  const server = await listen(app, { port, host: '127.0.0.1' })

  const request: AdminTestServer['request'] = (path, init = {}) => {
    const { cookie, ...rest } = init
    const headers = new Headers(rest.headers)
    if (cookie) headers.set('cookie', cookie)
    if (rest.method && rest.method !== 'GET' && !headers.has('origin')) headers.set('origin', origin)
    if (typeof rest.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json')
    return fetch(`${origin}${path}`, { ...rest, headers, redirect: 'manual' })
  }

  const signIn = async (email = adminEmail) => {
    const asked = await request('/api/admin/sign-in/request', { method: 'POST', body: JSON.stringify({ email }) })
    if (asked.status !== 202) throw new Error(`sign-in request answered ${asked.status}`)
    const token = new URL(linkIn(await inbox.next(email))).hash.slice('#token='.length)
    const verified = await request('/api/admin/sign-in/verify', { method: 'POST', body: JSON.stringify({ token }) })
    if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`)
    return verified.headers.get('set-cookie')!.split(';')[0]!
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
    close: async () => {
      await server.close()
      await afterRepliesSettled()
      signInMailer.stop()
      mailer.close()
      await inbox.close()
      await store.close()
      await temp.remove()
    },
  }
}
