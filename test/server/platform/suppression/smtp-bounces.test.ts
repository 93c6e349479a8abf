// @vitest-environment node
// Bounces at send time, from a real SMTP server's replies, on both engines: a 5yz to RCPT TO is a hard bounce (the
// address is suppressed at once, in the server's words), a 4yz to RCPT TO once the retries ran out is a soft one
// (counted), and a 5yz to the message itself (DATA) is no bounce at all: it says nothing of the mailbox. A refused
// address's next email in the same batch meets the list at once: it is not offered to the server again.
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer } from '../../../../server/platform/mail/mailer'
import { silentLogger } from '../../../../server/platform/observability/logger'
import { canonicalAddress } from '../../../../shared/mailbox'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { openStore } from '../../../../tools/open-store'
import { until } from '../../../../tools/until'
import { validSignup } from '../../harness'

const atRcpt: Record<string, number> = { 'gone@example.com': 550, 'full@example.com': 452 }
/** How often each address was offered at RCPT TO. */
const offered = new Map<string, number>()
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    offered.set(address.address, (offered.get(address.address) ?? 0) + 1)
    const code = atRcpt[address.address]
    callback(code ? Object.assign(new Error(code >= 500 ? '5.1.1 <gone@example.com>: no such mailbox' : '4.2.2 mailbox full'), { responseCode: code }) : undefined)
  },
  onData(stream, session, callback) {
    stream.resume().once('end', () => {
      const refused = session.envelope.rcptTo.some((to) => to.address === 'content@example.com')
      callback(refused ? Object.assign(new Error('5.7.1 message content rejected'), { responseCode: 554 }) : undefined)
    })
  },
})
let port = 0
beforeAll(async () => {
  smtp.on('error', () => {})
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  port = (smtp.server.address() as { port: number }).port
})
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

describe.each(eachEngine())('bounces at send time on $engine', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  afterAll(() => engine.teardown())

  it('suppresses a 5yz at RCPT, counts a 4yz at RCPT once the retries ran out, and takes no 5yz at DATA as a bounce', async () => {
    const url = await engine.newDatabase()
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Stride Health <no-reply@stridehealth.example>', mailDir: 'not-used-with-smtp' })
    const store = await openStore(url, { mailer, log: silentLogger })
    try {
      for (const email of ['gone@example.com', 'full@example.com', 'content@example.com', 'ann@example.com'])
        await store.add({ ...validSignup, email, emailNormalized: canonicalAddress(email)!, submissionId: null })
      // A second email for the address that is about to bounce, in the same batch, right behind its confirmation.
      await store.consent.requestErasure('gone@example.com', new Date())
      offered.clear()
      const sender = await store.startSender({ pollMs: 20, retryBaseMs: 20, retryCapMs: 20, maxAttempts: 2 })
      const finished = async () => (await engine.query(url, 'SELECT count(*) AS n FROM outbox WHERE finished_at IS NOT NULL')).map((row) => Number(row.n))[0] === 5
      await until(finished, 15_000, 'every email to finish')
      await sender.stop()
      const rows = await engine.query(url, 'SELECT address, reason, source, words, soft_bounces, suppressed_at FROM suppressions ORDER BY address')
      expect(rows.map((row) => row.address)).toEqual(['full@example.com', 'gone@example.com'])
      const [full, gone] = rows
      expect(gone).toMatchObject({ reason: 'hard-bounce', source: 'smtp' })
      expect(String(gone?.words)).toMatch(/^550 .*no such mailbox$/)
      expect(full?.suppressed_at).toBeNull()
      expect(String(full?.soft_bounces).split(' ')).toHaveLength(1)
      const outcomes = await engine.query(url, 'SELECT s.email_normalized AS email, o.outcome FROM outbox o JOIN signups s ON s.id = o.signup_id ORDER BY s.email_normalized, o.id')
      expect(outcomes).toEqual([
        { email: 'ann@example.com', outcome: 'sent' },
        { email: 'content@example.com', outcome: 'failed' },
        { email: 'full@example.com', outcome: 'failed' },
        { email: 'gone@example.com', outcome: 'failed' },
        { email: 'gone@example.com', outcome: 'suppressed' },
      ])
      expect(offered.get('gone@example.com')).toBe(1)
    } finally {
      await store.close()
    }
  })
})
