// The questions, for a confirmed person (issue 52):
//   GET  /waitlist/questions?token=…        the page: the questions asked now, their answers so far
//   POST /waitlist/questions                its form: token, consent=yes|no, q<id>=…, q<id>.<n>=… (several)
//   POST /waitlist/questions/withdraw       takes the consent back: the sensitive answers are deleted at once
//   POST /api/waitlist/questions            the same answers as JSON for a script:
//                                           {"token","consent":"yes"|"no","answers":[{"questionId","answer"}]}
// The token is the questions page's own (a day, made at each opening of the "your place" page): unknown, ended, or
// its person not confirmed, it is refused as the news choice is, 404 with words. A bad answer is a 400 in words and
// stores nothing. The pages' posts carry no Origin check, as the copy's pages: they send no Referer, so browsers post
// them with `Origin: null`, and the token is the whole authority; the JSON route checks Origin like the others.
// No answer is ever logged: a failure logs its error only.
import { Hono, type Context } from 'hono'
import { answerRefusalWords, questionsApiPath, questionsLinkInvalidWords, questionsPagePath, questionsWithdrawPath, type AnswerValue } from '../../../shared/questions'
import type { Db } from '../../platform/database/database'
import { apiHeaders, publicCors, type OriginCheck } from '../../platform/http/api-guard'
import type { RateLimiter } from '../../platform/http/rate-limit'
import { rateLimited } from '../../platform/http/rate-limited'
import { readFieldsBody, type Fields } from '../../platform/http/read-body'
import { refuseMethod } from '../../platform/http/reply'
import type { RequestFacts } from '../../platform/http/request-facts'
import { hashSecret, isWellFormedSecret } from '../../platform/secrets/tokens'
import { fieldOf, questionsPageCsp, renderQuestionsLinkNotWorking, renderQuestionsPage, type QuestionsPageState } from './questions-page'
import type { AnswerOutcome, PostedAnswer, QuestionsStore } from './questions-store'

export type QuestionsRoutesOptions = {
  store: QuestionsStore
  /** Where the page reads the person's answers (the database's reads). */
  reads: Db
  limiter: RateLimiter
  clientKey: RequestFacts['clientKey']
  originCheck: OriginCheck
  /** The site's public address, for the page's links; the request's own origin without it. */
  siteUrl?: string
  now: () => Date
}

export const defaultQuestionsRateLimit = { max: 30, windowMs: 60_000 }
/** Ten questions of 200 characters, as a form encodes them, with room to spare. */
const bodyMaxBytes = 32_768

const pageHeaders = {
  'Content-Security-Policy': questionsPageCsp(),
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
}

const wordsOf = (outcome: Extract<AnswerOutcome, { ok: false }>) => (outcome.refusal === 'not-confirmed' ? questionsLinkInvalidWords : answerRefusalWords[outcome.refusal])

/** A form's answers: `q<id>` for one value, `q<id>.<n>` for each ticked box of several (empty when none is). */
function formAnswers(fields: Fields, questions: { id: number; kind: string }[]): PostedAnswer[] {
  const answers: PostedAnswer[] = []
  for (const question of questions) {
    const name = fieldOf(question.id)
    if (question.kind === 'several') {
      answers.push({ questionId: question.id, answer: Object.entries(fields).flatMap(([key, value]) => (key.startsWith(`${name}.`) ? [value] : [])) })
    } else if (name in fields) answers.push({ questionId: question.id, answer: fields[name] })
  }
  // A field that names no question asked now: refused as an unknown question, like the JSON route's.
  for (const key of Object.keys(fields)) {
    const id = /^q(\d+)(?:\.\d+)?$/.exec(key)?.[1]
    if (id !== undefined && !questions.some((question) => question.id === Number(id))) answers.push({ questionId: Number(id), answer: fields[key] })
    else if (key.startsWith('q') && id === undefined) answers.push({ questionId: key, answer: fields[key] })
  }
  return answers
}

export function questionsRoutes(options: QuestionsRoutesOptions): { api: Hono; pages: Hono } {
  const { store, now } = options
  const limited = rateLimited(options.limiter, { clientKey: options.clientKey, prefix: 'questions:', refusal: 'tooManyConsentRequests' })
  const siteOf = (c: Context) => options.siteUrl ?? new URL(c.req.url).origin
  const api = new Hono()
  const pages = new Hono()

  const holderOf = async (token: unknown) => (isWellFormedSecret(token) ? await store.holderOf(hashSecret(token), now()) : undefined)
  const pageState = async (token: string, signupId: number, notice?: QuestionsPageState['notice']): Promise<QuestionsPageState> => {
    const mine = await store.personAnswers(options.reads, signupId)
    const held = mine.sensitiveConsent !== null && mine.sensitiveConsent.givenAt !== null && mine.sensitiveConsent.withdrawnAt === null
    return { token, questions: await store.asked(), given: mine.given, holdsSensitiveConsent: held, notice }
  }
  const linkNotWorking = (c: Context) => c.html(renderQuestionsLinkNotWorking(siteOf(c), questionsLinkInvalidWords), 404, pageHeaders)
  const page = async (c: Context, token: string, signupId: number, notice?: QuestionsPageState['notice'], status: 200 | 400 = 200) =>
    c.html(renderQuestionsPage(await pageState(token, signupId, notice), siteOf(c)), status, pageHeaders)

  pages.get(questionsPagePath, limited, async (c) => {
    const token = c.req.query('token')
    const signupId = await holderOf(token)
    if (signupId === undefined || !token) return linkNotWorking(c)
    const done = c.req.query('done')
    const notice =
      done === 'saved'
        ? { words: 'Thanks: your answers are saved.', refused: false }
        : done === 'withdrawn'
          ? { words: 'Done: your answers to the health questions are deleted, and we will not ask to keep them again unless you say yes.', refused: false }
          : undefined
    return page(c, token, signupId, notice)
  })

  pages.post(questionsPagePath, limited, async (c) => {
    const body = await readFieldsBody(c, { forms: true, maxBytes: bodyMaxBytes })
    const fields = body.kind === 'fields' ? body.fields : {}
    const token = fields.token
    const signupId = await holderOf(token)
    if (signupId === undefined || typeof token !== 'string') return linkNotWorking(c)
    if (body.kind !== 'fields') return page(c, token, signupId, { words: answerRefusalWords['bad-answer'], refused: true }, 400)
    const asked = await store.asked()
    // A "no", or no choice at all, keeps the person in line: their health answers are refused, never kept.
    const outcome = await store.answer(signupId, formAnswers(fields, asked), now(), { giveConsent: fields.consent === 'yes' })
    if (!outcome.ok) return page(c, token, signupId, { words: wordsOf(outcome), refused: true }, 400)
    return c.redirect(`${questionsPagePath}?token=${encodeURIComponent(token)}&done=saved`, 303)
  })

  pages.post(questionsWithdrawPath, limited, async (c) => {
    const body = await readFieldsBody(c, { forms: true })
    const token = body.kind === 'fields' ? body.fields.token : undefined
    const signupId = await holderOf(token)
    if (signupId === undefined || typeof token !== 'string') return linkNotWorking(c)
    await store.withdrawSensitiveConsent(signupId, now())
    return c.redirect(`${questionsPagePath}?token=${encodeURIComponent(token)}&done=withdrawn`, 303)
  })

  api.use(questionsApiPath, apiHeaders, options.originCheck(), publicCors)
  api.post(questionsApiPath, limited, async (c) => {
    const body = await readFieldsBody(c, { maxBytes: bodyMaxBytes })
    if (body.kind !== 'fields') return c.json({ ok: false, message: answerRefusalWords['bad-answer'] }, 400)
    const { token, consent, answers } = body.fields
    const signupId = await holderOf(token)
    if (signupId === undefined) return c.json({ ok: false, message: questionsLinkInvalidWords }, 404)
    if (!Array.isArray(answers) || (consent !== undefined && consent !== 'yes' && consent !== 'no')) return c.json({ ok: false, message: answerRefusalWords['bad-answer'] }, 400)
    const posted = answers.map((entry: unknown): PostedAnswer => {
      const { questionId, answer } = (entry ?? {}) as { questionId?: unknown; answer?: AnswerValue }
      return { questionId, answer }
    })
    const outcome = await store.answer(signupId, posted, now(), { giveConsent: consent === 'yes' })
    if (!outcome.ok) return c.json({ ok: false, message: wordsOf(outcome) }, 400)
    return c.json({ ok: true, saved: outcome.saved })
  })
  api.all(questionsApiPath, refuseMethod)
  return { api, pages }
}
