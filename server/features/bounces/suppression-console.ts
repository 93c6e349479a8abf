// The console's suppression list (issue 49), under /api/admin behind the console's session and Origin checks: the
// entries newest first with their reasons (people:read: they show addresses), and lifting one off the list or putting
// one on it by hand (suppressions:manage), each audited with who did it and the address.
import { Hono } from 'hono'
import type { Reply } from '../../../shared/console-api'
import { consoleRoutes } from '../../../shared/console-routes'
import { canonicalAddress } from '../../../shared/mailbox'
import { suppressionPageSize, type SuppressionsReply } from '../../../shared/suppression'
import type { Audit } from '../../platform/console/audit'
import { consoleMessages } from '../../platform/console/console-messages'
import { on } from '../../platform/console/console-route'
import type { AdminEnv } from '../../platform/console/guard'
import type { Db } from '../../platform/database/database'
import { readFieldsBody } from '../../platform/http/read-body'
import { trimmedWords, type SuppressionStore } from '../../platform/suppression/suppression-store'

export const suppressionMessages = {
  badEmail: 'Give one email address.',
  notSuppressed: 'That address is not on the suppression list.',
  already: 'That address is already on the suppression list.',
} as const

export type SuppressionConsoleOptions = { suppressions: SuppressionStore; reads: Db; audit: Audit; now: () => Date }

export function suppressionConsoleRoutes({ suppressions, reads, audit, now }: SuppressionConsoleOptions): Hono<AdminEnv> {
  const routes = new Hono<AdminEnv>()

  on(routes, consoleRoutes.suppressions, async (c) => {
    const page = await suppressions.list({ before: c.req.query('before')?.slice(0, 200) || undefined, size: suppressionPageSize })
    const addresses = page.entries.flatMap((entry) => (entry.address === null ? [] : [entry.address]))
    const people = addresses.length === 0 ? [] : await reads.selectFrom('signups').select(['id', 'email_normalized']).where('email_normalized', 'in', addresses).execute()
    const idOf = new Map(people.map((person) => [person.email_normalized, Number(person.id)]))
    const entries = page.entries.map(({ address, reason, source, words, suppressedAt }) => ({
      email: address,
      personId: (address !== null && idOf.get(address)) || null,
      reason,
      source,
      words,
      suppressedAt,
    }))
    return c.json({ ok: true, entries, older: page.older } satisfies Reply<SuppressionsReply>)
  })

  const addressOf = async (c: Parameters<Parameters<typeof on>[2]>[0]) => {
    const read = await readFieldsBody(c)
    if (read.kind === 'too-large') return { refusal: c.json({ ok: false, message: consoleMessages.tooLarge }, 413) }
    const fields = read.kind === 'fields' ? read.fields : {}
    const address = typeof fields.email === 'string' ? canonicalAddress(fields.email) : undefined
    if (!address) return { refusal: c.json({ ok: false, message: suppressionMessages.badEmail }, 400) }
    return { address, words: typeof fields.words === 'string' ? trimmedWords(fields.words) : '' }
  }

  on(routes, consoleRoutes.suppress, async (c) => {
    const asked = await addressOf(c)
    if ('refusal' in asked) return asked.refusal
    const by = c.get('adminEmail')
    const done = await suppressions.suppress(asked.address, asked.words || `Suppressed by ${by}`, now())
    if (done !== 'suppressed') return c.json({ ok: false, message: suppressionMessages.already }, 409)
    await audit(by, 'suppress', asked.address)
    return c.json({ ok: true })
  })

  on(routes, consoleRoutes.liftSuppression, async (c) => {
    const asked = await addressOf(c)
    if ('refusal' in asked) return asked.refusal
    const by = c.get('adminEmail')
    if (!(await suppressions.lift(asked.address, by, now()))) return c.json({ ok: false, message: suppressionMessages.notSuppressed }, 404)
    await audit(by, 'lift-suppression', asked.address)
    return c.json({ ok: true })
  })
  return routes
}
