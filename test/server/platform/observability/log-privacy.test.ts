// @vitest-environment node
// The log never says who is listed (issue 20): the real process (tools/processes.ts, LOG_LEVEL=trace, so
// every line any level would write) on the engine under test, mailing a real SMTP server in this process. One
// person goes through every flow by the links in their emails, as a browser and a mail provider would use them:
// signup, a repeat, confirmation from the page's own form (the token in the query), the List-Unsubscribe URL
// opened and posted, an erasure request and its link; the team signs in to the console, searches for the
// person by address, exports, and erases a second person. Then every line the process wrote is searched for
// the addresses, the first names, every token and the session cookie, and must hold none of them. Every line
// is JSON, and every reply's X-Request-Id is on the line of its request.
import { join } from 'node:path'
import type { ParsedMail } from 'mailparser'
import { expect, it } from 'vitest'
import { linkIn, rawHeader } from '../../../../tools/smtp-inbox'
import { freshDatabase, validSignup } from '../../harness'
import { freePort } from '../../../../tools/ports'
import { killGroup, startServerProcess, type ServerProcess } from '../../../../tools/processes'
import { processFixture } from '../../process-fixture'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const fixture = processFixture()

const person = { firstName: 'Quillonia', email: 'quillonia.vandermeer@example.net' }
const second = { firstName: 'Barnabetta', email: 'barnabetta.okonkwo@example.org' }
const admin = 'ops.team@company.example'

/** The link to `path` in a mail's text part, and its token. */
function linkTo(mail: ParsedMail, path: string): { url: string; token: string } {
  const found = new RegExp(`https?://\\S+${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '')
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`)
  return { url: found[0], token: found[1]! }
}

it('writes no address, first name, token or session cookie in any line, at any level', async () => {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server: ServerProcess = await startServerProcess({
    PORT: String(port),
    DATABASE_URL: await freshDatabase(fixture.temp.dir),
    SMTP_URL: fixture.inbox.url,
    PUBLIC_SITE_URL: origin,
    ADMIN_EMAILS: admin,
    LOG_LEVEL: 'trace',
    MAIL_DIR: join(fixture.temp.dir, 'mail'),
  })
  const secrets: string[] = [person.email, person.firstName, second.email, second.firstName, admin, 'quillonia.vandermeer', 'barnabetta.okonkwo']
  const requestIds: string[] = []
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(path.startsWith('http') ? path : `${origin}${path}`, { redirect: 'manual', ...init })
    requestIds.push(response.headers.get('x-request-id') ?? 'missing')
    return response
  }
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: origin, ...headers },
    body: JSON.stringify(body),
  })
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' },
    body: new URLSearchParams(fields).toString(),
  })
  const tokensOf = (mail: ParsedMail) => [...(mail.text ?? '').matchAll(/token=([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!)

  // Signup, and the same signup again (a repeat), as the site's script sends them; and a broken body.
  for (const who of [person, person, second]) expect((await send('/api/waitlist', json({ ...validSignup, ...who }))).status).toBe(200)
  expect((await send('/api/waitlist', { ...json({}), body: `{"email":"${person.email}","firstName":"${person.firstName}",` })).status).toBe(200)
  const confirmation = await fixture.inbox.next(person.email, 15_000)
  const secondConfirmation = await fixture.inbox.next(second.email, 15_000)
  secrets.push(...tokensOf(confirmation), ...tokensOf(secondConfirmation))

  // Confirm from the page's own no-script form: it posts back to the link's address, token in the query.
  const confirm = linkTo(confirmation, '/waitlist/confirm')
  // It lands on the confirmed page, with the token of its question about news and updates: a secret too.
  const confirmed = (await send(confirm.url, form({}))).headers.get('location')!
  expect(confirmed).toMatch(new RegExp(`^${origin}/waitlist/confirmed\\?token=[\\w-]{43}$`))
  secrets.push(new URL(confirmed).searchParams.get('token')!)
  // That page's own form, posted back to its address: yes to news and updates, and the next page's token.
  const newsOn = (await send(confirmed, form({ news: 'on' }))).headers.get('location')!
  expect(newsOn).toMatch(new RegExp(`^${origin}/waitlist/news-on\\?token=[\\w-]{43}$`))
  secrets.push(new URL(newsOn).searchParams.get('token')!)
  // The welcome that confirmation sends, and the private page behind its link (the token in the query).
  const welcome = await fixture.inbox.next(person.email, 15_000)
  secrets.push(...tokensOf(welcome))
  expect((await send(linkTo(welcome, '/waitlist/place').url)).status).toBe(200)
  // The List-Unsubscribe URL, opened in a browser (a GET with the token), then posted by a mail provider.
  const oneClick = String(rawHeader(confirmation, 'List-Unsubscribe')).replace(/^<|>$/g, '')
  expect((await send(oneClick)).status).toBe(303)
  const body = new FormData()
  body.set('List-Unsubscribe', 'One-Click')
  expect((await send(oneClick, { method: 'POST', body })).status).toBe(200)

  // An erasure request by address, and its link from the page's form.
  expect((await send('/api/waitlist/erase', json({ email: person.email }))).status).toBe(200)
  const erasure = await fixture.inbox.next(person.email, 15_000)
  secrets.push(...tokensOf(erasure))
  expect((await send(linkTo(erasure, '/waitlist/erase/confirm').url, form({}))).headers.get('location')).toBe(`${origin}/waitlist/erased`)

  // The team: a sign-in link, the session, a search by address (in the query string), the export, an erasure.
  expect((await send('/api/admin/sign-in/request', json({ email: admin }, { 'Content-Type': 'application/json' }))).status).toBe(202)
  const signInToken = new URL(linkIn(await fixture.inbox.next(admin, 15_000))).hash.slice('#token='.length)
  secrets.push(signInToken)
  const verified = await send('/api/admin/sign-in/verify', json({ token: signInToken }, { 'Content-Type': 'application/json' }))
  const cookie = verified.headers.get('set-cookie')!.split(';')[0]!
  secrets.push(cookie.slice(cookie.indexOf('=') + 1))
  const asTeam = { headers: { cookie } }
  expect((await send('/api/admin/summary', asTeam)).status).toBe(200)
  const found = await send(`/api/admin/signups?search=${encodeURIComponent(second.email)}`, asTeam)
  const [row] = ((await found.json()) as { rows: { id: number }[] }).rows
  expect((await send('/api/admin/signups.csv', asTeam)).status).toBe(200)
  expect((await send(`/api/admin/signups/${row!.id}/erase`, { method: 'POST', headers: { cookie, Origin: origin } })).status).toBe(200)
  // A path and a query of a visitor's own making.
  await send(`/${person.email}?email=${person.email}&token=${confirm.token}`)

  killGroup(server.child, 'SIGTERM')
  await server.exited
  const lines = server.output().trim().split('\n')
  // Every line is a JSON object with a level a pipeline can filter on.
  for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: expect.stringMatching(/^(trace|debug|info|warn|error|fatal)$/), msg: expect.any(String) })
  const requestLines = lines.map((line) => JSON.parse(line) as { reqId?: string; route?: string }).filter((line) => line.route !== undefined)
  expect(requestLines.map((line) => line.reqId).sort()).toEqual([...requestIds].sort())
  expect(requestLines.map((line) => line.route)).toContain('/waitlist/confirm')

  const everything = lines.join('\n').toLowerCase()
  // The seven names and addresses, eight tokens from the emails (two confirmations' confirm and unsubscribe,
  // the welcome's place and unsubscribe, the erasure's erase and unsubscribe), the two the confirmed and the
  // news-on pages carried in their address, the sign-in token and the session.
  expect(new Set(secrets).size).toBe(19)
  for (const secret of new Set(secrets)) expect(everything, `the log holds ${secret}`).not.toContain(secret.toLowerCase())
  // Nor any address in its encoded form, as a query string would carry it.
  expect(everything).not.toContain('%40example')
}, 60_000)
