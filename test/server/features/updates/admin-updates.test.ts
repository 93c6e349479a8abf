// @vitest-environment node
// Writing an update in the console (issue 31, "Writing"), against a real server on each engine with real SMTP: a
// signed-in team member saves drafts (create, edit, list, read, delete), a draft with a link that is neither https:
// nor mailto: is not saved and the reply names the link, the preview gives both parts safe to show, and a test
// reaches the signed-in member's own inbox through the outbox, and nobody else's, whatever the request says. Each
// change is in the audit log. Without a session, or from another Origin, nothing is read or changed.
import type { OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { testSubject, updateTestKind } from '../../../../server/features/updates/update-emails'
import { previewCsp } from '../../../../server/features/updates/update-routes'
import type { AuditEntry } from '../../../../shared/console-api'
import type { UpdateDraft, UpdatePreview } from '../../../../shared/update-rows'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { adminEmail, signedInConsoleOn } from '../../admin-harness'

const secondEmail = 'second@company.example'
const body = [
  '## A month to go',
  '',
  'Read [what changed](https://stridehealth.example/blog?from=update) or write to [us](mailto:hello@stridehealth.example).',
  '',
  'Pasted: <script>alert(1)</script>',
].join('\n')
const draft = { subject: 'Stride Coach is with Apple', preheader: 'Where the app stands a month before launch.', body }

describe.each(eachEngine())('updates in the console on $engine', (engine: EngineUnderTest) => {
  const { server, cookie } = signedInConsoleOn(engine)
  let sender: OutboxSender | undefined

  const send = (method: string, path: string, payload?: unknown, init: { cookie?: string; headers?: Record<string, string> } = { cookie: cookie() }) =>
    server().request(`/api/admin${path}`, { method, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }), ...init })
  const getJson = async (path: string) => {
    const response = await server().request(`/api/admin${path}`, { cookie: cookie() })
    expect(response.status, path).toBe(200)
    return response.json()
  }
  const auditLog = async (): Promise<AuditEntry[]> => (await getJson('/audit')).entries
  const rows = () => server().store.database.db.selectFrom('updates').selectAll().orderBy('id').execute()
  const create = async (fields = draft): Promise<UpdateDraft> => {
    const response = await send('POST', '/updates', fields)
    expect(response.status).toBe(201)
    return (await response.json()).update
  }

  // The sender a test started stops before the console closes: after-hooks run in reverse order of registration.
  afterAll(() => sender?.stop())

  it('saves a draft, reads it back, lists it, edits it and deletes it, each stored and audited', async () => {
    const created = await create()
    expect(created).toMatchObject({ ...draft, createdBy: adminEmail, updatedBy: adminEmail })
    expect(await rows()).toEqual([expect.objectContaining({ id: created.id, subject: draft.subject, preheader: draft.preheader, body, created_by: adminEmail })])
    expect((await getJson(`/updates/${created.id}`)).update).toEqual(created)

    const second = await create({ subject: 'Second', preheader: '', body: 'Short.' })
    const secondCookie = await server().signIn(secondEmail)
    const edited = await send('PUT', `/updates/${created.id}`, { ...draft, subject: 'Stride Coach is in review' }, { cookie: secondCookie })
    expect(edited.status).toBe(200)
    expect((await edited.json()).update).toMatchObject({ id: created.id, subject: 'Stride Coach is in review', createdBy: adminEmail, updatedBy: secondEmail })
    // The last edited first.
    expect((await getJson('/updates')).updates.map((row: { id: number; subject: string }) => [row.id, row.subject])).toEqual([
      [created.id, 'Stride Coach is in review'],
      [second.id, 'Second'],
    ])

    const deleted = await send('DELETE', `/updates/${second.id}`)
    expect(deleted.status).toBe(200)
    expect((await rows()).map((row) => row.id)).toEqual([created.id])
    expect((await send('DELETE', `/updates/${second.id}`)).status).toBe(404)
    expect((await server().request(`/api/admin/updates/${second.id}`, { cookie: cookie() })).status).toBe(404)

    const audit = (await auditLog()).filter((entry) => entry.action.endsWith('-update'))
    expect(audit.map(({ actor, action, detail }) => [actor, action, detail])).toEqual([
      [adminEmail, 'delete-update', `update #${second.id}`],
      [secondEmail, 'write-update', `update #${created.id}: edited`],
      [adminEmail, 'write-update', `update #${second.id}: created`],
      [adminEmail, 'write-update', `update #${created.id}: created`],
    ])
    await send('DELETE', `/updates/${created.id}`)
  })

  it('refuses a draft with a link that is not https: or mailto:, names the link, and saves nothing', async () => {
    const before = await rows()
    for (const [link, markdown] of [
      ['javascript:alert(1)', '[win](javascript:alert(1))'],
      ['data:text/html,hi', '[see](data:text/html,hi)'],
      ['http://stridehealth.example/blog', 'Read [it](http://stridehealth.example/blog).'],
      ['/blog', 'Read [it](/blog).'],
    ]) {
      const refused = await send('POST', '/updates', { ...draft, body: `${body}\n\n${markdown}` })
      expect(refused.status, link).toBe(400)
      expect(await refused.json()).toEqual({ ok: false, code: 'link-not-allowed', link, message: `This link is not allowed: ${link}. Links must start with https: or mailto:.` })
    }
    expect(await rows()).toEqual(before)

    const kept = await create()
    const edit = await send('PUT', `/updates/${kept.id}`, { ...draft, subject: 'Changed', body: '![pixel](https://cdn.example/p.gif)' })
    expect(edit.status).toBe(400)
    expect(await edit.json()).toMatchObject({ ok: false, code: 'image', link: 'https://cdn.example/p.gif' })
    expect((await getJson(`/updates/${kept.id}`)).update).toEqual(kept)

    for (const wrong of [{ ...draft, subject: '' }, { subject: 'Hi', body: 'no preheader' }, null, []]) expect((await send('POST', '/updates', wrong)).status).toBe(400)
    expect((await send('POST', '/updates', { ...draft, body: 'x'.repeat(300 * 1024) })).status).toBe(413)
    expect((await send('PUT', '/updates/999999', draft)).status).toBe(404)
    await send('DELETE', `/updates/${kept.id}`)
  })

  it('previews the email in both parts, as data safe to show in a sandboxed frame', async () => {
    const { id } = await create()
    const response = await server().request(`/api/admin/updates/${id}/preview`, { cookie: cookie() })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('content-security-policy')).toBe(previewCsp)
    expect(previewCsp).toMatch(/default-src 'none'.*sandbox/)
    const preview: UpdatePreview & { ok: true } = await response.json()
    expect(preview).toMatchObject({ ok: true, subject: draft.subject, preheader: draft.preheader })
    expect(preview.html).toContain(draft.preheader)
    expect(preview.html).toContain('href="https://stridehealth.example/blog?from=update"')
    expect(preview.html).toContain('Pasted: &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(preview.html).not.toMatch(/<script|<img/i)
    expect(preview.html).toContain('@media (prefers-color-scheme:dark)')
    expect(preview.darkHtml).toContain('@media all{')
    expect(preview.darkHtml).not.toContain('prefers-color-scheme')
    expect(preview.text).toContain('Read what changed (https://stridehealth.example/blog?from=update) or write to us (hello@stridehealth.example).')
    expect((await server().request('/api/admin/updates/999999/preview', { cookie: cookie() })).status).toBe(404)
    await send('DELETE', `/updates/${id}`)
  })

  it('sends a test through the outbox to the signed-in member’s own inbox only, whatever the request says, and audits it', async () => {
    const { id } = await create()
    // Asked twice before the outbox is sent: the second ask is answered by the first test, which is still on its way.
    const first = await send('POST', `/updates/${id}/test`, { to: 'someone-else@example.com' })
    expect(first.status).toBe(202)
    expect(await first.json()).toEqual({ ok: true, to: adminEmail, queued: true })
    expect(await (await send('POST', `/updates/${id}/test`, {})).json()).toEqual({ ok: true, to: adminEmail, queued: false })
    const queued = await server().store.database.db.selectFrom('outbox').select(['kind', 'finished_at']).where('kind', '=', updateTestKind).execute()
    expect(queued).toEqual([{ kind: updateTestKind, finished_at: null }])

    // The composition's own sender, with the per-inbox budget every email counts against.
    sender = await server().store.startSender({ pollMs: 100 })
    const mail = await server().inbox.next(adminEmail, 15_000)
    expect(mail.subject).toBe(testSubject(draft.subject))
    expect(mail.rcptTo).toEqual([adminEmail])
    expect(mail.text).toContain('Read what changed (https://stridehealth.example/blog?from=update)')
    expect(mail.text).toContain(`A test of an update, sent from the console to ${adminEmail}`)
    expect(mail.html).toContain('Pasted: &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.headerLines.some((line) => /^list-unsubscribe/i.test(line.key))).toBe(false)
    await sender.idle()
    expect(await server().store.database.db.selectFrom('outbox').select(['outcome']).where('kind', '=', updateTestKind).execute()).toEqual([{ outcome: 'sent' }])

    // Another member's test goes to them, and only to them.
    const secondCookie = await server().signIn(secondEmail)
    expect(await (await send('POST', `/updates/${id}/test`, { to: adminEmail }, { cookie: secondCookie })).json()).toEqual({ ok: true, to: secondEmail, queued: true })
    const theirs = await server().inbox.next(secondEmail, 15_000)
    expect(theirs.rcptTo).toEqual([secondEmail])
    await sender.idle()
    // Nothing else arrived: no second test for the first ask's double, nothing for the address a request named.
    expect(server().inbox.mails.filter((other) => other.subject === testSubject(draft.subject))).toEqual([])

    const tests = (await auditLog()).filter((entry) => entry.action === 'test-update')
    expect(tests.map(({ actor, detail }) => [actor, detail])).toEqual([
      [secondEmail, `update #${id}: test to ${secondEmail}`],
      [adminEmail, `update #${id}: test to ${adminEmail}`],
    ])
    expect((await send('POST', '/updates/999999/test', {})).status).toBe(404)
  })

  it('sends no test whose draft was deleted before its turn', async () => {
    await sender?.stop()
    sender = undefined
    const { id } = await create()
    expect((await send('POST', `/updates/${id}/test`, {})).status).toBe(202)
    expect((await send('DELETE', `/updates/${id}`)).status).toBe(200)
    sender = await server().store.startSender({ pollMs: 100 })
    await sender.idle()
    const outcomes = await server().store.database.db.selectFrom('outbox').select(['outcome']).where('kind', '=', updateTestKind).orderBy('id').execute()
    expect(outcomes.at(-1)).toEqual({ outcome: 'skipped' })
  })

  describe('its safety', () => {
    it('gives nothing to someone not signed in, and changes nothing', async () => {
      const { id } = await create()
      for (const [method, path] of [
        ['GET', '/updates'],
        ['GET', `/updates/${id}`],
        ['GET', `/updates/${id}/preview`],
        ['POST', '/updates'],
        ['PUT', `/updates/${id}`],
        ['DELETE', `/updates/${id}`],
        ['POST', `/updates/${id}/test`],
      ]) {
        const response = await send(method!, path!, method === 'GET' ? undefined : draft, {})
        expect(response.status, `${method} ${path}`).toBe(401)
        expect(await response.text()).not.toContain(draft.subject)
      }
      expect((await getJson(`/updates/${id}`)).update.subject).toBe(draft.subject)
    })

    it('refuses a change from another Origin, or with none, even with the cookie', async () => {
      const { id } = await create()
      const before = await rows()
      const waiting = () => server().store.database.db.selectFrom('update_tests').select('id').execute()
      const testsBefore = await waiting()
      for (const origin of ['https://evil.example', 'null', `${server().origin}.evil.example`, undefined]) {
        const headers: Record<string, string> = origin === undefined ? {} : { origin }
        const requests = [
          () => send('POST', '/updates', draft, { cookie: cookie(), headers }),
          () => send('PUT', `/updates/${id}`, { ...draft, subject: 'Hijacked' }, { cookie: cookie(), headers }),
          () => send('DELETE', `/updates/${id}`, undefined, { cookie: cookie(), headers }),
          () => send('POST', `/updates/${id}/test`, {}, { cookie: cookie(), headers }),
        ]
        for (const request of requests) {
          // No Origin at all: the harness adds this server's, so the request is made without its help.
          const response =
            origin === undefined
              ? await fetch(`${server().origin}/api/admin/updates/${id}/test`, { method: 'POST', headers: { cookie: cookie(), 'content-type': 'application/json' }, body: '{}' })
              : await request()
          expect(response.status).toBe(403)
          expect(response.headers.get('access-control-allow-origin')).toBeNull()
        }
      }
      expect(await rows()).toEqual(before)
      expect(await waiting()).toEqual(testsBefore)
    })
  })
})
