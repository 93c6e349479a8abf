// @vitest-environment node
// The people CSV with the answers (issue 52), on a real server, on SQLite here and on PostgreSQL with
// WAITLIST_TEST_ENGINE=postgres. A member who may see people gets a column per ordinary question; the health
// answers only when they ask for them (`?answers=sensitive`) and hold answers:sensitive:read, opened into their
// column, with an audit line naming the member and that they were in it, never what they were. A member without
// that permission is refused in words and their CSV is as before; no answer in plain reaches a log line.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { AuditEntry } from '../../../../shared/console-api'
import { createLogger } from '../../../../server/platform/observability/logger'
import { adminEmail, startAdminServer, type AdminTestServer } from '../../admin-harness'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { answeredPerson } from './answered-person'

runsOnBothEngines()

const knee = 'Sharp pain below the left kneecap'
let server: AdminTestServer
let owner: string
const lines: string[] = []
beforeEach(async () => {
  lines.length = 0
  server = await startAdminServer({ log: createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } }) })
  owner = await server.signIn()
})
afterEach(() => server.close())

const csv = async (cookie: string, query = '') => {
  const response = await server.request(`/api/admin/signups.csv${query}`, { cookie })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.text()).trimEnd().split('\r\n')
}
/** A CSV line's cells (these hold no comma; a cell with a semicolon comes quoted, as csv.ts writes it). */
const cells = (line: string) => line.split(',')

it('adds a column per question, the health answers only when asked for by a member who may read them, audited', async () => {
  const by = adminEmail
  const distance = await server.store.questions.define({ kind: 'single', sensitive: false, wording: 'How far do you run now?', choices: ['Under 5 km', 'More'] }, by, new Date())
  const devices = await server.store.questions.define({ kind: 'several', sensitive: false, wording: 'Which devices do you have?', choices: ['iPhone', 'Apple Watch', 'Garmin'] }, by, new Date())
  const pain = await server.store.questions.define({ kind: 'short', sensitive: true, wording: 'Any pain when you run? Where?', choices: [] }, by, new Date())
  if (!distance.ok || !devices.ok || !pain.ok) throw new Error('no questions')
  for (const [email, answers] of [
    ['ann@example.com', [{ questionId: distance.id, answer: 'Under 5 km' }, { questionId: devices.id, answer: ['iPhone', 'Garmin'] }, { questionId: pain.id, answer: knee }]],
    ['bob@example.com', [{ questionId: distance.id, answer: 'More' }]],
  ] as const)
    await answeredPerson(server.store, email, answers)
  const people = await server.joinTeam(owner, 'pia@company.example', 'people')
  const questionColumns = [`q${distance.id}: How far do you run now?`, `q${devices.id}: Which devices do you have?`]
  const healthColumn = `q${pain.id}: Any pain when you run? Where? (health)`

  // Without the choice, for the owner and the people role alike: the ordinary answers, no health column.
  for (const cookie of [owner, people]) {
    const plain = await csv(cookie)
    expect(cells(plain[0]!).slice(-2)).toEqual(questionColumns)
    expect(plain.join('\n')).not.toContain('kneecap')
    expect(plain.join('\n')).not.toContain('(health)')
    const ann = cells(plain.find((line) => line.includes('ann@'))!)
    expect(ann.slice(-2)).toEqual(['Under 5 km', '"iPhone; Garmin"'])
    // The numbers stay numbers: referral_credits and held_referrals, before the answers.
    expect(ann.slice(-5, -3)).toEqual(['0', '0'])
    expect(cells(plain.find((line) => line.includes('bob@'))!).slice(-2)).toEqual(['More', ''])
  }

  // The people role may not read health answers: refused in words.
  const refused = await server.request('/api/admin/signups.csv?answers=sensitive', { cookie: people })
  expect(refused.status).toBe(403)
  expect(await refused.json()).toEqual({ ok: false, message: 'Your role, people, does not allow reading health answers. An owner can change your role.' })
  expect((await server.request('/api/admin/signups.csv?answers=everything', { cookie: owner })).status).toBe(400)

  // The owner asks for them: opened into their column.
  const withHealth = await csv(owner, '?answers=sensitive')
  expect(cells(withHealth[0]!).slice(-3)).toEqual([...questionColumns, healthColumn])
  expect(cells(withHealth.find((line) => line.includes('ann@'))!).slice(-3)).toEqual(['Under 5 km', '"iPhone; Garmin"', knee])
  expect(cells(withHealth.find((line) => line.includes('bob@'))!).slice(-3)).toEqual(['More', '', ''])

  const audit = ((await (await server.request('/api/admin/audit', { cookie: owner })).json()) as { entries: AuditEntry[] }).entries
  const exports = audit.filter((entry) => entry.action === 'export').map(({ actor, detail }) => [actor, detail])
  expect(exports).toEqual([
    [adminEmail, 'all signups, with their sensitive answers'],
    ['pia@company.example', 'all signups'],
    [adminEmail, 'all signups'],
  ])
  expect(JSON.stringify(audit)).not.toContain('kneecap')
  expect(lines.length).toBeGreaterThan(0)
  expect(lines.join('')).not.toContain('kneecap')
})
