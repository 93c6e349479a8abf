// @vitest-environment node
// An update sent to a cohort by answers (issue 52), against a real server with real SMTP, on SQLite here and on
// PostgreSQL with WAITLIST_TEST_ENGINE=postgres. Ten people hold news and updates and six of them match the rules
// (one on a sensitive question): the team counts the cohort before the send, sends, and exactly those six get the
// update. Consent still rules: a match who never asked for news gets nothing, and a suppressed address gets
// nothing. A member who may not see people gets the counts with "fewer than 5", and cannot send to so small a
// cohort; rules naming what no question offers are refused in words; the audit says the audience was by answers.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { sendMessages } from '../../../../server/features/updates/update-routes'
import { updateKind } from '../../../../server/features/updates/update-sends'
import type { OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import type { AuditEntry } from '../../../../shared/console-api'
import type { CohortAudiencesReply, UpdateDraft } from '../../../../shared/update-rows'
import { until } from '../../../../tools/until'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: AdminTestServer
let owner: string
let sender: OutboxSender | undefined
beforeEach(async () => {
  server = await startAdminServer()
  owner = await server.signIn()
})
afterEach(async () => {
  await sender?.stop()
  sender = undefined
  await server.close()
})

const call = (cookie: string, method: string, path: string, body?: unknown) =>
  server.request(`/api/admin${path}`, { method, cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
const db = () => server.store.database.db
const query = (match: unknown) => `/updates/audiences/match?match=${encodeURIComponent(JSON.stringify(match))}`

/** Confirmed people who answered; `news: false` never asked for news and updates. */
async function person(n: number, answers: { questionId: number; answer: string }[], news = true): Promise<{ id: number; email: string }> {
  const email = `runner.${n}@example.com`
  await server.store.add({ email, emailNormalized: email, firstName: `Runner ${n}`, source: 'test', submissionId: null })
  const now = new Date().toISOString()
  const { id } = await db()
    .updateTable('signups')
    .set({ status: 'confirmed', confirmed_at: now, news_given_at: news ? now : null, news_consent_version: news ? '2026-11-27' : null, news_withdrawn_at: null })
    .where('email_normalized', '=', email)
    .returning('id')
    .executeTakeFirstOrThrow()
  expect(await server.store.questions.answer(Number(id), answers, new Date(), { giveConsent: true })).toEqual({ ok: true, saved: answers.length })
  return { id: Number(id), email }
}

it('sends to exactly the people of the audience whose answers match, who hold news and are not suppressed', async () => {
  const distance = await server.store.questions.define({ kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', 'More'] }, adminEmail, new Date())
  const knee = await server.store.questions.define({ kind: 'single', sensitive: true, wording: 'Does a knee hurt when you run?', choices: ['Yes', 'No'] }, adminEmail, new Date())
  if (!distance.ok || !knee.ok) throw new Error('no questions')
  const answers = (short: boolean, sore: boolean) => [
    { questionId: distance.id, answer: short ? 'Under 5 km' : 'More' },
    { questionId: knee.id, answer: sore ? 'Yes' : 'No' },
  ]
  // Ten hold news: 1, 2, 4, 5, 7 and 9 run under 5 km with a sore knee; the others do not both.
  const matches = [1, 2, 4, 5, 7, 9]
  const holders: { id: number; email: string }[] = []
  for (let n = 1; n <= 10; n++) holders.push(await person(n, answers(n !== 3 && n !== 6, n !== 8 && n !== 10)))
  // Two more who match: one never asked for news, one whose address is suppressed.
  const noNews = await person(11, answers(true, true), false)
  const suppressed = await person(12, answers(true, true))
  await server.store.suppressions.suppress(suppressed.email, 'bounced for good', new Date())
  await server.store.settled()
  await db().deleteFrom('outbox').where('kind', '<>', updateKind).execute()
  const match = [
    { questionId: distance.id, choices: ['Under 5 km'] },
    { questionId: knee.id, choices: ['Yes'] },
  ]

  // Before the send: the count among those who hold news (the suppressed address still holds it; the send skips it).
  const counted = (await (await call(owner, 'GET', query(match))).json()) as CohortAudiencesReply
  expect(counted).toMatchObject({ ok: true, counts: { everyone: 7, notInvited: 7, invited: 0, claimed: 0 }, match })

  const { update } = (await (await call(owner, 'POST', '/updates', { subject: 'For short runs and sore knees', preheader: 'Six of you.', body: 'Read [more](https://stridehealth.example/blog).' })).json()) as { update: UpdateDraft }
  const started = await call(owner, 'POST', `/updates/${update.id}/send`, { audience: 'everyone', perSecond: 100, match })
  expect(started.status).toBe(200)
  expect(((await started.json()) as { update: UpdateDraft }).update.send).toMatchObject({ state: 'sending', audience: 'everyone', match, record: { audience: 7 } })

  sender = await server.store.startSender({ pollMs: 50 })
  await until(
    async () => {
      await server.store.updateSends.tick(new Date())
      await sender!.idle()
      return (await server.store.updateSends.sendOf(update.id))?.state === 'done'
    },
    30_000,
    `update #${update.id} done`,
  )
  const got = server.inbox.mails.filter((mail) => mail.subject === update.subject).map((mail) => mail.rcptTo[0])
  expect(got.sort()).toEqual(matches.map((n) => holders[n - 1]!.email).sort())
  expect(got).not.toContain(noNews.email)
  expect(got).not.toContain(suppressed.email)
  expect((await server.store.updateSends.sendOf(update.id))!.record).toMatchObject({ audience: 7, sent: 6, skipped: { suppressed: 1 } })

  const audit = ((await (await call(owner, 'GET', '/audit')).json()) as { entries: AuditEntry[] }).entries
  expect(audit.find((entry) => entry.action === 'send-update')?.detail).toBe(`update #${update.id}: sending now to everyone who asked for news and updates, by answers (2 rules), 100 a second`)
})

it('shows a member who may not see people "fewer than 5", refuses them so small a cohort, and refuses rules no question offers', async () => {
  const distance = await server.store.questions.define({ kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', 'More'] }, adminEmail, new Date())
  if (!distance.ok) throw new Error('no question')
  for (let n = 1; n <= 8; n++) await person(n, [{ questionId: distance.id, answer: n <= 2 ? 'More' : 'Under 5 km' }])
  const few = [{ questionId: distance.id, choices: ['More'] }]
  const many = [{ questionId: distance.id, choices: ['Under 5 km'] }]
  const senderCookie = await server.joinTeam(owner, 'sam@company.example', 'sender')

  expect(((await (await call(owner, 'GET', query(few))).json()) as CohortAudiencesReply).counts.everyone).toBe(2)
  expect(((await (await call(senderCookie, 'GET', query(few))).json()) as CohortAudiencesReply).counts.everyone).toBe('fewer than 5')
  expect(((await (await call(senderCookie, 'GET', query(many))).json()) as CohortAudiencesReply).counts.everyone).toBe(6)

  const { update } = (await (await call(owner, 'POST', '/updates', { subject: 'Few', preheader: '', body: 'Short.' })).json()) as { update: UpdateDraft }
  const refused = await call(senderCookie, 'POST', `/updates/${update.id}/send`, { audience: 'everyone', match: few })
  expect(refused.status).toBe(400)
  expect(await refused.json()).toEqual({ ok: false, code: 'invalid', message: sendMessages.fewerThanFive })
  expect(await db().selectFrom('update_sends').selectAll().execute()).toEqual([])

  for (const bad of [[{ questionId: distance.id, choices: ['Marathon'] }], [{ questionId: 999, choices: ['Yes'] }], [], 'not json', [{ questionId: 'one', choices: [] }]]) {
    const path = typeof bad === 'string' ? `/updates/audiences/match?match=${bad}` : query(bad)
    const count = await call(owner, 'GET', path)
    expect(count.status, JSON.stringify(bad)).toBe(400)
    expect(await count.json()).toEqual({ ok: false, code: 'invalid', message: sendMessages.badMatch })
    expect((await call(owner, 'POST', `/updates/${update.id}/send`, { audience: 'everyone', match: bad })).status).toBe(400)
  }
  expect(await db().selectFrom('update_sends').selectAll().execute()).toEqual([])
})
