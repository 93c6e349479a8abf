// The console's questions (issue 52), under /api/admin behind the console's session and Origin checks, each route
// mounted from the route table behind questions:manage: the questions with their counts, defining one, editing
// its wording (a new version: the answers keep theirs), retiring one. Counts only, never an answer: a sensitive
// question's answers are counts here like the others, and a member who may not see people reads a count from 1 to
// 4 as "fewer than 5", so that no count points at a person. Every change is audited with who made it. The choice
// questions asked now, without counts, are also read by whoever starts waves, for a wave's rules by answers.
import { Hono, type Context } from 'hono'
import { shownCount } from '../../../shared/analytics'
import { consoleRoutes } from '../../../shared/console-routes'
import { isQuestionKind, type AskedQuestion, type QuestionRow } from '../../../shared/questions'
import type { Audit } from '../../platform/console/audit'
import { consoleMessages } from '../../platform/console/console-messages'
import { on, seesPeople } from '../../platform/console/console-route'
import type { AdminEnv } from '../../platform/console/guard'
import { readFieldsBody } from '../../platform/http/read-body'
import type { QuestionSummary, QuestionsStore } from './questions-store'

export type QuestionsConsoleOptions = { store: QuestionsStore; audit: Audit; now: () => Date }

const strings = (value: unknown) => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined)

export function questionsConsoleRoutes({ store, audit, now }: QuestionsConsoleOptions): Hono<AdminEnv> {
  const api = new Hono<AdminEnv>()
  const shown = (c: Context<AdminEnv>) => {
    const exact = seesPeople(c)
    return (question: QuestionSummary): QuestionRow => ({
      ...question,
      answered: exact ? question.answered : shownCount(question.answered),
      chosen: Object.fromEntries(Object.entries(question.chosen).map(([choice, n]) => [choice, exact ? n : shownCount(n)])),
    })
  }
  const rowOf = async (c: Context<AdminEnv>, id: number) => {
    const found = (await store.summaries()).find((question) => question.id === id)
    return found && shown(c)(found)
  }
  const idOf = (c: Context<AdminEnv>) => {
    const id = Number(c.req.param('id'))
    return Number.isSafeInteger(id) && id >= 1 ? id : undefined
  }
  const bodyOf = async (c: Context<AdminEnv>) => {
    const read = await readFieldsBody(c, { maxBytes: 8192 })
    return read.kind === 'fields' ? read.fields : undefined
  }

  on(api, consoleRoutes.questions, async (c) => c.json({ ok: true, questions: (await store.summaries()).map(shown(c)) }))

  // A wave's rules name a choice question asked now and its choices (issue 52): a sender, who starts waves but does not
  // manage the questions, reads their words here, and nothing of their answers.
  on(api, consoleRoutes.cohortQuestions, async (c) => {
    const asked = (await store.summaries()).filter((question) => question.state === 'asked' && question.kind !== 'short')
    return c.json({ ok: true, questions: asked.map(({ id, version, kind, sensitive, wording, choices }): AskedQuestion => ({ id, version, kind, sensitive, wording, choices })) })
  })

  on(api, consoleRoutes.defineQuestion, async (c) => {
    const body = await bodyOf(c)
    const choices = strings(body?.choices)
    if (!body || !isQuestionKind(body.kind) || typeof body.sensitive !== 'boolean' || typeof body.wording !== 'string' || !choices)
      return c.json({ ok: false, message: consoleMessages.badRequest }, 400)
    const by = c.get('adminEmail')
    const defined = await store.define({ kind: body.kind, sensitive: body.sensitive, wording: body.wording, choices }, by, now())
    if (!defined.ok) return c.json({ ok: false, message: defined.problem }, 400)
    await audit(by, 'define-question', `question #${defined.id}${body.sensitive ? ' (sensitive)' : ''}`)
    return c.json({ ok: true, question: await rowOf(c, defined.id) }, 201)
  })

  on(api, consoleRoutes.editQuestion, async (c) => {
    const id = idOf(c)
    const body = await bodyOf(c)
    const choices = strings(body?.choices)
    if (id === undefined || !body || typeof body.wording !== 'string' || !choices) return c.json({ ok: false, message: consoleMessages.badRequest }, 400)
    const by = c.get('adminEmail')
    const edited = await store.edit(id, { wording: body.wording, choices }, by, now())
    if (!edited.ok) return c.json({ ok: false, message: edited.problem }, 400)
    await audit(by, 'edit-question', `question #${id}: version ${edited.version}`)
    return c.json({ ok: true, question: await rowOf(c, id) })
  })

  on(api, consoleRoutes.retireQuestion, async (c) => {
    const id = idOf(c)
    if (id === undefined) return c.json({ ok: false, message: consoleMessages.badRequest }, 400)
    const by = c.get('adminEmail')
    if (!(await store.retire(id, by, now()))) return c.json({ ok: false, message: 'There is no such question asked now.' }, 404)
    await audit(by, 'retire-question', `question #${id}`)
    return c.json({ ok: true, question: await rowOf(c, id) })
  })
  return api
}
