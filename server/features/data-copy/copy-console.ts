// The console's copy of one person's data (issue 51), for a request that came by post or phone: the same file the
// person downloads from their own page (shared/own-copy.ts), for a member with people:export, in the audit log
// as an export that names the signup's id, never the address. Sensitive (health) answers are in it only for a member
// with answers:sensitive:read (issue 52), and the audit says whether they were; the person's own download always has them.
import { Hono } from 'hono'
import { consoleRoutes } from '../../../shared/console-routes'
import { ownCopyFileName, ownCopyOf } from '../../../shared/own-copy'
import type { PersonRecord } from '../../../shared/person-record'
import { can } from '../../../shared/team'
import type { Audit } from '../../platform/console/audit'
import { consoleMessages } from '../../platform/console/console-messages'
import { on } from '../../platform/console/console-route'
import { withoutSensitiveAnswers } from '../../platform/console/person-route'
import type { AdminEnv } from '../../platform/console/guard'

export type CopyConsoleOptions = {
  personRecord: (personId: number) => Promise<PersonRecord | undefined>
  audit: Audit
  now: () => Date
}

export function copyConsoleRoutes({ personRecord, audit, now }: CopyConsoleOptions): Hono<AdminEnv> {
  const api = new Hono<AdminEnv>()
  on(api, consoleRoutes.personCopy, async (c) => {
    const id = Number(c.req.param('id'))
    if (!Number.isSafeInteger(id) || id < 1) return c.json({ ok: false, message: consoleMessages.badRequest }, 400)
    const whole = await personRecord(id)
    if (!whole) return c.json({ ok: false, message: consoleMessages.notFound, code: 'not-found' }, 404)
    const sensitive = can(c.get('role'), 'answers:sensitive:read') && whole.answers.given.some((given) => given.sensitive)
    const record = sensitive ? whole : withoutSensitiveAnswers(whole)
    const at = now()
    await audit(c.get('adminEmail'), 'export', `copy of signup #${id}'s data${sensitive ? ', with their sensitive answers' : ''}`)
    c.header('Content-Disposition', `attachment; filename="${ownCopyFileName(at)}"`)
    return c.json(ownCopyOf(record, at))
  })
  return api
}
