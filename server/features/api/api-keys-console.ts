// The console's API keys (issue 33), under /api/admin behind the console's session and Origin checks (the
// composition mounts them there: server/app.ts): the list (never a key or its hash), making a key (its name and
// scopes; the reply is the one time the key is shown), and revoking one. Making and revoking are audited with who
// did it; a key's uses are audited by the key check (bearer.ts).
import { Hono } from 'hono'
import { apiKeyNameMax, isApiScope, type ApiKeysReply, type ApiScope, type MadeApiKey } from '../../../shared/api-keys'
import type { Reply } from '../../../shared/console-api'
import { readFieldsBody } from '../../platform/http/read-body'
import { consoleRoutes } from '../../../shared/console-routes'
import type { AdminEnv } from '../../platform/console/guard'
import { consoleMessages } from '../../platform/console/console-messages'
import { on } from '../../platform/console/console-route'
import type { Audit } from '../../platform/console/audit'
import type { ApiKeys } from './api-keys'

export type ApiKeysConsoleOptions = { keys: ApiKeys; audit: Audit; now: () => Date }

export const apiKeyMessages = {
  badName: `Give the key a name of 1 to ${apiKeyNameMax} characters, saying what will use it.`,
  badScopes: 'Choose at least one scope, from people:read and activations:write.',
  notFound: 'There is no such key.',
} as const

// Control characters would reach the audit log and the console's table as they are.
const nameOf = (value: unknown) => (typeof value === 'string' && /^[^\p{Cc}]+$/u.test(value.trim()) && value.trim().length <= apiKeyNameMax ? value.trim() : undefined)
const scopesOf = (value: unknown): ApiScope[] | undefined =>
  Array.isArray(value) && value.length > 0 && value.every(isApiScope) ? [...new Set(value)] : undefined

export function apiKeysConsoleRoutes({ keys, audit, now }: ApiKeysConsoleOptions): Hono<AdminEnv> {
  const routes = new Hono<AdminEnv>()

  on(routes, consoleRoutes.apiKeys, async (c) => c.json({ ok: true, keys: await keys.list() } satisfies Reply<ApiKeysReply>))

  on(routes, consoleRoutes.makeApiKey, async (c) => {
    const read = await readFieldsBody(c)
    if (read.kind === 'too-large') return c.json({ ok: false, message: consoleMessages.tooLarge }, 413)
    const fields = read.kind === 'fields' ? read.fields : {}
    const name = nameOf(fields.name)
    if (name === undefined) return c.json({ ok: false, message: apiKeyMessages.badName }, 400)
    const scopes = scopesOf(fields.scopes)
    if (!scopes) return c.json({ ok: false, message: apiKeyMessages.badScopes }, 400)
    const made = await keys.make({ name, scopes, by: c.get('adminEmail'), now: now() })
    await audit(c.get('adminEmail'), 'make-api-key', `"${name}" (${made.key.prefix}…), scopes ${scopes.join(' ')}`)
    return c.json({ ok: true, ...made } satisfies Reply<MadeApiKey>, 201)
  })

  on(routes, consoleRoutes.revokeApiKey, async (c) => {
    const id = Number(c.req.param('id'))
    const revoked = Number.isSafeInteger(id) && id >= 1 ? await keys.revoke(id, now()) : undefined
    if (!revoked) return c.json({ ok: false, message: apiKeyMessages.notFound }, 404)
    if (revoked.revokedNow) await audit(c.get('adminEmail'), 'revoke-api-key', `"${revoked.key.name}" (${revoked.key.prefix}…)`)
    return c.json({ ok: true, key: revoked.key })
  })
  return routes
}
