// What the questions read and write (issue 52), written once for both engines: the team's questions and their
// versions, a person's answers, and their consent to sensitive questions. A sensitive answer is sealed before it
// is written and opened only for a reader that may see it (the person's own copy, a member with the permission);
// every other reader gets counts. A batch of answers is checked whole before anything is written, so a bad one
// stores nothing.
import type { Selectable } from 'kysely'
import {
  questionRules,
  sensitiveConsentVersion,
  type AnswerMatch,
  type AnswerRefusal,
  type AnswerValue,
  type AskedQuestion,
  type PersonAnswer,
  type PersonAnswers,
  type QuestionKind,
} from '../../../shared/questions'
import type { Database, Db } from '../../platform/database/database'
import type { Tables } from '../../platform/database/schema'
import { issueLinkTokens } from '../../platform/secrets/link-tokens'
import type { AnswerCipher } from './answer-cipher'
import { checkAnswer, checkQuestion, type QuestionDraft } from './question-rules'
import type { ExportAnswers } from './public'

export type PostedAnswer = { questionId: unknown; answer: unknown }
export type AnswerOutcome = { ok: true; saved: number } | { ok: false; refusal: AnswerRefusal | 'not-confirmed' }
export type DefineOutcome = { ok: true; id: number; version: number } | { ok: false; problem: string }

/** A question as the console lists it, with how many answered it and, for a choice, how many chose each. */
export type QuestionSummary = AskedQuestion & { state: 'asked' | 'retired'; answered: number; chosen: Record<string, number> }

export interface QuestionsStore {
  /** The questions asked now, each in its current wording. */
  asked(): Promise<AskedQuestion[]>
  summaries(): Promise<QuestionSummary[]>
  define(draft: QuestionDraft & { kind: QuestionKind; sensitive: boolean }, by: string, now: Date): Promise<DefineOutcome>
  /** A new version of the wording (and choices); the kind and whether it is sensitive stay. */
  edit(id: number, draft: QuestionDraft, by: string, now: Date): Promise<DefineOutcome>
  retire(id: number, by: string, now: Date): Promise<boolean>
  /** Keeps a confirmed person's answers, each to the version asked now; an empty answer takes theirs back. With
   * `giveConsent`, the consent to sensitive questions is given in the same transaction, so a refusal keeps neither. */
  answer(signupId: number, answers: readonly PostedAnswer[], now: Date, options?: { giveConsent?: boolean }): Promise<AnswerOutcome>
  /** A token of a day for the questions page, for a confirmed person (the "your place" page makes one per opening). */
  offer(signupId: number, now: Date): Promise<{ token: string; holdsSensitiveConsent: boolean } | undefined>
  /** Whose a questions token is, while it lasts and their address is confirmed. */
  holderOf(tokenHash: string, now: Date): Promise<number | undefined>
  /** Whether the person holds the consent to sensitive questions now. */
  holdsSensitiveConsent(signupId: number): Promise<boolean>
  giveSensitiveConsent(signupId: number, now: Date): Promise<void>
  /** Takes the consent back and deletes the sensitive answers, in one transaction; says how many went. */
  withdrawSensitiveConsent(signupId: number, now: Date): Promise<number>
  /** Everything held for one person; sensitive answers opened. */
  personAnswers(db: Db, signupId: number): Promise<PersonAnswers>
  /** Who matches every rule of a cohort (issue 52): their signup ids, sensitive answers opened here and never
   * returned; undefined when a rule names no question or a choice it does not offer. */
  matching(rules: readonly AnswerMatch[]): Promise<{ people: number[]; sensitive: boolean } | undefined>
  /** The people CSV's answer columns and cells (public.ts ExportAnswers): sensitive answers opened only when asked. */
  exportAnswers: ExportAnswers
  /** Deletes everything held for one person, in the erasure's transaction. */
  erase(trx: Db, signupId: number): Promise<void>
  /** Deletes up to `limit` sensitive answers given before `before`; says how many (the retention clock). */
  removeExpiredSensitive(before: Date, limit: number): Promise<number>
}

type QuestionRow = Selectable<Tables['questions']> & { wording: string; choices: string }

/** The link-token purpose of the questions page's token. */
export const questionsTokenPurpose = 'questions'

const iso = (date: Date) => date.toISOString()
const asAsked = (row: QuestionRow): AskedQuestion => ({
  id: row.id,
  version: row.version,
  kind: row.kind,
  sensitive: row.sensitivity === 'sensitive',
  wording: row.wording,
  choices: JSON.parse(row.choices) as string[],
})

export function questionsStore(database: Database, cipher: AnswerCipher): QuestionsStore {
  const { db, lockRows } = database
  const withWording = (from: Db) =>
    from
      .selectFrom('questions')
      .innerJoin('question_versions', (join) => join.onRef('question_versions.question_id', '=', 'questions.id').onRef('question_versions.version', '=', 'questions.version'))
      .selectAll('questions')
      .select(['question_versions.wording', 'question_versions.choices'])
      .orderBy('questions.id')
  const holds = async (from: Db, signupId: number) => {
    const consent = await from.selectFrom('sensitive_consents').select(['given_at', 'withdrawn_at']).where('signup_id', '=', signupId).executeTakeFirst()
    return consent?.given_at != null && consent.withdrawn_at === null
  }
  const giveConsent = async (to: Db, signupId: number, now: Date) => {
    await to
      .insertInto('sensitive_consents')
      .values({ signup_id: signupId, version: sensitiveConsentVersion, given_at: iso(now), withdrawn_at: null })
      .onConflict((conflict) => conflict.column('signup_id').doUpdateSet({ version: sensitiveConsentVersion, given_at: iso(now), withdrawn_at: null }))
      .execute()
  }
  const writeVersion = (trx: Db, id: number, version: number, draft: QuestionDraft, by: string, now: Date) =>
    trx.insertInto('question_versions').values({ question_id: id, version, wording: draft.wording.trim(), choices: JSON.stringify(draft.choices.map((choice) => choice.trim())), written_by: by, written_at: iso(now) }).execute()

  return {
    async asked() {
      return (await withWording(db).where('questions.state', '=', 'asked').execute()).map(asAsked)
    },
    async summaries() {
      const rows = await withWording(database.reads).execute()
      const answers = await database.reads.selectFrom('answers').select(['question_id', 'answer', 'answer_sealed', 'signup_id']).execute()
      return rows.map((row) => {
        const question = asAsked(row)
        const chosen: Record<string, number> = Object.fromEntries(question.choices.map((choice) => [choice, 0]))
        let answered = 0
        for (const answer of answers) {
          if (answer.question_id !== row.id) continue
          answered += 1
          if (question.kind === 'short') continue
          const plain = answer.answer ?? (answer.answer_sealed ? cipher.open(answer.answer_sealed, answer.signup_id, row.id) : undefined)
          if (plain === undefined) continue
          const value = JSON.parse(plain) as AnswerValue
          for (const choice of Array.isArray(value) ? value : [value]) if (choice in chosen) chosen[choice] = (chosen[choice] ?? 0) + 1
        }
        return { ...question, state: row.state, answered, chosen }
      })
    },
    async define(draft, by, now) {
      const problem = checkQuestion(draft.kind, draft)
      if (problem) return { ok: false, problem }
      return db.transaction().execute(async (trx) => {
        const asked = await trx.selectFrom('questions').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'asked').executeTakeFirstOrThrow()
        if (Number(asked.n) >= questionRules.askedMax) return { ok: false as const, problem: `At most ${questionRules.askedMax} questions are asked at once. Retire one first.` }
        const { id } = await trx
          .insertInto('questions')
          .values({ kind: draft.kind, sensitivity: draft.sensitive ? 'sensitive' : 'ordinary', state: 'asked', version: 1, created_by: by, created_at: iso(now) })
          .returning('id')
          .executeTakeFirstOrThrow()
        await writeVersion(trx, Number(id), 1, draft, by, now)
        return { ok: true as const, id: Number(id), version: 1 }
      })
    },
    async edit(id, draft, by, now) {
      return db.transaction().execute(async (trx) => {
        const question = await lockRows(trx.selectFrom('questions').select(['kind', 'state', 'version']).where('id', '=', id)).executeTakeFirst()
        if (!question) return { ok: false as const, problem: 'There is no such question.' }
        if (question.state === 'retired') return { ok: false as const, problem: 'This question is retired; define a new one instead.' }
        const problem = checkQuestion(question.kind, draft)
        if (problem) return { ok: false as const, problem }
        const version = question.version + 1
        await writeVersion(trx, id, version, draft, by, now)
        await trx.updateTable('questions').set({ version }).where('id', '=', id).execute()
        return { ok: true as const, id, version }
      })
    },
    async retire(id, by, now) {
      const done = await db.updateTable('questions').set({ state: 'retired', retired_by: by, retired_at: iso(now) }).where('id', '=', id).where('state', '=', 'asked').executeTakeFirst()
      return Number(done.numUpdatedRows) > 0
    },
    async offer(signupId, now) {
      const signup = await db.selectFrom('signups').select('confirmed_at').where('id', '=', signupId).executeTakeFirst()
      if (!signup || signup.confirmed_at === null) return undefined
      const { [questionsTokenPurpose]: token } = await issueLinkTokens(db, signupId, now, { [questionsTokenPurpose]: questionRules.linkLifetimeMs })
      return { token, holdsSensitiveConsent: await holds(db, signupId) }
    },
    async holderOf(tokenHash, now) {
      const row = await db
        .selectFrom('consent_tokens')
        .innerJoin('signups', 'signups.id', 'consent_tokens.signup_id')
        .select(['signups.id', 'signups.confirmed_at'])
        .where('consent_tokens.token_hash', '=', tokenHash)
        .where('consent_tokens.purpose', '=', questionsTokenPurpose)
        .where('consent_tokens.expires_at', '>', iso(now))
        .executeTakeFirst()
      return row && row.confirmed_at !== null ? row.id : undefined
    },
    answer(signupId, answers, now, options = {}) {
      return db.transaction().execute(async (trx): Promise<AnswerOutcome> => {
        const signup = await lockRows(trx.selectFrom('signups').select('confirmed_at').where('id', '=', signupId)).executeTakeFirst()
        if (!signup || signup.confirmed_at === null) return { ok: false, refusal: 'not-confirmed' }
        const questions = new Map((await withWording(trx).execute()).map((row) => [row.id, row]))
        const consented = options.giveConsent === true || (await holds(trx, signupId))
        const checked: { question: QuestionRow; value: AnswerValue | undefined }[] = []
        for (const posted of answers) {
          const question = typeof posted.questionId === 'number' ? questions.get(posted.questionId) : undefined
          if (!question) return { ok: false, refusal: 'unknown-question' }
          if (checked.some((seen) => seen.question.id === question.id)) return { ok: false, refusal: 'duplicate' }
          const result = checkAnswer(asAsked(question), question.state, posted.answer)
          if (!result.ok) return { ok: false, refusal: result.refusal }
          if (question.sensitivity === 'sensitive' && result.value !== undefined && !consented) return { ok: false, refusal: 'needs-consent' }
          checked.push({ question, value: result.value })
        }
        if (options.giveConsent) await giveConsent(trx, signupId, now)
        for (const { question, value } of checked) {
          const mine = trx.deleteFrom('answers').where('signup_id', '=', signupId).where('question_id', '=', question.id)
          await mine.execute()
          if (value === undefined) continue
          const plain = JSON.stringify(value)
          const sealed = question.sensitivity === 'sensitive'
          await trx
            .insertInto('answers')
            .values({ signup_id: signupId, question_id: question.id, version: question.version, answer: sealed ? null : plain, answer_sealed: sealed ? cipher.seal(plain, signupId, question.id) : null, answered_at: iso(now) })
            .execute()
        }
        return { ok: true, saved: checked.filter((entry) => entry.value !== undefined).length }
      })
    },
    holdsSensitiveConsent: (signupId) => holds(db, signupId),
    giveSensitiveConsent: (signupId, now) => giveConsent(db, signupId, now),
    withdrawSensitiveConsent(signupId, now) {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('sensitive_consents').set({ withdrawn_at: iso(now) }).where('signup_id', '=', signupId).where('withdrawn_at', 'is', null).execute()
        const gone = await trx.deleteFrom('answers').where('signup_id', '=', signupId).where('answer_sealed', 'is not', null).executeTakeFirst()
        return Number(gone.numDeletedRows)
      })
    },
    async personAnswers(from, signupId) {
      const consent = await from.selectFrom('sensitive_consents').select(['version', 'given_at', 'withdrawn_at']).where('signup_id', '=', signupId).executeTakeFirst()
      const rows = await from
        .selectFrom('answers')
        .innerJoin('questions', 'questions.id', 'answers.question_id')
        .innerJoin('question_versions', (join) => join.onRef('question_versions.question_id', '=', 'answers.question_id').onRef('question_versions.version', '=', 'answers.version'))
        .select(['answers.question_id', 'answers.version', 'answers.answer', 'answers.answer_sealed', 'answers.answered_at', 'questions.kind', 'questions.sensitivity', 'question_versions.wording'])
        .where('answers.signup_id', '=', signupId)
        .orderBy('answers.question_id')
        .execute()
      const given = rows.map((row): PersonAnswer => {
        const plain = row.answer ?? (row.answer_sealed ? cipher.open(row.answer_sealed, signupId, row.question_id) : undefined)
        return {
          questionId: row.question_id,
          version: row.version,
          wording: row.wording,
          kind: row.kind,
          sensitive: row.sensitivity === 'sensitive',
          answer: plain === undefined ? null : (JSON.parse(plain) as AnswerValue),
          answeredAt: row.answered_at,
        }
      })
      return { sensitiveConsent: consent ? { version: consent.version, givenAt: consent.given_at, withdrawnAt: consent.withdrawn_at } : null, given }
    },
    async matching(rules) {
      if (rules.length === 0) return undefined
      const questions = new Map((await withWording(database.reads).execute()).map((row) => [row.id, asAsked(row)]))
      let people: Set<number> | undefined
      let sensitive = false
      for (const rule of rules) {
        const question = questions.get(rule.questionId)
        if (!question || question.kind === 'short' || rule.choices.length === 0 || rule.choices.some((choice) => !question.choices.includes(choice))) return undefined
        sensitive ||= question.sensitive
        const rows = await database.reads.selectFrom('answers').select(['signup_id', 'answer', 'answer_sealed']).where('question_id', '=', question.id).execute()
        const matched = new Set<number>()
        for (const row of rows) {
          const plain = row.answer ?? (row.answer_sealed ? cipher.open(row.answer_sealed, row.signup_id, question.id) : undefined)
          if (plain === undefined) continue
          const value = JSON.parse(plain) as AnswerValue
          if ((Array.isArray(value) ? value : [value]).some((choice) => rule.choices.includes(choice)) && (!people || people.has(row.signup_id))) matched.add(row.signup_id)
        }
        people = matched
      }
      return { people: [...(people ?? [])], sensitive }
    },
    async exportAnswers({ sensitive }) {
      const questions = (await withWording(database.reads).execute()).map(asAsked).filter((question) => sensitive || !question.sensitive)
      const shown = new Set(questions.map((question) => question.id))
      return {
        // The wording now, and "(health)" after a sensitive one, so that a copy of the file says what it holds.
        columns: questions.map((question) => ({ questionId: question.id, header: `q${question.id}: ${question.wording}${question.sensitive ? ' (health)' : ''}` })),
        async of(signupIds) {
          const cells = new Map<number, Map<number, string>>()
          if (signupIds.length === 0 || shown.size === 0) return cells
          const rows = await database.reads
            .selectFrom('answers')
            .select(['signup_id', 'question_id', 'answer', 'answer_sealed'])
            .where('signup_id', 'in', [...signupIds])
            .execute()
          for (const row of rows) {
            if (!shown.has(row.question_id)) continue
            const plain = row.answer ?? (row.answer_sealed ? cipher.open(row.answer_sealed, row.signup_id, row.question_id) : undefined)
            if (plain === undefined) continue
            const value = JSON.parse(plain) as AnswerValue
            const mine = cells.get(row.signup_id) ?? cells.set(row.signup_id, new Map()).get(row.signup_id)!
            mine.set(row.question_id, Array.isArray(value) ? value.join('; ') : value)
          }
          return cells
        },
      }
    },
    async erase(trx, signupId) {
      await trx.deleteFrom('answers').where('signup_id', '=', signupId).execute()
      await trx.deleteFrom('sensitive_consents').where('signup_id', '=', signupId).execute()
    },
    async removeExpiredSensitive(before, limit) {
      const expired = db.selectFrom('answers').select('id').where('answer_sealed', 'is not', null).where('answered_at', '<', iso(before)).orderBy('answered_at').limit(limit)
      const gone = await db.deleteFrom('answers').where('id', 'in', expired).executeTakeFirst()
      return Number(gone.numDeletedRows)
    },
  }
}
