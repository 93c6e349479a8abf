// @vitest-environment node
// The attack strings an outside test found (issue 19), against the live HTTP server with its outbox delivering
// to a real SMTP server: for each, what the visitor is told, and who received what. Every mail must have
// exactly one recipient in its envelope and its To header, and that recipient must be a person who typed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signupCsvRow } from '../../../../server/features/signup/signup-export'
import { mailboxBudget } from '../../../../server/platform/mail/mailbox-budget'
import { inboxKey } from '../../../../shared/mail-providers'
import { canonicalAddress } from '../../../../shared/mailbox'
import { messages } from '../../../../shared/messages'
import { startInbox, type Inbox, type ReceivedMail } from '../../../../tools/smtp-inbox'
import { queryDatabase, startTestServer, validSignup, type TestServer } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let inbox: Inbox
let server: TestServer
beforeAll(async () => {
  inbox = await startInbox()
  server = await startTestServer({ mail: { smtpUrl: inbox.url }, consentRateLimit: { max: 1_000_000, windowMs: 60_000 } })
})
afterAll(async () => {
  await server.close()
  await inbox.close()
})

const signUp = async (email: string, firstName = 'Ann') => (await server.post({ ...validSignup, email, firstName })).json()
const askErasure = async (email: string) =>
  (await fetch(`${server.origin}/api/waitlist/erase`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ email }) })).json()
/** Lets the deferred work and the outbox finish, then takes every mail received so far. */
async function delivered(): Promise<ReceivedMail[]> {
  await server.sender!.idle()
  return inbox.mails.splice(0)
}
// smtp-server and mailparser show an IDNA domain in Unicode: read both back through the canonical rule.
const envelope = (mail: ReceivedMail) => mail.rcptTo.map((address) => canonicalAddress(address))
const toHeader = (mail: ReceivedMail) => [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => canonicalAddress(entry.address ?? '')))

const notOneMailbox = [
  'alice@one.example,bob@two.example,carol@three.example',
  'a@b.io,c@d.io,e@f.io,g@h.io,i@j.io,k@l.io,m@n.io,o@p.io,q@r.io@s.io',
  'x@mailinator.com,me@ok.example',
  'me@ok.example;them@two.example',
  'me@ok.example them@two.example',
  '"Ann" <ann@ok.example>',
  'ann@ok.example>',
  '<ann@ok.example>, bob@two.example',
  'ann@ok.example\r\nBcc: evil@evil.example',
  'ann@ok.example\nTo: evil@evil.example',
  '"evil@evil.example"@ok.example',
  'ann(evil@evil.example)@ok.example',
  'ann@[127.0.0.1]',
  'evil@evil.example\u0000@ok.example',
]

describe('the attack corpus', () => {
  it.each(notOneMailbox)('refuses %j as an invalid email, at signup and at erasure, and mails nobody', async (email) => {
    expect(await signUp(email, 'Claim your prize at evil.example')).toEqual({ ok: false, message: messages.invalidEmail })
    expect(await askErasure(email)).toEqual({ ok: false, message: messages.invalidEmail })
    expect(await delivered()).toEqual([])
  })

  it('refuses a disposable domain however it is dressed', async () => {
    for (const email of ['x@mailinator.com', 'x@mailinator.com.', 'x@MAILINATOR.com', 'x@sub.mailinator.com'])
      expect(await signUp(email)).toEqual({ ok: false, message: messages.disposableEmail })
    expect(await delivered()).toEqual([])
  })

  it('mails one person once, whatever case or form of their address is typed', async () => {
    for (const email of ['victim@target.example', 'Victim@target.example', 'VICTIM@TARGET.EXAMPLE', 'victim@target.example.', ' victim@Target.Example '])
      expect(await signUp(email)).toEqual({ ok: true, message: messages.success })
    for (const email of ['user@bücher.example', 'user@xn--bcher-kva.example', 'USER@BÜCHER.EXAMPLE'])
      expect(await signUp(email)).toEqual({ ok: true, message: messages.success })
    const mails = await delivered()
    expect(mails.map(envelope)).toEqual([['victim@target.example'], ['user@xn--bcher-kva.example']])
    expect(mails.map(toHeader)).toEqual([['victim@target.example'], ['user@xn--bcher-kva.example']])
  })

  it(`lets into one inbox one email of a kind per ${mailboxBudget.perKind.windowMs / 60_000} minutes and ${mailboxBudget.spare.max} to spare, across signups, +tags and erasure requests, with the same replies, and drops none`, async () => {
    const variants = Array.from({ length: 12 }, (_, index) => `bombed+${index}@target.example`)
    for (const email of variants) expect(await signUp(email)).toEqual({ ok: true, message: messages.success })
    for (const email of ['bombed@target.example', ...variants]) expect(await askErasure(email)).toEqual({ ok: true, message: messages.eraseRequested })
    const mails = await delivered()
    expect(mails.every((mail) => mail.rcptTo.length === 1 && inboxKey(mail.rcptTo[0]!) === 'bombed@target.example')).toBe(true)
    // A confirmation and an erasure link, and the spare ones.
    expect(mails).toHaveLength(2 * mailboxBudget.perKind.max + mailboxBudget.spare.max)
    // The others wait their turn, the next of each kind within the 10 minutes.
    const waiting = await queryDatabase(server.databaseUrl, 'SELECT next_attempt_at FROM outbox WHERE finished_at IS NULL')
    expect(waiting).toHaveLength(2 * variants.length - mails.length)
    for (const { next_attempt_at } of waiting) expect(new Date(next_attempt_at as string | Date).getTime()).toBeLessThanOrEqual(Date.now() + mailboxBudget.perKind.windowMs)
    // Another inbox is untouched by that one's budget.
    expect(await signUp('neighbour@target.example')).toEqual({ ok: true, message: messages.success })
    expect((await delivered()).map((mail) => mail.rcptTo)).toEqual([['neighbour@target.example']])
  })

  it('sends every mail to exactly the one canonical address that was typed', async () => {
    const people = ['jörg@example.de', "o'brien@example.ie", 'a.b+c@example.co.uk']
    for (const email of people) expect(await signUp(email)).toEqual({ ok: true, message: messages.success })
    const mails = await delivered()
    expect(mails.map(envelope).sort()).toEqual(people.map((email) => [email]).sort())
    for (const mail of mails) expect(toHeader(mail)).toEqual(envelope(mail))
  })

  it('keeps formulas typed as a name out of the team\'s spreadsheet', async () => {
    const names = [';=1+1', '\u200b=1+1', '\uff1d1+1', ',=cmd|"/c calc"!A1', '\ufeff@SUM(A1)', '=HYPERLINK("https://evil.example")', ' -2+3']
    for (const [index, firstName] of names.entries()) expect(await signUp(`formula${index}@example.com`, firstName)).toEqual({ ok: true, message: messages.success })
    const cells: string[] = []
    for await (const row of server.store.all()) if (row.email.startsWith('formula')) cells.push(signupCsvRow(row).split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[2]!)
    expect(cells).toHaveLength(names.length)
    for (const cell of cells) expect(cell).toMatch(/^"?'/)
    await delivered()
  })
})
