// @vitest-environment node
// Model-based tests of the console's machines at machine level: every path generated from each graph
// (tools/admin-model.ts) is replayed on a real actor whose requests are real promises this test settles,
// and after every step the actor must be where the graph says. Guard tests keep the models honest: every state
// reached, every transition the machine defines taken, every request aborted when its state is left. The waves
// machine's paths also check, step by step, what the team reads and which requests went out (checkWavesStep), and so
// do the updates machine's (checkUpdatesStep: a send only after the last look, a move only where the send's own
// machine allows it, a refusal because the update moved on fetching it again); the table's, the held referrals' and
// the audit log's which page each request asks for, by cursor or by number; the analytics' which range; and the
// team's which change goes out, only after the question for a removal, and the server's words for a refusal.
import type { AnyMachineSnapshot } from 'xstate'
import type { AdminReferralsSnapshot } from '../../machines/admin-referrals-machine'
import { pageCount, type AdminTableSnapshot } from '../../machines/admin-table-machine'
import { adminUpdatesMessages, sendMoveOf, type AdminUpdatesSnapshot } from '../../machines/admin-updates-machine'
import { adminTeamMessages, type AdminTeamSnapshot } from '../../machines/admin-team-machine'
import { adminWavesMessages } from '../../machines/admin-waves-machine'
import { sendMove, type UpdateSendState } from '../../machines/update-send-machine'
import type { ReferralsReply, SignupQuery } from '../../shared/console-api'
import type { AnswerMatch } from '../../shared/questions'
import { maxSendsPerSecond, type CohortAudiencesReply, type UpdateAudience, type UpdateTestReply } from '../../shared/update-rows'
import { definedTransitions, describeTransition, transitionPaths, transitionsTaken, type Model } from '../../tools/admin-model'
import {
  analyticsModel,
  apiKeysModel,
  apiKeysSamples,
  auditModel,
  cohortTooSmallMessage,
  eraseModel,
  inviteUrlModel,
  noneExpiredMessage,
  referralsModel,
  signInWithLink,
  signInWithoutLink,
  signInWithSession,
  summaryModel, summaryGivenModel,
  pollEvent,
  refusedLink,
  refusedLinkMessage,
  tableModel,
  teamModel,
  teamSamples,
  updatesModel,
  fewerThanFiveMessage,
  wavesModel,
  wavesSamples,
  wrongStateMessage,
} from '../../tools/admin-models'
import { personModel, personSample } from '../../tools/admin-person-model'
import { cohortModel, questionsModel, questionsSamples } from '../../tools/admin-questions-model'
import { adminCohortMessages, type AdminCohortSnapshot } from '../../machines/admin-cohort-machine'
import { adminQuestionsMessages, type AdminQuestionsSnapshot } from '../../machines/admin-questions-machine'
import { replayAdminPath, type StepCheck } from '../utils/replay-admin-model'

/** What the waves machine must say and ask for after each step, in the words the team reads. */
const checkWavesStep: StepCheck = ({ event }, started, before, after, emitted) => {
  const requests = started.map((request) => [request.id, request.input])
  const moved = JSON.stringify(before.value) !== JSON.stringify(after.value)
  const { message, error }: { message: string; error: string } = after.context
  // A wave by the rules that started, and nothing else, tells the view to clear them.
  const byAnswers = (before.context.match as AnswerMatch[]).length > 0
  expect(emitted).toEqual(event.type === 'xstate.done.actor.startWave' && byAnswers ? [{ type: 'RULES_USED' }] : [])
  const gesture = !event.type.startsWith('xstate.') && event.type !== 'RELOAD' && event.type !== 'RETRY'
  // A gesture the machine refuses (a bad count or pace, no INVITE_URL, nobody to invite) sends nothing.
  if (gesture && !moved) expect(requests).toEqual([])
  switch (event.type) {
    case 'PREVIEW': {
      const { ready, waiting }: { ready: boolean; waiting: number } = before.context.overview
      const count = Number(event.count)
      const match = (event.match ?? []) as AnswerMatch[]
      const countOk = Number.isInteger(count) && count >= 1 && count <= waiting
      // Only a whole number from 1 to those waiting, with INVITE_URL set, and every rule of a cohort with an answer,
      // asks the server anything; the preview names the rules.
      expect(moved, `PREVIEW(${count}, ${JSON.stringify(match)}) with ${waiting} waiting`).toBe(ready && countOk && match.every((rule) => rule.choices.length > 0))
      if (moved) expect(requests).toEqual([['fetchNextUp', { count, match }]])
      else if (ready && countOk) expect(error).toBe(adminWavesMessages.incompleteRule)
      else if (ready)
        expect(error).toBe(waiting === 0 ? 'Nobody is waiting for an invitation.' : `Say how many people to invite: a whole number from 1 to ${waiting}.`)
      break
    }
    case 'CONFIRM': {
      // The wave names the first person shown, or, for a cohort whose people the role may not see, its rules alone.
      const { nextUp, match }: { nextUp: { count: number; people: { id: number }[] }; match: AnswerMatch[] } = before.context
      const first = nextUp.people[0] ? { firstId: nextUp.people[0].id } : {}
      if (moved) expect(requests).toEqual([['startWave', { count: 2, ...first, ...(match.length > 0 ? { match } : {}) }]])
      break
    }
    case 'SET_PACE':
      expect(moved).toBe(before.context.overview.ready && /^\d\d:\d\d$/.test(String(event.atUtc)))
      if (moved) expect(requests).toEqual([['setPace', { perDay: event.perDay, atUtc: event.atUtc }]])
      else if (before.context.overview?.ready) expect(error).toBe(adminWavesMessages.badPace)
      break
    case 'AGAIN':
      if (moved) expect(requests).toEqual([['inviteAgain', { waveId: 1 }]])
      break
    case 'xstate.done.actor.startWave':
      expect(message).toBe(byAnswers ? 'Invited 2 people whose answers match the rules in wave #4.' : 'Invited 2 people in wave #4.')
      expect(error).toBe('')
      expect(requests.map(([id]) => id)).toEqual(['fetchWaves'])
      break
    case 'xstate.error.actor.startWave':
      if (after.matches('catchingUp')) {
        // 409 list-changed: the waves are fetched again (the other wave among them), then the preview for the same
        // count; nobody is invited blindly.
        expect(error).toBe('The list changed since you looked: here is who is next now.')
        expect(requests.map(([id]) => id)).toEqual(['fetchWaves'])
      } else {
        expect(error).toBe(adminWavesMessages.changeFailed)
        expect(requests.map(([id]) => id)).toEqual(['fetchWaves'])
      }
      break
    case 'xstate.done.actor.inviteAgain':
      expect(message).toBe('Sent 1 expired invitation again in wave #5.')
      break
    case 'xstate.error.actor.inviteAgain':
      expect(error).toBe(noneExpiredMessage)
      break
    case 'xstate.done.actor.setPace':
      expect(message).toBe(`From now on 25 people a day will be invited at ${wavesSamples.pace.atUtc} UTC, until the pace is stopped or nobody is waiting.`)
      break
    case 'xstate.done.actor.stopPace':
      expect(message).toBe('The pace is stopped: nobody more will be invited each day.')
      break
    case 'xstate.error.actor.fetchNextUp':
      // A cohort of fewer than 5, to a member who may not see people: the server's words.
      expect(error).toBe((event.error as Error).name === 'ServerMessage' ? fewerThanFiveMessage : adminWavesMessages.previewFailed)
      break
    case 'xstate.done.actor.fetchNextUp':
      // A cohort's preview counts who match: the overview's count of who wait stays.
      expect(after.context.overview.waiting).toBe('matching' in (event.output as object) ? before.context.overview.waiting : (event.output as { waiting: number }).waiting)
      break
    case 'xstate.error.actor.setPace':
    case 'xstate.error.actor.stopPace':
      expect(error).toBe(adminWavesMessages.changeFailed)
      break
  }
  // After catching up with another wave, the preview is asked for again, for the same count.
  if (event.type === 'xstate.done.actor.fetchWaves' && before.matches('catchingUp')) expect(requests).toEqual([['fetchNextUp', { count: 2, match: before.context.match }]])
  // Every change ends by fetching the figures again, whether it went through or not (a 409 on its way to the new preview).
  if (/^xstate\.(done|error)\.actor\.(startWave|inviteAgain|setPace|stopPace)$/.test(event.type) && !after.matches('catchingUp'))
    expect(after.value).toBe('loading')
}
type UpdatesContext = AdminUpdatesSnapshot['context']
const codeOf = (error: unknown) => (error instanceof Error && 'code' in error ? String(error.code) : undefined)

/** What the updates machine must say and ask for after each step, in the words the team reads. */
const checkUpdatesStep: StepCheck = ({ event }, started, before, after, emitted) => {
  const requests = started.map((request) => [request.id, request.input])
  const was: UpdatesContext = before.context
  const now: UpdatesContext = after.context
  // A send by the rules that went out, and nothing else, tells the view to clear them.
  expect(emitted).toEqual(event.type === 'xstate.done.actor.startSend' && was.sendAsked?.match !== undefined ? [{ type: 'RULES_USED' }] : [])
  const moved = JSON.stringify(before.value) !== JSON.stringify(after.value)
  // A gesture the machine refuses (unsaved words, a move the send does not allow, a bad choice) sends nothing.
  if (!event.type.startsWith('xstate.') && !moved) expect(requests).toEqual([])
  const { update, input } = was
  const saved = update?.send === null && update.subject === input.subject && update.preheader === input.preheader && update.body === input.body
  switch (event.type) {
    case 'PREVIEW':
    case 'TEST':
    case 'PREPARE_SEND':
      // Only words the server holds are previewed, tested or sent.
      expect(moved, `${event.type} with the words ${saved ? 'saved' : 'unsaved'}`).toBe(saved)
      break
    case 'SAVE':
      if (moved) expect(requests).toEqual([['saveUpdate', { id: was.update?.id ?? null, input: was.input }]])
      break
    case 'REVIEW_SEND': {
      const { audience, at, perSecond, match } = event as unknown as { audience: UpdateAudience; at: string | null; perSecond: number | null; match?: AnswerMatch[] }
      const count = was.audiences!.counts[audience]
      const rateOk = perSecond === null || (Number.isInteger(perSecond) && perSecond >= 1 && perSecond <= maxSendsPerSecond)
      const timeOk = at === null || Date.parse(at) > Date.now()
      // Every rule by answers needs an answer (issue 52); with rules, who matches is counted before the last look.
      const answered = (match ?? []).every((rule) => rule.choices.length > 0)
      expect(moved, `REVIEW_SEND to ${count}, at ${at}, ${perSecond}/s`).toBe(count > 0 && rateOk && timeOk && answered)
      if (!moved)
        expect(now.error).toBe(
          count === 0 ? adminUpdatesMessages.nobody(audience) : !answered ? adminUpdatesMessages.incompleteRule : !rateOk ? adminUpdatesMessages.badRate : adminUpdatesMessages.badTime,
        )
      if (moved && match) {
        expect(after.value).toBe('countingMatch')
        expect(requests).toEqual([['fetchMatchCounts', { match }]])
      }
      if (moved && !match) expect([after.value, requests]).toEqual(['confirmingSend', []])
      break
    }
    case 'xstate.done.actor.fetchMatchCounts': {
      // The last look only when someone of the audience matches; the count kept as the server words it.
      const { counts } = (event as unknown as { output: CohortAudiencesReply }).output
      const nobody = counts[was.sendAsked!.audience] === 0
      expect([after.value, now.error]).toEqual(nobody ? ['choosing', adminUpdatesMessages.nobodyMatches(was.sendAsked!.audience)] : ['confirmingSend', ''])
      if (!nobody) expect(now.matchCounts?.counts).toEqual(counts)
      break
    }
    case 'CONFIRM':
      // Nothing is sent, cancelled or deleted before the last look's confirmation; then exactly one request.
      if (before.matches('confirmingSend')) {
        const { audience, at, perSecond, match } = was.sendAsked!
        const request = { audience, ...(at === null ? {} : { at }), ...(perSecond === null ? {} : { perSecond }), ...(match ? { match } : {}) }
        expect(requests).toEqual([['startSend', { id: 1, request }]])
      }
      if (before.matches('confirmingCancel')) expect(requests).toEqual([['moveSend', { id: 1, move: 'cancel' }]])
      if (before.matches('confirmingDelete')) expect(requests).toEqual([['deleteUpdate', { id: 1 }]])
      break
    case 'PAUSE':
    case 'RESUME':
    case 'UNSCHEDULE':
    case 'CANCEL_SEND': {
      const rule = { PAUSE: 'PAUSE', RESUME: 'RESUME', UNSCHEDULE: 'UNSCHEDULE', CANCEL_SEND: 'CANCEL' } as const
      const allowed = sendMove(was.update!.send!.state, { type: rule[event.type] }) !== undefined
      expect(moved, `${event.type} while ${was.update!.send!.state}`).toBe(allowed)
      if (moved && event.type !== 'CANCEL_SEND') expect(requests).toEqual([['moveSend', { id: 1, move: sendMoveOf[event.type] }]])
      break
    }
    case pollEvent.type: {
      const underway = was.update?.send?.state === 'sending' || was.update?.send?.state === 'scheduled'
      expect(moved, `the poll while ${was.update?.send?.state}`).toBe(underway)
      if (moved) expect(requests).toEqual([['fetchUpdate', { id: 1 }]])
      break
    }
    case 'xstate.done.actor.fetchUpdate': {
      if (!before.matches('refreshing')) break
      // What the poll found moved is said in the live region; nothing is said when nothing moved.
      const from = was.update?.send?.state
      const to = now.update?.send?.state ?? 'draft'
      const words: Record<UpdateSendState, string> = {
        draft: adminUpdatesMessages.moved.unschedule,
        scheduled: was.message,
        sending: 'Sending to 3 people.',
        paused: adminUpdatesMessages.moved.pause,
        done: adminUpdatesMessages.finished,
        cancelled: adminUpdatesMessages.moved.cancel,
      }
      expect(now.message).toBe(from === to ? was.message : words[to])
      break
    }
    case 'xstate.done.actor.saveUpdate':
      expect(now.message).toBe(adminUpdatesMessages.saved)
      break
    case 'xstate.done.actor.sendTest': {
      const { to, queued } = (event as unknown as { output: UpdateTestReply }).output
      expect(now.message).toBe(queued ? `A test is on its way to ${to}.` : `A test to ${to} is already on its way: it will carry these words.`)
      break
    }
    case 'xstate.done.actor.startSend':
      expect(now.message).toBe(now.update?.send?.state === 'scheduled' ? adminUpdatesMessages.started(now.update) : 'Sending to 3 people.')
      break
    case 'xstate.done.actor.moveSend':
      expect(now.message).toBe(adminUpdatesMessages.moved[was.move!])
      break
  }
  if (!event.type.startsWith('xstate.error.actor.') || !('error' in event)) return
  const code = codeOf(event.error)
  if (code === 'link-not-allowed') {
    // The refusal names the link, and the words stay in the editor to be mended.
    expect([after.value, now.error, now.refusedLink]).toEqual(['writing', refusedLinkMessage, refusedLink])
    expect(now.input).toEqual(was.input)
  }
  // An update that moved on meanwhile is fetched again, the server's words on screen; one that is gone, the list.
  if (code === 'wrong-state' && event.type !== 'xstate.error.actor.fetchUpdate' && was.openId !== null) {
    expect([after.value, now.error]).toEqual(['opening', wrongStateMessage])
    expect(requests).toEqual([['fetchUpdate', { id: 1 }]])
  }
  if (code === 'not-found') {
    expect([after.value, now.error]).toEqual(['loading', adminUpdatesMessages.gone])
    expect(requests).toEqual([['fetchUpdates', undefined]])
  }
  if (code === 'nobody') {
    expect([after.value, now.error]).toEqual(['counting', adminUpdatesMessages.nobody(was.sendAsked!.audience)])
    expect(requests.map(([id]) => id)).toEqual(['fetchAudiences'])
  }
  // Who matches could not be counted: back to the choice, the rules kept. A send by answers refused (too small a
  // cohort for the member): back to the choice, the server's words as given.
  if (event.type === 'xstate.error.actor.fetchMatchCounts') expect([after.value, now.error, now.sendAsked]).toEqual(['choosing', adminUpdatesMessages.matchFailed, was.sendAsked])
  if (code === 'invalid' && event.type === 'xstate.error.actor.startSend' && was.sendAsked?.match)
    expect([after.value, now.error, requests]).toEqual(['choosing', cohortTooSmallMessage, []])
  // A move that got no answer may or may not have happened: the update is fetched again to tell.
  if (event.type === 'xstate.error.actor.moveSend' && code === undefined)
    expect([after.value, now.error]).toEqual(['opening', adminUpdatesMessages.moveFailed])
}

/** What the table asks the server after each step: Next and Previous send the cursor the page on screen gave,
 * with the page number beside it; First, Last and "go to page" jump by number alone; a new search or sort starts at
 * page 1 with no cursor; a reload asks the same again. A move the machine refuses asks nothing. */
const checkTableStep: StepCheck = ({ event }, started, before, after) => {
  const asked = started.filter((request) => request.id === 'fetchSignups').map((request) => request.input as SignupQuery)
  const { query, shown } = before.context as AdminTableSnapshot['context']
  const pages = pageCount(before.context)
  const moved = JSON.stringify(before.value) !== JSON.stringify(after.value)
  const jumped = (page: number) => {
    expect(asked).toEqual([expect.objectContaining({ page, search: query.search, sort: query.sort })])
    expect([asked[0]!.after, asked[0]!.before]).toEqual([undefined, undefined])
  }
  switch (event.type) {
    case 'NEXT_PAGE':
      expect(moved, `NEXT_PAGE with the cursor ${shown.cursors.after}`).toBe(shown.cursors.after !== null)
      if (moved) {
        expect(asked).toEqual([expect.objectContaining({ page: shown.page + 1, after: shown.cursors.after })])
        expect(asked[0]!.before).toBeUndefined()
      }
      break
    case 'PREVIOUS_PAGE':
      expect(moved, `PREVIOUS_PAGE with the cursor ${shown.cursors.before}`).toBe(shown.cursors.before !== null)
      if (moved) {
        expect(asked).toEqual([expect.objectContaining({ page: shown.page - 1, before: shown.cursors.before })])
        expect(asked[0]!.after).toBeUndefined()
      }
      break
    case 'FIRST_PAGE':
      expect(moved).toBe(shown.page > 1)
      if (moved) jumped(1)
      break
    case 'LAST_PAGE':
      expect(moved).toBe(shown.page < pages)
      if (moved) jumped(pages)
      break
    case 'GO_TO_PAGE':
      expect(moved, `GO_TO_PAGE(${String(event.page)}) of ${pages}`).toBe(Number(event.page) <= pages)
      if (moved) jumped(Number(event.page))
      break
    case 'SEARCH':
    case 'SORT':
      expect(asked).toHaveLength(1)
      expect(asked[0]).toMatchObject({ page: 1 })
      expect([asked[0]!.after, asked[0]!.before]).toEqual([undefined, undefined])
      break
    case 'RELOAD':
      expect(asked).toEqual([query])
      break
    default:
      expect(asked).toEqual([])
  }
}

/** The held referrals and the audit log ask for the page on screen by the last cursor followed (none: the first). */
const checkCursorAsked = (actorId: string, trailOf: (snapshot: AnyMachineSnapshot) => readonly string[], name: 'after' | 'before'): StepCheck => (_step, started, _before, after) => {
  for (const request of started.filter((entry) => entry.id === actorId)) expect(request.input).toEqual({ [name]: trailOf(after).at(-1) ?? null })
}
const checkReferralsStep: StepCheck = (step, started, before, after, emitted) => {
  checkCursorAsked('fetchReferrals', (snapshot) => snapshot.context.heldTrail, 'after')(step, started, before, after, emitted)
  const { referrals, heldTrail } = before.context as AdminReferralsSnapshot['context']
  if (step.event.type === 'NEXT_HELD' && after.matches('loading')) expect(after.context.heldTrail).toEqual([...heldTrail, referrals!.heldAfter])
  if (step.event.type === 'PREVIOUS_HELD' && after.matches('loading')) expect(after.context.heldTrail).toEqual(heldTrail.slice(0, -1))
  // A page the reviews emptied steps back a page by itself, rather than leave the team on a blank page.
  if (step.event.type === 'xstate.done.actor.fetchReferrals' && (step.event.output as ReferralsReply).held.length === 0 && heldTrail.length > 0) {
    expect(after.value).toBe('loading')
    expect(after.context.heldTrail).toEqual(heldTrail.slice(0, -1))
  }
}
const checkAuditStep = checkCursorAsked('fetchAudit', (snapshot) => snapshot.context.trail, 'before')

/** Every report the analytics machine asks for is for the range chosen last; choosing the range already chosen asks
 * nothing, and neither does a result (it only shows). */
const checkAnalyticsStep: StepCheck = ({ event }, started, before, after) => {
  const asked = started.map((request) => [request.id, request.input])
  const fresh = event.type === 'RELOAD' || (event.type === 'CHOOSE_RANGE' && event.days !== before.context.days)
  expect(asked).toEqual(fresh && after.matches('loading') ? [['fetchReport', { days: after.context.days }]] : [])
  if (event.type === 'CHOOSE_RANGE') expect(after.context.days).toBe(event.days)
}

/** A key is asked for only when the form is filled in, with the name trimmed; the key made is shown until DISMISS,
 * and nothing else (not a reload) forgets it; a revoke is sent only after CONFIRM, for the key asked about. */
const checkApiKeysStep: StepCheck = ({ event }, started, before, after) => {
  const asked = started.map((request) => [request.id, request.input])
  if (event.type === 'MAKE') {
    const filled = before.context.name.trim() !== '' && before.context.scopes.length > 0 && before.matches('ready')
    expect(asked).toEqual(filled ? [['makeKey', { name: before.context.name.trim(), scopes: before.context.scopes }]] : [])
  }
  if (event.type === 'REVOKE') expect(asked).toEqual([])
  if (event.type === 'CONFIRM') expect(asked).toEqual([['revokeKey', { id: before.context.revoking.id }]])
  if (event.type === 'xstate.done.actor.makeKey') expect(after.context).toMatchObject({ made: apiKeysSamples.made, name: '', scopes: [] })
  if (event.type === 'DISMISS') expect(after.context.made).toBeNull()
  else if (before.context.made !== null) expect(after.context.made).toEqual(before.context.made)
}

/** A change to the team goes out as one request, with the address trimmed and the role chosen; an invalid address
 * sends nothing and says so; a removal goes out only after CONFIRM. The reply is the team shown; a refusal is the
 * server's words (or the console's own when it gave none), and the team is fetched again. */
const checkTeamStep: StepCheck = ({ event }, started, before, after) => {
  const asked = started.map((request) => [request.id, request.input])
  const was = before.context as AdminTeamSnapshot['context']
  const now = after.context as AdminTeamSnapshot['context']
  switch (event.type) {
    case 'INVITE': {
      const valid = /^\S+@\S+\.\S+$/.test(was.email.trim())
      expect(asked).toEqual(valid ? [['changeTeam', { kind: 'invite', email: was.email.trim(), role: was.role }]] : [])
      if (!valid) expect(now.error).toBe(adminTeamMessages.invalidEmail)
      break
    }
    case 'CHANGE_ROLE':
      expect(asked).toEqual([['changeTeam', { kind: 'role', email: event.email, role: event.role }]])
      break
    case 'REMOVE':
    case 'CANCEL':
      expect(asked).toEqual([])
      break
    case 'CONFIRM':
      expect(asked).toEqual([['changeTeam', { kind: 'remove', email: teamSamples.editor }]])
      break
    case 'xstate.done.actor.changeTeam':
      expect(now.members).toEqual(event.output)
      expect(now.message).toBe(adminTeamMessages.done(was.change!))
      if (was.change!.kind === 'invite') expect([now.email, now.role]).toEqual(['', 'editor'])
      expect(asked).toEqual([])
      break
    case 'xstate.error.actor.changeTeam':
      expect(now.error).toBe(event.error === teamSamples.refusal ? teamSamples.refusal.message : adminTeamMessages.refused)
      expect(asked).toEqual([['fetchTeam', undefined]])
      break
  }
}

/** The person's record is asked for by the page's id, once on opening and once per retry; a 404 (null) keeps no
 * record; an erasure keeps only who it was. */
const checkPersonStep: StepCheck = ({ event }, started, before, after) => {
  expect(started.map((request) => [request.id, request.input])).toEqual(after.matches('loading') && (event.type === 'RETRY' || event.type === 'RELOAD') ? [['fetchPerson', { personId: personSample.signup.id }]] : [])
  if (event.type === 'xstate.done.actor.fetchPerson') expect(after.context.person).toEqual(event.output)
  if (event.type === 'ERASED') expect(after.context).toMatchObject({ person: null, erasedEmail: before.context.person.signup.email })
}

/** A question is saved as one request, only with its words complete (the wording trimmed, the choices without empty
 * lines, none for a short answer), and a new version sends no kind of its own; a retirement only after CONFIRM, for
 * the question asked about. A refusal is the server's words, and the form stays with what was written. */
const checkQuestionsStep: StepCheck = ({ event }, started, before, after) => {
  const asked = started.map((request) => [request.id, request.input])
  const was = before.context as AdminQuestionsSnapshot['context']
  const now = after.context as AdminQuestionsSnapshot['context']
  switch (event.type) {
    case 'SAVE': {
      const draft = was.draft!
      const choices = draft.kind === 'short' ? [] : draft.choices.split('\n').map((line) => line.trim()).filter(Boolean)
      const complete = draft.wording.trim() !== '' && (draft.kind === 'short' || choices.length >= 2)
      expect(asked).toEqual(complete ? [['saveQuestion', { id: draft.id, input: { kind: draft.kind, sensitive: draft.sensitive, wording: draft.wording.trim(), choices } }]] : [])
      if (!complete) expect(now.error).toBe(draft.wording.trim() === '' ? adminQuestionsMessages.noWording : adminQuestionsMessages.fewChoices)
      break
    }
    case 'EDIT':
      if (after.matches('writing')) expect(now.draft).toMatchObject({ id: 1, kind: 'single', sensitive: false, choices: 'Under 5 km\n5 to 20 km\nMore than 20 km' })
      else expect(after.value).toBe(before.value)
      break
    case 'KIND_CHOSEN':
    case 'SENSITIVE_SET':
      // A new version keeps the question's kind and whether it is sensitive.
      if (was.draft?.id !== null) expect(now.draft).toEqual(was.draft)
      break
    case 'RETIRE':
    case 'CANCEL':
      expect(asked).toEqual([])
      break
    case 'CONFIRM':
      expect(asked).toEqual([['retireQuestion', { id: 2 }]])
      break
    case 'xstate.done.actor.saveQuestion':
      expect(now.message).toBe(was.draft!.id === null ? adminQuestionsMessages.defined(event.output as never) : adminQuestionsMessages.edited(event.output as never))
      expect(now.questions).toContainEqual(event.output)
      expect(now.draft).toBeNull()
      break
    case 'xstate.error.actor.saveQuestion':
      expect(now.error).toBe((event.error as Error).name === 'ServerMessage' ? questionsSamples.refusal : adminQuestionsMessages.saveFailed)
      expect([after.value, now.draft]).toEqual(['writing', was.draft])
      break
    case 'xstate.done.actor.retireQuestion':
      expect(now.message).toBe(adminQuestionsMessages.retired(questionsSamples.retired))
      break
    case 'xstate.error.actor.retireQuestion':
      expect(now.error).toBe(adminQuestionsMessages.retireFailed)
      expect(asked).toEqual([['fetchQuestions', undefined]])
      break
  }
}

/** A cohort's rules: each new rule names the first choice question asked, with no answer yet; a question changed
 * starts its answers afresh; only a question and a choice offered are taken; the last rule removed is no cohort. Only
 * the first ADD_RULE fetches the questions; a short answer is never offered. */
const checkCohortStep: StepCheck = ({ event }, started, before, after) => {
  const asked = started.map((request) => request.id)
  const was = before.context as AdminCohortSnapshot['context']
  const now = after.context as AdminCohortSnapshot['context']
  expect(asked).toEqual(event.type === 'ADD_RULE' && before.matches('off') ? ['fetchChoiceQuestions'] : [])
  expect(now.questions.every((question) => question.kind !== 'short')).toBe(true)
  switch (event.type) {
    case 'ADD_RULE':
      if (before.matches('picking')) expect(now.rules).toEqual([...was.rules, { questionId: 1, choices: [] }])
      break
    case 'QUESTION_CHOSEN':
      expect(now.rules[0]).toEqual(event.questionId === 2 ? { questionId: 2, choices: [] } : was.rules[0])
      break
    case 'CHOICE_TOGGLED': {
      const offered = now.questions.find((question) => question.id === was.rules[0]!.questionId)!.choices.includes(String(event.choice))
      const toggled = was.rules[0]!.choices.includes(String(event.choice)) ? [] : [event.choice]
      expect(now.rules[0]!.choices).toEqual(offered ? toggled : was.rules[0]!.choices)
      break
    }
    case 'REMOVE_RULE':
      if (was.rules.length === 1 && event.index === 0) expect([after.value, now.rules]).toEqual(['off', []])
      break
    case 'CLEAR':
      // After a send by the rules went out: none is left.
      if (before.matches('picking')) expect([after.value, now.rules, now.error]).toEqual(['off', [], ''])
      break
    case 'xstate.done.actor.fetchChoiceQuestions':
      expect(now.rules).toEqual(after.matches('picking') ? [{ questionId: 1, choices: [] }] : [])
      if (!after.matches('picking')) expect(now.error).toBe(adminCohortMessages.noQuestions)
      break
    case 'xstate.error.actor.fetchChoiceQuestions':
      expect([after.value, now.error]).toEqual(['off', adminCohortMessages.loadFailed])
      break
  }
}

const stepChecks = new Map<Model, StepCheck>([
  [cohortModel, checkCohortStep],
  [questionsModel, checkQuestionsStep],
  [personModel, checkPersonStep],
  [teamModel, checkTeamStep],
  [apiKeysModel, checkApiKeysStep],
  [analyticsModel, checkAnalyticsStep],
  [wavesModel, checkWavesStep],
  [tableModel, checkTableStep],
  [referralsModel, checkReferralsStep],
  [auditModel, checkAuditStep],
  [updatesModel, checkUpdatesStep],
])

const models: [string, Model][] = [
  ['sign-in (opened from a link)', signInWithLink],
  ['sign-in (opened plainly)', signInWithoutLink],
  ['sign-in (the session known at the start)', signInWithSession],
  ['table', tableModel],
  ['erase', eraseModel],
  ['summary', summaryModel],
  ['summary (the figures known at the start)', summaryGivenModel],
  ['invitation link', inviteUrlModel],
  ['waves', wavesModel],
  ['referrals', referralsModel],
  ['audit', auditModel],
  ['updates', updatesModel],
  ['analytics', analyticsModel],
  ['API keys', apiKeysModel],
  ['team', teamModel],
  ['person', personModel],
  ['questions', questionsModel],
  ['cohort', cohortModel],
]

describe.each(models)('the %s machine', (_, model) => {
  const paths = transitionPaths(model)
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await replayAdminPath(model.machine, model.input, path, stepChecks.get(model))
  })
})

describe('the console models', () => {
  const covered = [signInWithLink, tableModel, eraseModel, summaryModel, inviteUrlModel, wavesModel, referralsModel, auditModel, updatesModel, analyticsModel, apiKeysModel, teamModel, personModel, questionsModel, cohortModel]
  it.each(covered.map(({ machine }) => [machine.id, machine] as const))(
    '%s: every state is reached and every transition is taken',
    (_, machine) => {
      const paths = models.filter(([, model]) => model.machine === machine).flatMap(([, model]) => transitionPaths(model))
      const reached = new Set(paths.flatMap((path) => [path.edge.from, ...path.steps.map((step) => step.state)].map((state) => JSON.stringify(state.value))))
      for (const state of Object.keys(machine.root.states)) expect(reached, state).toContain(JSON.stringify(state))
      const taken = new Set(paths.flatMap((path) => transitionsTaken(machine, path)))
      const missing = definedTransitions(machine).filter((transition) => !taken.has(transition)).map(describeTransition)
      expect(missing).toEqual([])
    },
  )
})
