// @vitest-environment node
// A page per person (issue 47): everything held about one person, collected from every wing, as the console reads
// it (GET /api/admin/people/:id, people:read). People are made through the real routes: a signup with a campaign and
// the consent wording's version, its emailed confirmation link, a friend through the share link, a wave, and a webhook
// endpoint that hears the confirmation. A role without people:read is refused in words; an unknown or erased id is
// 404 in words. On SQLite here, and on PostgreSQL in `npm run test:server:postgres`.
import { expect, it } from 'vitest'
import { consentApi } from '../../../../shared/consent-paths'
import type { ConsoleSignupRow } from '../../../../shared/console-rows'
import type { PersonRecord } from '../../../../shared/person-record'
import { linkIn } from '../../../../tools/smtp-inbox'
import { until } from '../../../../tools/until'
import { validSignup } from '../../harness'
import { webhooksPerTest, type WebhookServer } from '../webhooks/webhook-harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

let server: WebhookServer
const webhooks = webhooksPerTest()

const landing = { consentVersion: '2026-11-01', utmCampaign: 'launch-week', utmSource: 'newsletter', utmMedium: 'email' }

it('answers everything held about one person, each wing its part, and refuses a role without people:read and an unknown or erased id', async () => {
  server = await webhooks.start()
  const hooks = await webhooks.receiver()
  const cookie = await server.signIn()
  const { endpoint } = await server.addEndpoint(cookie, hooks.url, ['signup.confirmed'])
  const getJson = async (path: string, as = cookie) => {
    const response = await server.request(path, { cookie: as })
    return { status: response.status, body: await response.json() }
  }
  const rowOf = async (email: string): Promise<ConsoleSignupRow> => (await getJson(`/api/admin/signups?search=${encodeURIComponent(email)}`)).body.rows[0]
  const recordOf = async (id: number): Promise<PersonRecord> => {
    const { status, body } = await getJson(`/api/admin/people/${id}`)
    expect(status).toBe(200)
    return body.person
  }
  const confirm = async (email: string) => {
    const { token } = await server.linkFor(email, '/waitlist/confirm')
    expect((await server.postJson(consentApi.confirm, { token })).ok).toBe(true)
  }

  // Ann signs up from a campaign's landing and confirms from her inbox; Bob comes through her share link.
  expect((await server.postJson('/api/waitlist', { ...validSignup, email: 'ann@example.com', ...landing })).ok).toBe(true)
  await confirm('ann@example.com')
  const ann = await rowOf('ann@example.com')
  await until(async () => (await recordOf(ann.id)).line.code !== null, 10_000, 'Ann’s code')
  const annCode = (await recordOf(ann.id)).line.code!
  await server.signUp('bob@example.com', annCode)
  await confirm('bob@example.com')
  const bob = await rowOf('bob@example.com')
  // The emails end as sent, and the confirmation reaches the endpoint.
  await until(async () => (await recordOf(ann.id)).emails.every((email) => email.status === 'sent') && (await recordOf(ann.id)).emails.length === 2, 10_000, 'Ann’s emails sent')
  await until(async () => (await recordOf(ann.id)).deliveries.some((delivery) => delivery.status === 'delivered'), 10_000, 'the delivery naming Ann')

  const record = await recordOf(ann.id)
  expect(record.signup).toEqual({
    id: ann.id,
    email: 'ann@example.com',
    firstName: 'Ann',
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    status: 'confirmed',
    source: validSignup.source,
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'launch-week',
    referrerOrigin: null,
  })
  expect(record.consent).toMatchObject({ version: '2026-11-01', confirmedAt: expect.any(String), unsubscribedAt: null })
  expect(record.consent.confirmedAt! >= record.signup.createdAt).toBe(true)
  expect(record.line).toEqual({
    place: 1,
    code: annCode,
    credits: 1,
    referredByCode: null,
    referredBy: null,
    referred: [{ id: bob.id, email: 'bob@example.com', outcome: 'credited', decidedAt: expect.any(String) }],
  })
  expect(record.emails.map(({ kind, status }) => ({ kind, status }))).toEqual([
    { kind: 'welcome', status: 'sent' },
    { kind: 'confirm', status: 'sent' },
  ])
  expect(record.deliveries).toEqual([
    { endpointId: endpoint.id, endpointUrl: hooks.url, event: 'signup.confirmed', status: 'delivered', createdAt: expect.any(String), finishedAt: expect.any(String) },
  ])
  expect(record.invitations).toEqual([])
  expect(record.activation).toBeNull()
  // Nothing of an email's body or a webhook's payload.
  expect(JSON.stringify(record)).not.toMatch(/token|whsec_|https?:\/\/127\.0\.0\.1:\d+\/waitlist/)

  // A wave invites Ann (first in line): her invitation, and its emails, join her record.
  const next = (await getJson('/api/admin/waves/next?count=1')).body as { people: { id: number }[] }
  expect(next.people.map((person) => person.id)).toEqual([ann.id])
  expect((await server.request('/api/admin/waves', { method: 'POST', cookie, body: JSON.stringify({ count: 1, firstId: ann.id }) })).status).toBe(200)
  await until(async () => (await recordOf(ann.id)).invitations[0]?.deliveredAt != null, 10_000, 'Ann’s invitation delivered')
  const invited = await recordOf(ann.id)
  expect(invited.invitations).toEqual([
    { waveId: expect.any(Number), invitedAt: expect.any(String), expiresAt: expect.any(String), deliveredAt: expect.any(String), remindedAt: null, claimedAt: null, expiredAt: null },
  ])
  expect(invited.signup.status).toBe('invited')
  expect(invited.line.place).toBeNull() // she left the line for her invitation
  // The invitation went; its reminder waits for its day.
  const kinds = invited.emails.map(({ kind, status }) => ({ kind, status }))
  expect(kinds).toHaveLength(4)
  expect(kinds).toEqual(expect.arrayContaining([{ kind: 'invite', status: 'sent' }, { kind: 'reminder', status: 'waiting' }]))

  // Bob's side: who brought him, as an address and an id to link to; the table says so too, with the campaign.
  const bobRecord = await recordOf(bob.id)
  expect(bobRecord.line).toMatchObject({ referredByCode: annCode, referredBy: { id: ann.id, email: 'ann@example.com' }, referred: [] })
  expect(bob).toMatchObject({ referredBy: annCode, referrer: { id: ann.id, email: 'ann@example.com' }, utmCampaign: null })
  expect(ann).toMatchObject({ referrer: null, utmCampaign: 'launch-week', utmSource: 'newsletter', referrerOrigin: null })

  // A viewer may not read people: 403, in words.
  expect((await server.request('/api/admin/team', { method: 'POST', cookie, body: JSON.stringify({ email: 'vera@company.example', role: 'viewer' }) })).status).toBe(201)
  const token = new URL(linkIn(await server.inbox.next('vera@company.example'))).hash.slice('#token='.length)
  const verified = await server.request('/api/admin/sign-in/verify', { method: 'POST', body: JSON.stringify({ token }) })
  const viewer = verified.headers.get('set-cookie')!.split(';')[0]!
  expect(await getJson(`/api/admin/people/${ann.id}`, viewer)).toEqual({ status: 403, body: { ok: false, message: 'Your role, viewer, does not allow seeing the people on the list. An owner can change your role.' } })

  // An unknown id, and Bob once erased: 404 in words; Ann's record no longer lists him.
  const notFound = { status: 404, body: { ok: false, message: 'No such signup (it may have been erased already).', code: 'not-found' } }
  expect(await getJson('/api/admin/people/999999')).toEqual(notFound)
  expect((await server.request(`/api/admin/signups/${bob.id}/erase`, { method: 'POST', cookie, body: '{}' })).status).toBe(200)
  expect(await getJson(`/api/admin/people/${bob.id}`)).toEqual(notFound)
  expect((await recordOf(ann.id)).line.referred).toEqual([])
  expect((await getJson('/api/admin/people/nobody')).status).toBe(400)
}, 60_000)
