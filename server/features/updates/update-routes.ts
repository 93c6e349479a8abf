// The console's updates (issue 31, "Writing"), under /api/admin behind the console's session and Origin checks (the
// composition mounts them there: server/app.ts): the drafts (list, read, create, edit, delete), a preview of the
// email, and a test to the signed-in team member's own address. Writing, testing and deleting are audited.
import { Hono, type Context } from 'hono'
import type { Reply } from '../../../shared/console-api'
import type { UpdatePreview, UpdateRefusal, UpdateReply, UpdatesReply, UpdateTestReply } from '../../../shared/update-rows'
import { paintedDark } from '../../platform/mail/email-theme'
import { readFieldsBody } from '../../platform/http/read-body'
import { adminMessages, type AdminEnv, type Audit } from '../console/public'
import { checkUpdate, updateMessages, type CheckedUpdate } from './update-draft'
import { renderUpdate } from './update-emails'
import type { UpdateStore } from './update-store'

export type UpdateRoutesOptions = {
  updates: UpdateStore
  audit: Audit
  now: () => Date
  /** A test was queued: the outbox sender looks at once. */
  onQueued?: () => void
}

/** A draft's JSON body: its three fields, escaped as JSON, with room to spare over updateLimits. */
export const updateBodyMaxBytes = 256 * 1024

/** The preview's reply is data for the console, never a page: if it is opened as one, it is sandboxed (no script,
 * no form, an origin of its own) and loads nothing. */
export const previewCsp = "default-src 'none'; frame-ancestors 'none'; sandbox"

const refusal = (code: UpdateRefusal, message: string, link?: string) => ({ ok: false, code, message, ...(link === undefined ? {} : { link }) }) as const

export function updateRoutes(options: UpdateRoutesOptions): Hono<AdminEnv> {
  const { updates, audit, now } = options
  const routes = new Hono<AdminEnv>()
  const idOf = (c: Context) => {
    const id = Number(c.req.param('id'))
    return Number.isSafeInteger(id) && id >= 1 ? id : undefined
  }
  const notFound = (c: Context) => c.json(refusal('not-found', updateMessages.notFound), 404)

  // A save's body, checked (update-draft.ts): a refusal says why, and a link refused is named in `link`.
  async function saved(c: Context<AdminEnv>, save: (update: CheckedUpdate, by: string) => Promise<Response>) {
    const read = await readFieldsBody(c, { maxBytes: updateBodyMaxBytes })
    if (read.kind === 'too-large') return c.json({ ok: false, message: adminMessages.tooLarge }, 413)
    if (read.kind === 'unreadable') return c.json(refusal('invalid', updateMessages.notText), 400)
    const checked = checkUpdate(read.fields)
    if (!checked.ok) return c.json(refusal(checked.code, checked.message, checked.link), 400)
    return save(checked.update, c.get('adminEmail'))
  }

  routes.get('/updates', async (c) => c.json({ ok: true, updates: await updates.list() } satisfies Reply<UpdatesReply>))

  routes.post('/updates', (c) =>
    saved(c, async (checked, by) => {
      const update = await updates.create(checked, by, now())
      await audit(by, 'write-update', `update #${update.id}: created`)
      return c.json({ ok: true, update } satisfies Reply<UpdateReply>, 201)
    }),
  )

  routes.get('/updates/:id', async (c) => {
    const id = idOf(c)
    const update = id === undefined ? undefined : await updates.read(id)
    return update ? c.json({ ok: true, update } satisfies Reply<UpdateReply>) : notFound(c)
  })

  routes.put('/updates/:id', (c) =>
    saved(c, async (checked, by) => {
      const id = idOf(c)
      const update = id === undefined ? undefined : await updates.edit(id, checked, by, now())
      if (!update) return notFound(c)
      await audit(by, 'write-update', `update #${update.id}: edited`)
      return c.json({ ok: true, update } satisfies Reply<UpdateReply>)
    }),
  )

  routes.delete('/updates/:id', async (c) => {
    const id = idOf(c)
    if (id === undefined || !(await updates.remove(id))) return notFound(c)
    await audit(c.get('adminEmail'), 'delete-update', `update #${id}`)
    return c.json({ ok: true })
  })

  // The email as a person on the list would get it (but for their own unsubscribe link), both parts, for the
  // console to show, never to run. The intended use: each HTML in an <iframe sandbox="" srcdoc="…"> (an empty
  // sandbox: no script, no form, no navigation of the console, an origin of its own; srcdoc, so nothing is
  // loaded and the console's own CSP still covers it), `html` in a frame whose CSS color-scheme is light and
  // `darkHtml` beside it (or `html` in a frame with color-scheme: dark, which its prefers-color-scheme follows),
  // and `text` in a <pre> as text, never as markup. The reply is JSON under a CSP that allows nothing, sandboxed
  // too, should anyone open it as a page.
  routes.get('/updates/:id/preview', async (c) => {
    const id = idOf(c)
    const update = id === undefined ? undefined : await updates.read(id)
    if (!update) return notFound(c)
    const { html, text } = renderUpdate(update, { kind: 'list' })
    c.header('Content-Security-Policy', previewCsp)
    return c.json({ ok: true, subject: update.subject, preheader: update.preheader, html, darkHtml: paintedDark(html), text } satisfies Reply<UpdatePreview>)
  })

  // A test goes to the signed-in team member's own address, whatever the request says: there is no field for
  // another. It goes through the outbox, within that inbox's budget (platform/mail/mailbox-budget.ts): a few
  // tests at once, then one per 10 minutes.
  routes.post('/updates/:id/test', async (c) => {
    const id = idOf(c)
    if (id === undefined) return notFound(c)
    const to = c.get('adminEmail')
    const outcome = await updates.queueTest(id, to, now())
    if (outcome === 'not-found') return notFound(c)
    if (outcome === 'queued') {
      options.onQueued?.()
      await audit(to, 'test-update', `update #${id}: test to ${to}`)
    }
    return c.json({ ok: true, to, queued: outcome === 'queued' } satisfies Reply<UpdateTestReply>, 202)
  })
  return routes
}
