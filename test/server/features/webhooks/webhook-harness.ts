// The webhook tests' server: the composition as `npm start` builds it (tools/open-store.ts), on a fresh
// database of the engine under test (test/server/harness.ts), with real email to the in-process inbox (the
// confirmation, invitation and erasure links come from there), the console signed in by its mailed link, the
// outbox sender and the clocks running (the webhooks' deliverer among them), and a clock the test can move.
import { afterEach } from 'vitest'
import type { Resolve } from '../../../../server/features/webhooks/address-guard'
import { silentLogger } from '../../../../server/platform/observability/logger'
import { socketAddress } from '../../../../server/platform/http/node-server'
import { afterRepliesSettled } from '../../../../server/platform/http/after-reply'
import { createMailer } from '../../../../server/platform/mail/mailer'
import type { Composition } from '../../../../server/compose'
import { startReceiver, type Receiver } from '../../../utils/webhook-receiver'
import type { WebhookEndpointRow } from '../../../../shared/webhook-rows'
import { composeForTests, type Stores } from '../../../../tools/open-store'
import { linkIn, startInbox, type Inbox } from '../../../../tools/smtp-inbox'
import { consoleRequests, prepareServer, validSignup } from '../../harness'

export const teamEmail = 'team@company.example'

export type WebhookServer = {
  origin: string
  databaseUrl: string
  store: Stores
  composition: Composition
  inbox: Inbox
  clock: { offsetMs: number }
  request: (path: string, init?: RequestInit & { cookie?: string }) => Promise<Response>
  signIn: () => Promise<string>
  /** Adds an endpoint through the console and gives it with its secret. */
  addEndpoint: (cookie: string, url: string, events: readonly string[]) => Promise<{ endpoint: WebhookEndpointRow; secret: string }>
  /** A signup through the public route, with the referral code when given. */
  signUp: (email: string, referralCode?: string) => Promise<void>
  /** The next email to `to` carrying a link to `path`, and its token (others are passed over). */
  linkFor: (to: string, path: string) => Promise<{ url: string; token: string }>
  postJson: (path: string, body: unknown) => Promise<Response>
  close: () => Promise<void>
}

/** `databaseUrl`: a fresh database of the test's own engine (test/utils/engines.ts), for a test that runs on both;
 * `timeoutMs`: how long a delivery waits for its reply (2 s unless told). */
export type WebhookServerOptions = { allowPrivate?: boolean; resolve?: Resolve; inviteUrl?: string; databaseUrl?: string; timeoutMs?: number }

export async function startWebhookServer(options: WebhookServerOptions = {}): Promise<WebhookServer> {
  const { temp, databaseUrl, database, server, origin, serve } = await prepareServer({ databaseUrl: options.databaseUrl })
  const inbox = await startInbox()
  const clock = { offsetMs: 0 }
  const { composition, stores: store } = composeForTests(database, {
    config: { rateLimit: { max: 1_000_000, windowMs: 60_000 }, webhooks: { allowPrivate: options.allowPrivate ?? true } },
    invitations: { url: options.inviteUrl ?? 'https://testflight.apple.com/join/AbCdEfGh' },
    adminEmails: teamEmail,
    publicUrl: origin,
    mailer: createMailer({ smtpUrl: inbox.url, mailFrom: 'Stride Health <no-reply@stridehealth.example>', mailDir: temp.dir }),
    now: () => new Date(Date.now() + clock.offsetMs),
    clientAddress: socketAddress,
    limits: { signInCheckMs: 20, consent: { max: 1_000_000, windowMs: 60_000 } },
    webhookDelivery: { resolve: options.resolve, timeoutMs: options.timeoutMs ?? 2000 },
    log: silentLogger,
  })
  serve(composition.app)
  await store.startSender({ pollMs: 50 })
  const ticker = composition.startTicker()

  const request = consoleRequests(origin)
  const postJson = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) })
  const tokenIn = (text: string, path: string) => new RegExp(`https?://[^\\s"]+${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(text)
  const linkFor = async (to: string, path: string) => {
    for (;;) {
      const mail = await inbox.next(to)
      const found = tokenIn(`${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`, path)
      if (found) return { url: found[0], token: found[1]! }
    }
  }

  return {
    origin,
    databaseUrl,
    store,
    composition,
    inbox,
    clock,
    request,
    postJson,
    linkFor,
    signIn: async () => {
      const asked = await request('/api/admin/sign-in/request', { method: 'POST', body: JSON.stringify({ email: teamEmail }) })
      if (asked.status !== 202) throw new Error(`sign-in request answered ${asked.status}`)
      const token = new URL(linkIn(await inbox.next(teamEmail))).hash.slice('#token='.length)
      const verified = await request('/api/admin/sign-in/verify', { method: 'POST', body: JSON.stringify({ token }) })
      if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`)
      return verified.headers.get('set-cookie')!.split(';')[0]!
    },
    addEndpoint: async (cookie, url, events) => {
      const added = await request('/api/admin/webhooks', { method: 'POST', cookie, body: JSON.stringify({ url, events }) })
      const reply = (await added.json()) as { ok: boolean; endpoint: WebhookEndpointRow; secret: string; message?: string }
      if (!reply.ok) throw new Error(`adding ${url} was refused: ${reply.message}`)
      return reply
    },
    signUp: async (email, referralCode) => {
      const joined = await postJson('/api/waitlist', { ...validSignup, email, ...(referralCode && { referralCode }) })
      if (!joined.ok) throw new Error(`signup answered ${joined.status}`)
    },
    close: async () => {
      await ticker.stop()
      await server.close()
      await afterRepliesSettled()
      await store.close()
      await inbox.close()
      await temp.remove()
    },
  }
}

/** The receivers a test starts, for its afterEach to release (before the server stops, which waits for a post
 * in flight) and close. */
/** What a webhook test starts, closed after each test of the suite that calls it (an afterEach it registers): the
 * server `start` made, and the receivers `receiver` started, a slow one's held requests released first. */
export function webhooksPerTest() {
  let server: WebhookServer | undefined
  const receivers = receiversPerTest()
  afterEach(async () => {
    receivers.releaseAll()
    await server?.close()
    server = undefined
    await receivers.closeAll()
  })
  return {
    start: async (options?: WebhookServerOptions): Promise<WebhookServer> => (server = await startWebhookServer(options)),
    receiver: receivers.start,
  }
}

function receiversPerTest() {
  const started: Receiver[] = []
  return {
    async start(): Promise<Receiver> {
      const receiver = await startReceiver()
      started.push(receiver)
      return receiver
    },
    releaseAll: () => started.forEach((receiver) => receiver.release()),
    async closeAll(): Promise<void> {
      for (const receiver of started.splice(0)) await receiver.close()
    },
  }
}
