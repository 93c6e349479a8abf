// The console's updates (issue 31), under /api/admin behind the console's session and Origin checks (the
// composition mounts them there: server/app.ts): the drafts (list, read, create, edit, delete), a preview of the
// email, a test to the signed-in team member's own address, the audiences' counts, sending (now or at a time),
// pausing, resuming, cancelling and unscheduling, and the record as CSV. Every change is audited with who made it.
// Each route is mounted from the route table behind its permission (writing, sending, exporting); a member who may
// not see people (an editor, a sender) reads who wrote or sent an update as "a team member", but for themselves.
import { Hono, type Context } from 'hono'
import { stream } from 'hono/streaming'
import type { Reply } from '../../../shared/console-api'
import { audienceWords, maxSendsPerSecond, updateAudiences, type AudiencesReply, type CohortAudiencesReply, type SendRates, type SendRequest } from '../../../shared/update-rows'
import { answerMatchOf, type AnswerMatch } from '../../../shared/questions'
import { isMasked, shownCount } from '../../../shared/analytics'
import { recordOf } from '../../../shared/record-of'
import type { UpdateDraft, UpdatePreview, UpdateRefusal, UpdateReply, UpdatesReply, UpdateTestReply } from '../../../shared/update-rows'
import { csvRow } from '../../platform/http/csv'
import { paintedDark } from '../../platform/mail/email-theme'
import { readFieldsBody } from '../../platform/http/read-body'
import { consoleRoutes } from '../../../shared/console-routes'
import type { AdminEnv } from '../../platform/console/guard'
import { consoleMessages } from '../../platform/console/console-messages'
import { memberShown, on, seesPeople } from '../../platform/console/console-route'
import type { Audit } from '../../platform/console/audit'
import { checkUpdate, updateMessages, type CheckedUpdate } from './update-draft'
import { renderUpdate } from './update-emails'
import type { UpdateStore } from './update-store'
import type { CohortMatching, SendOutcome, UpdateSends } from './update-sends'

export type UpdateRoutesOptions = {
  updates: UpdateStore
  sends: UpdateSends
  /** Who matches a cohort's rules (the questions' offer, issue 52). */
  matching: CohortMatching
  /** The pace of a send that names none (INVITE_SEND_RATE). */
  defaultPerSecond: number
  audit: Audit
  now: () => Date
  /** A test was queued: the outbox sender looks at once. */
  onQueued?: () => void
}

export const sendMessages = {
  notDraft: 'This update is no longer a draft: once it is scheduled or sent, its words stay as they went. Unschedule it first, or write a new one.',
  wrongState: 'The update is not where that needs it (someone else may have moved it): here is where it stands now.',
  nobody: 'Nobody in that audience holds news and updates now, so there is nobody to send it to.',
  noAudience: `Choose an audience: ${updateAudiences.map((name) => audienceWords[name].toLowerCase()).join(', ')}.`,
  badTime: 'Give the time to send as a date and time.',
  badRate: `Give the pace as a whole number of emails a second, from 1 to ${maxSendsPerSecond}.`,
  badMatch: 'Each rule names a choice question and one or more of its choices.',
  fewerThanFive: 'Fewer than 5 people of that audience match. A member who may see people can send to so small a cohort.',
} as const

/** A draft's JSON body: its three fields, escaped as JSON, with room to spare over updateLimits. */
export const updateBodyMaxBytes = 256 * 1024

/** The preview's reply is data for the console, never a page: if it is opened as one, it is sandboxed (no script,
 * no form, an origin of its own) and loads nothing. */
export const previewCsp = "default-src 'none'; frame-ancestors 'none'; sandbox"

const refusal = (code: UpdateRefusal, message: string, link?: string) => ({ ok: false, code, message, ...(link === undefined ? {} : { link }) }) as const

export function updateRoutes(options: UpdateRoutesOptions): Hono<AdminEnv> {
  const { updates, sends, audit, now } = options
  const routes = new Hono<AdminEnv>()
  const idOf = (c: Context) => {
    const id = Number(c.req.param('id'))
    return Number.isSafeInteger(id) && id >= 1 ? id : undefined
  }
  const notFound = (c: Context) => c.json(refusal('not-found', updateMessages.notFound), 404)

  // A save's body, checked (update-draft.ts): a refusal says why, and a link refused is named in `link`.
  async function saved(c: Context<AdminEnv>, save: (update: CheckedUpdate, by: string) => Promise<Response>) {
    const read = await readFieldsBody(c, { maxBytes: updateBodyMaxBytes })
    if (read.kind === 'too-large') return c.json({ ok: false, message: consoleMessages.tooLarge }, 413)
    if (read.kind === 'unreadable') return c.json(refusal('invalid', updateMessages.notText), 400)
    const checked = checkUpdate(read.fields)
    if (!checked.ok) return c.json(refusal(checked.code, checked.message, checked.link), 400)
    return save(checked.update, c.get('adminEmail'))
  }

  // An update as the signed-in member may see it: who wrote and who sent it, for a member without people:read.
  const shown = (c: Context<AdminEnv>, update: UpdateDraft): UpdateDraft => {
    const by = memberShown(c)
    return { ...update, createdBy: by(update.createdBy), updatedBy: by(update.updatedBy), send: update.send && { ...update.send, requestedBy: by(update.send.requestedBy) } }
  }

  on(routes, consoleRoutes.updates, async (c) => {
    const by = memberShown(c)
    const list = (await updates.list()).map((update) => ({ ...update, updatedBy: by(update.updatedBy) }))
    return c.json({ ok: true, updates: list } satisfies Reply<UpdatesReply>)
  })

  on(routes, consoleRoutes.createUpdate, (c) =>
    saved(c, async (checked, by) => {
      const update = await updates.create(checked, by, now())
      await audit(by, 'write-update', `update #${update.id}: created`)
      return c.json({ ok: true, update: shown(c, update) } satisfies Reply<UpdateReply>, 201)
    }),
  )

  // Before /updates/:id, which would take "audiences" for an id.
  on(routes, consoleRoutes.audiences, async (c) =>
    c.json({ ok: true, counts: await sends.audienceCounts(), defaultPerSecond: options.defaultPerSecond } satisfies Reply<AudiencesReply>),
  )

  // A cohort's rules (issue 52), as posted or as the count's query carries them (JSON), checked and matched: the
  // rules and their people, or undefined when they are not well formed or name what no question offers.
  const cohortOf = async (raw: unknown): Promise<{ match: AnswerMatch[]; people: number[] } | undefined> => {
    const match = answerMatchOf(raw)
    const matched = match && (await options.matching(match))
    return match && matched ? { match, people: matched.people } : undefined
  }

  // Before the send, each audience's count among the cohort: exact for a member who may see people, else from 1 to
  // 4 as "fewer than 5" (shared/analytics.ts), the waves' rule.
  on(routes, consoleRoutes.cohortAudiences, async (c) => {
    const cohort = await cohortOf(c.req.query('match'))
    if (!cohort) return c.json(refusal('invalid', sendMessages.badMatch), 400)
    const counts = await sends.audienceCounts(cohort.people)
    const shown = seesPeople(c) ? counts : recordOf(updateAudiences, (audience) => shownCount(counts[audience]))
    return c.json({ ok: true, counts: shown, defaultPerSecond: options.defaultPerSecond, match: cohort.match } satisfies Reply<CohortAudiencesReply>)
  })

  on(routes, consoleRoutes.sendRates, async (c) => c.json({ ok: true, ...(await sends.rates()), guard: sends.guard } satisfies Reply<SendRates>))

  on(routes, consoleRoutes.update, async (c) => {
    const id = idOf(c)
    const update = id === undefined ? undefined : await updates.read(id)
    return update ? c.json({ ok: true, update: shown(c, update) } satisfies Reply<UpdateReply>) : notFound(c)
  })

  on(routes, consoleRoutes.editUpdate, (c) =>
    saved(c, async (checked, by) => {
      const id = idOf(c)
      const update = id === undefined ? 'not-found' : await updates.edit(id, checked, by, now())
      if (update === 'not-found') return notFound(c)
      if (update === 'wrong-state') return c.json(refusal('wrong-state', sendMessages.notDraft), 409)
      await audit(by, 'write-update', `update #${update.id}: edited`)
      return c.json({ ok: true, update: shown(c, update) } satisfies Reply<UpdateReply>)
    }),
  )

  on(routes, consoleRoutes.deleteUpdate, async (c) => {
    const id = idOf(c)
    const removed = id === undefined ? 'not-found' : await updates.remove(id)
    if (removed === 'not-found') return notFound(c)
    if (removed === 'wrong-state') return c.json(refusal('wrong-state', sendMessages.notDraft), 409)
    await audit(c.get('adminEmail'), 'delete-update', `update #${id}`)
    return c.json({ ok: true })
  })

  // A move's answer: the update as it stands now, or why not.
  async function moved(c: Context<AdminEnv>, id: number, outcome: SendOutcome, audited: string) {
    if (!outcome.ok) {
      if (outcome.reason === 'not-found') return notFound(c)
      return c.json(refusal(outcome.reason, outcome.reason === 'nobody' ? sendMessages.nobody : sendMessages.wrongState), 409)
    }
    await audit(c.get('adminEmail'), 'send-update', `update #${id}: ${audited}`)
    return c.json({ ok: true, update: shown(c, (await updates.read(id))!) } satisfies Reply<UpdateReply>)
  }

  on(routes, consoleRoutes.sendUpdate, async (c) => {
    const id = idOf(c)
    if (id === undefined) return notFound(c)
    const read = await readFieldsBody(c)
    if (read.kind === 'too-large') return c.json({ ok: false, message: consoleMessages.tooLarge }, 413)
    const fields: Partial<Record<keyof SendRequest, unknown>> = read.kind === 'fields' ? read.fields : {}
    const audience = updateAudiences.find((name) => name === fields.audience)
    const at = fields.at === undefined ? undefined : typeof fields.at === 'string' ? new Date(fields.at) : new Date(Number.NaN)
    const perSecond = fields.perSecond === undefined ? options.defaultPerSecond : fields.perSecond
    if (audience === undefined) return c.json(refusal('invalid', sendMessages.noAudience), 400)
    if (at !== undefined && Number.isNaN(at.getTime())) return c.json(refusal('invalid', sendMessages.badTime), 400)
    if (!Number.isSafeInteger(perSecond) || (perSecond as number) < 1 || (perSecond as number) > maxSendsPerSecond) return c.json(refusal('invalid', sendMessages.badRate), 400)
    const cohort = fields.match === undefined ? undefined : await cohortOf(fields.match)
    if (fields.match !== undefined && !cohort) return c.json(refusal('invalid', sendMessages.badMatch), 400)
    // A member who may not see people sends to no cohort of fewer than 5: its count would point at them.
    if (cohort && !seesPeople(c) && isMasked((await sends.audienceCounts(cohort.people))[audience])) return c.json(refusal('invalid', sendMessages.fewerThanFive), 400)
    const outcome = await sends.send(id, { audience, at, perSecond: perSecond as number, match: cohort?.match }, c.get('adminEmail'), now())
    const when = at !== undefined && at > now() ? `scheduled for ${at.toISOString()}` : 'sending now'
    const byAnswers = cohort ? `, by answers (${cohort.match.length} ${cohort.match.length === 1 ? 'rule' : 'rules'})` : ''
    return moved(c, id, outcome, `${when} to ${audienceWords[audience].toLowerCase()}${byAnswers}, ${String(perSecond)} a second`)
  })

  for (const [route, event, audited] of [
    [consoleRoutes.pauseUpdate, 'PAUSE', 'paused'],
    [consoleRoutes.resumeUpdate, 'RESUME', 'resumed'],
    [consoleRoutes.cancelUpdate, 'CANCEL', 'cancelled'],
    [consoleRoutes.unscheduleUpdate, 'UNSCHEDULE', 'unscheduled, a draft again'],
  ] as const)
    on(routes, route, async (c) => {
      const id = idOf(c)
      if (id === undefined) return notFound(c)
      const outcome = await sends.move(id, event, now())
      if (outcome.ok && event === 'RESUME') options.onQueued?.()
      return moved(c, id, outcome, audited)
    })

  // The record, one row per person in the order they were taken: an erased person's address is gone, their row
  // stays. Streamed a batch at a time.
  on(routes, consoleRoutes.updateRecordCsv, async (c) => {
    const id = idOf(c)
    const update = id === undefined ? undefined : await updates.read(id)
    if (!update || id === undefined) return notFound(c)
    await audit(c.get('adminEmail'), 'export', `record of update #${id}`)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="update-${id}-record.csv"`)
    return stream(c, async (out) => {
      await out.write(csvRow(['email', 'outcome', 'reason', 'at', 'unsubscribed_at']))
      for (let after = 0; ; ) {
        const rows = await sends.recordRows(id, after, 1000)
        if (rows.length === 0) break
        await out.write(rows.map((row) => csvRow([row.email ?? '(erased)', row.state, row.reason ?? '', row.at ?? '', row.unsubscribedAt ?? ''])).join(''))
        after = rows.at(-1)!.id
      }
    })
  })

  // The email as a person on the list would get it (but for their own unsubscribe link), both parts, for the
  // console to show, never to run. The intended use: each HTML in an <iframe sandbox="" srcdoc="…"> (an empty
  // sandbox: no script, no form, no navigation of the console, an origin of its own; srcdoc, so nothing is
  // loaded and the console's own CSP still covers it), `html` in a frame whose CSS color-scheme is light and
  // `darkHtml` beside it (or `html` in a frame with color-scheme: dark, which its prefers-color-scheme follows),
  // and `text` in a <pre> as text, never as markup. The reply is JSON under a CSP that allows nothing, sandboxed
  // too, should anyone open it as a page.
  on(routes, consoleRoutes.previewUpdate, async (c) => {
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
  on(routes, consoleRoutes.testUpdate, async (c) => {
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
