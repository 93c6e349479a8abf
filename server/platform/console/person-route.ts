// One person's record, collected from every wing (shared/person-record.ts): each wing reads its own parts
// (`personRecord` in its manifest, platform/wing/wing.ts) and none imports another, and the outbox's part is the
// platform's. The console's page per person reads it here (GET /api/admin/people/:id, people:read); a person's
// own export (issue 51) is to read the same `personRecordOf`, so the two cover the same data.
//
// Not audited: the console audits what leaves it or changes something (exports, erasures, reviews), not its reads,
// and the people table already shows every address to the same permission without an entry.
import { Hono } from 'hono'
import { consoleRoutes } from '../../../shared/console-routes'
import { can } from '../../../shared/team'
import type { Reply } from '../../../shared/console-api'
import { isWholeRecord, type PersonRecord, type PersonRecordPart, type PersonReply } from '../../../shared/person-record'
import type { Db } from '../database/database'
import type { ConsoleRoute, PersonRecordReader } from '../wing/wing'
import { consoleMessages } from './console-messages'
import { on } from './console-route'
import type { AdminEnv } from './guard'

export type PersonRecordOf = (personId: number) => Promise<PersonRecord | undefined>

/** The whole record of one person from every reader's parts, or undefined when there is no such person. */
export function personRecordOf(db: Db, readers: readonly PersonRecordReader[]): PersonRecordOf {
  return async (personId) => {
    const parts = (await Promise.all(readers.map((read) => read(db, personId)))).reduce<PersonRecordPart>((whole, part) => ({ ...whole, ...part }), {})
    if (isWholeRecord(parts)) return parts
    if (parts.signup) throw new Error(`person #${personId}: a part of their record is missing (is every wing's personRecord listed?)`)
    return undefined
  }
}

/** The record as a member without answers:sensitive:read sees it: each sensitive answer's question, and no answer. */
export const withoutSensitiveAnswers = (person: PersonRecord): PersonRecord => ({
  ...person,
  answers: { ...person.answers, given: person.answers.given.map((given) => (given.sensitive ? { ...given, answer: null } : given)) },
})

export const personRoute =
  (recordOf: PersonRecordOf): ConsoleRoute =>
  () => {
    const api = new Hono<AdminEnv>()
    on(api, consoleRoutes.person, async (c) => {
      const id = Number(c.req.param('id'))
      if (!Number.isSafeInteger(id) || id < 1) return c.json({ ok: false, message: consoleMessages.badRequest }, 400)
      const person = await recordOf(id)
      // The code tells the console's page "no such person" from a failure (src/admin/admin-api-client.ts).
      if (!person) return c.json({ ok: false, message: consoleMessages.notFound, code: 'not-found' }, 404)
      return c.json({ ok: true, person: can(c.get('role'), 'answers:sensitive:read') ? person : withoutSensitiveAnswers(person) } satisfies Reply<PersonReply>)
    })
    return api
  }
