// @vitest-environment node
// A mail server's answer decides whether an email is tried again: a 4yz (try later) is retried, a 5yz (this
// will never succeed, RFC 5321 §4.2.1) such as an unknown mailbox is finished as failed at once, so it does not
// sit in the outbox for hours. A real SMTP server that refuses two of the recipients.
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailKinds } from '../../../../server/email-kinds'
import { startOutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { outboxStore } from '../../../../server/platform/outbox/outbox-store'
import { createMailer } from '../../../../server/platform/mail/mailer'
import { logLines } from '../../../utils/log-lines'
import { openStore } from '../../../../tools/open-store'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { validSignup } from '../../harness'
import { until } from '../../../../tools/until'
import { systemClock } from '../../../../server/platform/clock/system-clock'

const refusals: Record<string, number> = { 'unknown@example.com': 550, 'busy@example.com': 451 }
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const code = refusals[address.address]
    // As real servers do, the refusal quotes the recipient: it reaches the sender's log line only scrubbed.
    const refusal = `<${address.address}>: ${code && code >= 500 ? 'no such mailbox' : 'try again later'}`
    callback(code ? Object.assign(new Error(refusal), { responseCode: code }) : undefined)
  },
  onData: (stream, _session, callback) => stream.resume().once('end', () => callback()),
})
let port = 0
beforeAll(async () => {
  // A connection the mailer closes may reset under the server; as a real server does, it carries on.
  smtp.on('error', () => {})
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  port = (smtp.server.address() as { port: number }).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

describe.each(eachEngine())('on $engine', (engine: EngineUnderTest) => {
  beforeAll(engine.setup)
  afterAll(engine.teardown)

  it('finishes an email refused for good at once, and keeps retrying one refused for now', async () => {
    const url = await engine.newDatabase()
    const store = await openStore(url)
    for (const email of ['unknown@example.com', 'busy@example.com', 'ann@example.com'])
      await store.add({ ...validSignup, email, emailNormalized: email, submissionId: null })
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Stride Health <no-reply@stridehealth.example>', mailDir: 'not-used-with-smtp' })
    const { logger, lines: logged } = logLines()
    const links = { siteUrl: 'http://127.0.0.1:3000', apiUrl: 'http://127.0.0.1:3000' }
    const sender = startOutboxSender({ outbox: outboxStore(store.database), kinds: emailKinds(store.database, { links }), mailer, pollMs: 20, retryBaseMs: 30, retryCapMs: 30, log: logger, now: systemClock })
    const outcomes = async () => engine.query(url, 'SELECT s.email, o.outcome, o.attempts FROM outbox o JOIN signups s ON s.id = o.signup_id ORDER BY s.email')
    // Stopped whether or not the wait succeeds: a sender left polling would run on into the files after this one.
    try {
      await until(async () => Number((await outcomes()).find((row) => row.email === 'busy@example.com')?.attempts) >= 3, 10_000, 'the refused-for-now email to be tried three times')
    } finally {
      await sender.stop()
      mailer.close()
      await store.close()
    }
    const rows = await outcomes()
    expect(rows.find((row) => row.email === 'ann@example.com')).toMatchObject({ outcome: 'sent', attempts: 1 })
    expect(rows.find((row) => row.email === 'unknown@example.com')).toMatchObject({ outcome: 'failed', attempts: 1 })
    const busy = rows.find((row) => row.email === 'busy@example.com')
    expect(busy?.outcome).toBeNull()
    expect(Number(busy?.attempts)).toBeGreaterThanOrEqual(3)
    const lines = logged()
    expect(lines.join('\n')).toMatch(/refused for good.*\[address\]>: no such mailbox/)
    expect(lines.join('\n')).not.toContain('@example.com')
  })
})
