// The console's invitations (issue 22), under /api/admin behind the console's session and Origin checks (the
// composition mounts them there: server/app.ts): the waves and their funnel, who is next, starting a wave, sending a wave's expired
// invitations again, the daily pace, and the funnel as CSV. Every change is audited with who made it. Each route
// is mounted from the route table behind its permission; a member who may not see people (a sender, a viewer)
// gets the waves without the addresses of the team members who started them, and who is next without theirs.
import { Hono, type Context } from 'hono'
import { csvRow } from '../../platform/http/csv'
import type { AdminEnv } from '../../platform/console/guard'
import { consoleMessages } from '../../platform/console/console-messages'
import { memberShown, on, seesPeople } from '../../platform/console/console-route'
import type { Audit } from '../../platform/console/audit'
import { consoleRoutes } from '../../../shared/console-routes'
import { readFieldsBody, type Fields } from '../../platform/http/read-body'
import { invitationRules, isTimeOfDay } from '../../../shared/rules'
import { askWaveCount, funnelColumns, nobodyWaiting, ratedFunnelColumns, type Pace, type WaveRefusal, type WaveRequest, type WaveRow, type PaceRequest } from '../../../shared/launch-rows'
import type { Invitations } from './invitations'
import { inviteUrlMessages } from '../../../shared/setup'
import { answerMatchOf, cohortMatchMax, type AnswerMatch } from '../../../shared/questions'
import { isMasked } from '../../../shared/analytics'
import { can } from '../../../shared/team'

export type WaveRoutesOptions = {
  invitations: Invitations
  /** Who matches a cohort's rules (the questions' offer, issue 52), and whether a rule reads sensitive answers. */
  matching: (rules: readonly AnswerMatch[]) => Promise<{ people: number[]; sensitive: boolean } | undefined>
  /** INVITE_URL, read at each use: without it there is nowhere to send people, so waves and paces are refused. */
  inviteUrl: () => Promise<string | undefined>
  audit: Audit
  now: () => Date
}

export const waveMessages = {
  badCount: askWaveCount(invitationRules.maxWave),
  badPace: 'Say how many people a day (a whole number from 1 up) and a time of day as HH:MM.',
  listChanged: 'The list changed since you looked (another wave took those people): here is who is next now.',
  nobody: nobodyWaiting,
  badMatch: 'Each rule names a choice question asked now and one or more of its choices.',
  tooManyMatch: `More than ${cohortMatchMax.toLocaleString('en-US')} people match: narrow the cohort, or take the next in line.`,
  fewerThanFive: 'Fewer than 5 people in line match. A member who may see people can invite so small a cohort.',
  noneExpired: 'That wave has no expired invitations to send again.',
  notReady: inviteUrlMessages.missing,
  noPace: 'No pace is set.',
} as const

const refusal = (code: WaveRefusal, message: string) => ({ ok: false, code, message }) as const
const rate = (part: number, whole: number) => (whole === 0 ? '' : (part / whole).toFixed(3))

const wholeNumber = (value: unknown, max: number) => (Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= max ? (value as number) : undefined)

export function waveRoutes(options: WaveRoutesOptions): Hono<AdminEnv> {
  const { invitations, now } = options
  const routes = new Hono<AdminEnv>()
  const ready = async () => (await options.inviteUrl()) !== undefined
  const refuseUnlessReady = async () => ((await ready()) ? undefined : refusal('not-ready', waveMessages.notReady))
  // A body is a small JSON object; anything else (`null`, a list, no JSON) has none of the fields, and is
  // refused as a wrong number would be. Undefined when it is too large.
  const body = async (c: Context): Promise<Fields | undefined> => {
    const read = await readFieldsBody(c)
    return read.kind === 'too-large' ? undefined : read.kind === 'fields' ? read.fields : {}
  }
  const tooLarge = (c: Context) => c.json({ ok: false, message: consoleMessages.tooLarge }, 413)

  // Who started a wave or the pace, as the signed-in member may see them.
  const shownWave = (c: Context<AdminEnv>) => (wave: WaveRow) => ({ ...wave, startedBy: memberShown(c)(wave.startedBy) })
  const shownPace = (c: Context<AdminEnv>, pace: Pace | null) => pace && { ...pace, startedBy: memberShown(c)(pace.startedBy) }

  on(routes, consoleRoutes.waves, async (c) => {
    const overview = await invitations.overview(await ready())
    return c.json({ ok: true, ...overview, waves: overview.waves.map(shownWave(c)), pace: shownPace(c, overview.pace) })
  })

  // A cohort (issue 52): the rules, as posted or as the preview's query carries them (JSON), checked and matched.
  // Undefined: no rules, the next in line; a string: the refusal's words.
  type Cohort = { people: number[]; sensitive: boolean }
  const cohortOf = async (raw: unknown): Promise<Cohort | string | undefined> => {
    if (raw === undefined || raw === null || raw === '') return undefined
    const rules = answerMatchOf(raw)
    const cohort = rules ? await options.matching(rules) : undefined
    if (!cohort) return waveMessages.badMatch
    if (cohort.people.length > cohortMatchMax) return waveMessages.tooManyMatch
    return cohort
  }
  // Who is next in a cohort is shown to a member who may see people, and, for a rule on sensitive answers, who may
  // read them; to anyone else the counts only, and a count under 5 not at all (shared/analytics.ts isMasked).
  const seesCohort = (c: Context<AdminEnv>, cohort: Cohort) => seesPeople(c) && (!cohort.sensitive || can(c.get('role'), 'answers:sensitive:read'))

  on(routes, consoleRoutes.nextUp, async (c) => {
    const count = wholeNumber(Number(c.req.query('count')), invitationRules.maxWave)
    if (count === undefined) return c.json({ ok: false, message: waveMessages.badCount }, 400)
    const cohort = await cohortOf(c.req.query('match'))
    if (typeof cohort === 'string') return c.json({ ok: false, message: cohort }, 400)
    const next = await invitations.nextUp(count, cohort?.people)
    if (cohort && !seesPeople(c) && isMasked(next.waiting)) return c.json({ ok: false, message: waveMessages.fewerThanFive }, 400)
    const people = cohort && !seesCohort(c, cohort) ? [] : seesPeople(c) ? next.people : next.people.map(({ email: _hidden, ...person }) => person)
    return c.json({ ok: true, ...next, people, ...(cohort && { matching: next.waiting }) })
  })

  on(routes, consoleRoutes.startWave, async (c) => {
    const notReady = await refuseUnlessReady()
    if (notReady) return c.json(notReady, 503)
    const fields = await body(c)
    if (!fields) return tooLarge(c)
    const { count: rawCount, firstId: rawFirst, match }: Partial<Record<keyof WaveRequest, unknown>> = fields
    const count = wholeNumber(rawCount, invitationRules.maxWave)
    const firstId = wholeNumber(rawFirst, Number.MAX_SAFE_INTEGER)
    const cohort = await cohortOf(match)
    if (typeof cohort === 'string') return c.json({ ok: false, message: cohort }, 400)
    // A member shown no one of a cohort sends no first person: the cohort's rules are what they saw.
    if (count === undefined || (firstId === undefined && !(cohort && !seesCohort(c, cohort)))) return c.json({ ok: false, message: waveMessages.badCount }, 400)
    if (cohort && !seesPeople(c) && isMasked(await invitations.nextUp(1, cohort.people).then((next) => next.waiting))) return c.json({ ok: false, message: waveMessages.fewerThanFive }, 400)
    const by = c.get('adminEmail')
    const started = await invitations.startWave({ count, firstId, by, kind: 'next', now: now(), among: cohort?.people })
    if (!started.ok)
      return started.reason === 'list-changed'
        ? c.json(refusal('list-changed', waveMessages.listChanged), 409)
        : c.json(refusal('nobody', waveMessages.nobody), 409)
    await options.audit(by, 'start-wave', `wave #${started.wave.id}: ${started.wave.funnel.invited} invited${cohort ? ' whose answers matched' : ''}`)
    return c.json({ ok: true, wave: shownWave(c)(started.wave) })
  })

  on(routes, consoleRoutes.inviteAgain, async (c) => {
    const notReady = await refuseUnlessReady()
    if (notReady) return c.json(notReady, 503)
    const waveId = wholeNumber(Number(c.req.param('id')), Number.MAX_SAFE_INTEGER)
    if (waveId === undefined) return c.json({ ok: false, message: waveMessages.noneExpired }, 404)
    const by = c.get('adminEmail')
    const started = await invitations.inviteAgain(waveId, by, now())
    if (!started.ok) return c.json({ ok: false, message: waveMessages.noneExpired }, 404)
    await options.audit(by, 'invite-again', `wave #${started.wave.id}: ${started.wave.funnel.invited} expired of wave #${waveId} invited again`)
    return c.json({ ok: true, wave: shownWave(c)(started.wave) })
  })

  on(routes, consoleRoutes.setPace, async (c) => {
    const notReady = await refuseUnlessReady()
    if (notReady) return c.json(notReady, 503)
    const fields = await body(c)
    if (!fields) return tooLarge(c)
    const { perDay: rawPerDay, atUtc }: Partial<Record<keyof PaceRequest, unknown>> = fields
    const perDay = wholeNumber(rawPerDay, invitationRules.maxWave)
    if (perDay === undefined || !isTimeOfDay(atUtc)) return c.json({ ok: false, message: waveMessages.badPace }, 400)
    const by = c.get('adminEmail')
    const pace = await invitations.setPace({ perDay, atUtc }, by, now())
    await options.audit(by, 'set-pace', `${perDay} a day at ${atUtc} UTC`)
    return c.json({ ok: true, pace: shownPace(c, pace) })
  })

  on(routes, consoleRoutes.stopPace, async (c) => {
    if (!(await invitations.stopPace(now()))) return c.json({ ok: false, message: waveMessages.noPace }, 404)
    await options.audit(c.get('adminEmail'), 'stop-pace', '')
    return c.json({ ok: true })
  })

  on(routes, consoleRoutes.wavesCsv, async (c) => {
    const overview = await invitations.overview(await ready())
    await options.audit(c.get('adminEmail'), 'export', 'invitation funnel')
    const rows = [
      csvRow(['wave', 'kind', 'started_by', 'started_at', ...funnelColumns, ...ratedFunnelColumns.map((column) => `${column}_rate`)]),
      ...[...overview.waves, { id: 'total', kind: '', startedBy: '', startedAt: '', funnel: overview.total }].map((wave) =>
        csvRow([
          String(wave.id),
          wave.kind,
          wave.startedBy,
          wave.startedAt,
          ...funnelColumns.map((column) => String(wave.funnel[column])),
          ...ratedFunnelColumns.map((column) => rate(wave.funnel[column], wave.funnel.invited)),
        ]),
      ),
    ]
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="waves-${now().toISOString().slice(0, 10)}.csv"`)
    return c.body(rows.join(''))
  })
  return routes
}
