// @vitest-environment node
// The check of MAIL_FROM's domain in the console (issue 49), against a real server whose DNS is the test's own: every
// role that sees the Overview may ask; the reply names each record, and the one to add for a missing one; without
// MAIL_FROM set, the server says to set it first. The lookups' rules are domain-check.test.ts's.
import { mailDomainMessages } from '../../../../server/features/console/setup-routes'
import type { MailDomainReply } from '../../../../shared/mail-domain'
import { startAdminServer, type AdminTestServer } from '../../admin-harness'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('sqlite', 'the check reads DNS, not the store: the console’s session is all it needs of a database')

const servers: AdminTestServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

it('looks up SPF, DKIM and DMARC of MAIL_FROM’s domain when asked, and says the record to add', async () => {
  const asked: string[] = []
  const server = await startAdminServer({
    mailDomain: { mailFrom: 'Stride <news@stride.example>', dkimSelector: 's1' },
    resolveTxt: async (host) => {
      asked.push(host)
      if (host === 'stride.example') return [['v=spf1 include:spf.provider.example ~all']]
      throw Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' })
    },
  })
  servers.push(server)
  const owner = await server.signIn()
  const reply = (await (await server.request('/api/admin/setup/mail-domain', { cookie: owner })).json()) as MailDomainReply & { ok: boolean }
  expect(reply.domain).toBe('stride.example')
  expect(reply.checks.map(({ record, ok, add }) => ({ record, ok, add }))).toEqual([
    { record: 'SPF', ok: true, add: null },
    { record: 'DKIM', ok: false, add: 's1._domainkey.stride.example TXT "v=DKIM1; k=rsa; p=<the public key your mail provider gives>"' },
    { record: 'DMARC', ok: false, add: '_dmarc.stride.example TXT "v=DMARC1; p=none; rua=mailto:dmarc@stride.example"' },
  ])
  expect(asked.sort()).toEqual(['_dmarc.stride.example', 's1._domainkey.stride.example', 'stride.example'])
  // Opening the Overview's checklist looks nothing up.
  await server.request('/api/admin/setup', { cookie: owner })
  expect(asked).toHaveLength(3)
  // A sender sees the Overview, so may ask too.
  const sender = await server.joinTeam(owner, 'sender@company.example', 'sender')
  expect((await server.request('/api/admin/setup/mail-domain', { cookie: sender })).status).toBe(200)
})

it('says to set MAIL_FROM first when it is not set', async () => {
  const server = await startAdminServer({ mailDomain: { mailFrom: undefined, dkimSelector: undefined }, resolveTxt: async () => [] })
  servers.push(server)
  const response = await server.request('/api/admin/setup/mail-domain', { cookie: await server.signIn() })
  expect(response.status).toBe(409)
  expect(await response.json()).toMatchObject({ ok: false, message: mailDomainMessages.noMailFrom })
})
