// @vitest-environment node
// The Overview's setup checklist and the invitation link an owner sets in the console (issue 47), against a real
// server: each item says done or what to set and where, and never a secret; an owner sets INVITE_URL and a wave
// starts at once, with no restart; a member who is not an owner is refused; a wrong link is refused in words; and
// INVITE_URL in the environment wins over the console's, which says so.
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { backupMadeKey } from '../../../../server/platform/database/backup-mark'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { canonicalAddress } from '../../../../shared/mailbox'
import { inviteUrlMessages, type SetupReply } from '../../../../shared/setup'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'
import { validSignup } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

const itemsOf = (reply: SetupReply) => Object.fromEntries(reply.items.map((item) => [item.name, item]))

async function addConfirmed(server: AdminTestServer, name: string) {
  const email = `${name.toLowerCase()}@example.com`
  await server.store.add({ ...validSignup, email, firstName: name, emailNormalized: canonicalAddress(email)!, submissionId: null, consent: noConsentRecord })
  await server.store.settled()
  const { id } = await server.store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', canonicalAddress(email)!).executeTakeFirstOrThrow()
  const secret = newSecret()
  await saveLinkTokens(server.store.database.db, [{ hash: hashSecret(secret), purpose: 'confirm', personId: id, expiresAt: new Date(Date.now() + 3_600_000) }])
  await server.store.consent.useToken('confirm', hashSecret(secret), new Date())
  return id
}

describe('the setup checklist and the invitation link, set in the console', () => {
  let server: AdminTestServer
  let owner: string
  beforeAll(async () => {
    server = await startAdminServer()
    owner = await server.signIn()
  })
  afterAll(() => server.close())

  const setup = async (cookie = owner): Promise<SetupReply> => {
    const response = await server.request('/api/admin/setup', { cookie })
    expect(response.status).toBe(200)
    return response.json()
  }
  const setLink = (url: unknown, cookie = owner) => server.request('/api/admin/settings/invite-url', { method: 'PUT', cookie, body: JSON.stringify({ url }) })

  it('says what to set and where for each item not done, and done for the owner', async () => {
    const items = itemsOf(await setup())
    expect(Object.keys(items)).toEqual(['SMTP_URL', 'MAIL_FROM', 'INVITE_URL', 'PUBLIC_SITE_URL', 'owner', 'backup'])
    expect(items.SMTP_URL).toMatchObject({ done: false, says: expect.stringMatching(/Set SMTP_URL in the environment \(README\.md, "Configuration"\)/) })
    expect(items.MAIL_FROM).toMatchObject({ done: false, says: expect.stringContaining('Set MAIL_FROM') })
    expect(items.INVITE_URL).toMatchObject({ done: false, says: expect.stringContaining('Set the invitation link (INVITE_URL) in Settings') })
    expect(items.PUBLIC_SITE_URL).toMatchObject({ done: false, says: expect.stringContaining('Set PUBLIC_SITE_URL') })
    expect(items.owner).toMatchObject({ done: true, says: '2 owners on the team.' })
    expect(items.backup).toMatchObject({ done: false, says: expect.stringContaining('npm run waitlist:backup') })
  })

  it('counts a backup as recent for a day, then asks for another', async () => {
    const db = server.store.database.db
    await db.insertInto('consent_settings').values({ key: backupMadeKey, value: new Date(Date.now() - 3 * 3_600_000).toISOString() }).execute()
    expect(itemsOf(await setup()).backup).toMatchObject({ done: true, says: 'The last backup began 3 hours ago.' })
    await db.updateTable('consent_settings').set({ value: new Date(Date.now() - 3 * 86_400_000).toISOString() }).where('key', '=', backupMadeKey).execute()
    expect(itemsOf(await setup()).backup).toMatchObject({ done: false, says: expect.stringMatching(/^The last backup began 3 days ago: run npm run waitlist:backup/) })
  })

  it('refuses waves until an owner sets the link, then starts one with no restart; the audit log names the change', async () => {
    const first = await addConfirmed(server, 'Ada')
    const wave = () => server.request('/api/admin/waves', { method: 'POST', cookie: owner, body: JSON.stringify({ count: 1, firstId: first }) })
    const refused = await wave()
    expect(refused.status).toBe(503)
    expect(await refused.json()).toMatchObject({ code: 'not-ready', message: inviteUrlMessages.missing })

    const set = await setLink('https://testflight.apple.com/join/Stride01')
    expect(set.status).toBe(200)
    expect(await set.json()).toEqual({ ok: true, url: 'https://testflight.apple.com/join/Stride01', from: 'console' })
    const started = await wave()
    expect(started.status).toBe(200)
    expect((await started.json()).wave).toMatchObject({ funnel: { invited: 1 } })
    expect(itemsOf(await setup()).INVITE_URL).toMatchObject({ done: true, says: 'The invitation link is set in Settings below.' })
    const audit = await (await server.request('/api/admin/audit', { cookie: owner })).json()
    expect(audit.entries).toContainEqual(expect.objectContaining({ action: 'change-setting', detail: 'INVITE_URL set to https://testflight.apple.com/join/Stride01' }))
  })

  it('refuses a link that is not https (but for localhost) in words, and keeps the one set', async () => {
    for (const url of ['http://testflight.apple.com/join/x', 'testflight', 'javascript:alert(1)', 'https://user:pw@example.com/', 42]) {
      const refused = await setLink(url)
      expect(refused.status, String(url)).toBe(400)
      expect(await refused.json()).toEqual({ ok: false, message: inviteUrlMessages.bad })
    }
    expect((await setup()).inviteUrl).toEqual({ url: 'https://testflight.apple.com/join/Stride01', from: 'console' })
    expect((await setLink('http://localhost:4000/join')).status).toBe(200)
  })

  it('refuses a member who is not an owner, who still reads the checklist', async () => {
    const people = await server.joinTeam(owner, 'pat@company.example', 'people')
    const refused = await setLink('https://example.com/join', people)
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toMatch(/does not allow changing settings/)
    const viewer = await server.joinTeam(owner, 'vic@company.example', 'viewer')
    expect((await setup(viewer)).items).toHaveLength(6)
  })
})

describe('the checklist with everything set in the environment', () => {
  let server: AdminTestServer
  beforeAll(async () => {
    server = await startAdminServer({ inviteUrl: 'https://testflight.apple.com/join/FromEnv', mailSet: { smtpUrl: true, mailFrom: true }, publicSiteUrl: 'https://stride.example' })
  })
  afterAll(() => server.close())

  it('says done, names no secret, and says the environment wins over the console', async () => {
    const cookie = await server.signIn()
    const response = await server.request('/api/admin/setup', { cookie })
    const text = await response.text()
    // The mail server this test's server sends through, password and all, appears nowhere.
    expect(text).not.toContain(server.inbox.url)
    expect(text).not.toMatch(/smtps?:\/\//)
    const reply: SetupReply = JSON.parse(text)
    expect(reply.items.filter((item) => !item.done).map((item) => item.name)).toEqual(['backup'])
    expect(itemsOf(reply).INVITE_URL?.says).toBe('INVITE_URL is set in the environment.')
    expect(reply.inviteUrl).toEqual({ url: 'https://testflight.apple.com/join/FromEnv', from: 'environment' })
    const refused = await server.request('/api/admin/settings/invite-url', { method: 'PUT', cookie, body: JSON.stringify({ url: 'https://example.com/join' }) })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ ok: false, message: inviteUrlMessages.fromEnvironment })
  })
})
