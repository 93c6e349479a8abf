// The console's machines in the gallery. Each walks the graph of its model-based tests (tools/admin-models.ts:
// the same sample answers and state keys) and pictures its own section of the signed-in console, on the build's
// page of the area that shows it (/admin/people for the table, issue 47). The console's calls to /api/admin are answered in the browser: the pictured machine's own calls as
// its path says (a done event is a 200 with its output as JSON, an error a 409 with the server's message or a
// 500), the session as signed in, and every other section's calls never, so those sections stay loading and
// nothing but the pictured machine moves.
import type { Locator, Page } from '@playwright/test'
import type { AnyMachineSnapshot } from 'xstate'
import { adminAnalyticsMessages } from '../machines/admin-analytics-machine'
import { adminUpdatesMessages, recordPollMs, type AdminUpdatesSnapshot } from '../machines/admin-updates-machine'
import { adminTeamMessages, type AdminTeamSnapshot } from '../machines/admin-team-machine'
import { adminWebhooksMessages, hasWaitingDelivery, type AdminWebhooksSnapshot, type ChangeDone, type WebhookChange } from '../machines/admin-webhooks-machine'
import { analyticsModel, analyticsSamples, apiKeysModel, auditModel, eraseModel, referralsModel, samples, wavesModel, signInWithLink, signInWithoutLink, summaryModel, tableModel, teamModel, updatesModel, wavesSamples, webhooksModel } from '../tools/admin-models'
import type { Model } from '../tools/admin-model'
import { personModel, personSample } from '../tools/admin-person-model'
import { cohortModel, offersTwice, questionsModel, questionsSamples } from '../tools/admin-questions-model'
import type { AdminQuestionsSnapshot } from '../machines/admin-questions-machine'
import type { AnswerMatch } from '../shared/questions'
import { liftModel, mailDomainModel, suppressionSamples, suppressionsModel } from '../tools/admin-mail-models'
import { adminSuppressionsMessages, type AdminSuppressionsSnapshot } from '../machines/admin-suppressions-machine'
import { adminMailDomainMessages, type AdminMailDomainSnapshot } from '../machines/admin-mail-domain-machine'
import type { AdminLiftSnapshot } from '../machines/admin-lift-machine'
import { adminApiBase } from '../shared/console-api'
import { consoleAddress } from '../shared/console-pages'
import type { AreaPath } from '../src/admin/area-list'
import type { WebhookDeliveriesReply } from '../shared/webhook-rows'
import { sendGuardDefaults } from '../shared/update-rows'
import { consoleRoutes, type ConsoleRoute } from '../shared/console-routes'
import { updateIds } from '../src/admin/update-parts'
import { json } from './network'
import type { Driver, GalleryMachine, ModelEvent } from './types'

const routes = consoleRoutes
/** A route's address as a pattern: the table's `:id`s are numbers. */
const pattern = (route: ConsoleRoute) => new RegExp(`^${adminApiBase}${route.path.replace(/:\w+/g, '\\d+')}$`)
/** One actor's call: the routes it may take (a change of a webhook takes one of several), matched by path, and by
 * method when they share one (those that do not are asked last, see updatesGallery and webhooksGallery). */
const api = (taken: ConsoleRoute | ConsoleRoute[], reply?: (output: unknown) => unknown) => {
  const list = [taken].flat()
  const methods = new Set(list.map((route) => route.method))
  return { url: (url: URL) => list.some((route) => pattern(route).test(url.pathname)), method: methods.size === 1 ? list[0]!.method : undefined, reply }
}

/** Which console call each actor makes (read from the route table, shared/console-routes.ts), and the reply's JSON
 * for an output where the client unwraps it (src/admin/admin-api-client.ts). */
const calls = {
  checkSession: api(routes.session),
  requestLink: api(routes.signInRequest),
  verifyToken: api(routes.signInVerify),
  signOut: api(routes.signOut),
  fetchSummary: api(routes.summary),
  fetchSignups: api(routes.signups),
  fetchPerson: api(routes.person, (person) => ({ person })),
  eraseSignup: api(routes.eraseSignup),
  fetchAudit: api(routes.audit),
  fetchReport: api(routes.analytics),
  fetchReferrals: api(routes.referrals),
  reviewReferral: api([routes.approveReferral, routes.rejectReferral]),
  fetchWaves: api(routes.waves),
  fetchNextUp: api(routes.nextUp),
  startWave: api(routes.startWave, (wave) => ({ wave })),
  inviteAgain: api(routes.inviteAgain, (wave) => ({ wave })),
  setPace: api(routes.setPace, (pace) => ({ pace })),
  stopPace: api(routes.stopPace),
  fetchKeys: api(routes.apiKeys, (keys) => ({ keys })),
  makeKey: api(routes.makeApiKey),
  revokeKey: api(routes.revokeApiKey),
  // An update's calls share its path, told apart by method: a new draft is a POST to /updates, an edit a PUT to
  // /updates/:id (two methods, so none here: the GETs and the DELETE below are asked first, see updatesGallery).
  saveUpdate: api([routes.createUpdate, routes.editUpdate], (update) => ({ update })),
  fetchUpdates: api(routes.updates, (updates) => ({ updates })),
  fetchUpdate: api(routes.update, (update) => ({ update })),
  deleteUpdate: api(routes.deleteUpdate),
  fetchPreview: api(routes.previewUpdate),
  sendTest: api(routes.testUpdate),
  fetchAudiences: api(routes.audiences),
  fetchMatchCounts: api(routes.cohortAudiences),
  startSend: api(routes.sendUpdate, (update) => ({ update })),
  moveSend: api([routes.pauseUpdate, routes.resumeUpdate, routes.unscheduleUpdate, routes.cancelUpdate], (update) => ({ update })),
  // A webhook change is one call by its kind (admin-api-client.ts applyWebhookChange): an add POSTs to /webhooks,
  // the others go to /webhooks/:id (PATCH, DELETE) or below it; only an add and a rotation read the reply, an
  // endpoint and its secret. Several methods: the list's GET is asked first (see webhooksGallery).
  applyChange: api(
    [routes.addWebhook, routes.editWebhook, routes.deleteWebhook, routes.webhookOn, routes.webhookOff, routes.rotateWebhook, routes.testWebhook],
    (output) => {
      const { endpointId, secret } = output as ChangeDone
      return { endpoint: { id: endpointId }, secret }
    },
  ),
  fetchEndpoints: api(routes.webhooks),
  fetchDeliveries: api(routes.webhookDeliveries),
  fetchTeam: api(routes.team, (members) => ({ members })),
  changeTeam: api([routes.inviteMember, routes.changeRole, routes.removeMember], (members) => ({ members })),
  fetchSuppressions: api(routes.suppressions),
  liftSuppression: api(routes.liftSuppression),
  checkMailDomain: api(routes.mailDomain),
  fetchQuestions: api(routes.questions, (questions) => ({ questions })),
  saveQuestion: api([routes.defineQuestion, routes.editQuestion], (question) => ({ question })),
  retireQuestion: api(routes.retireQuestion, (question) => ({ question })),
  fetchChoiceQuestions: api(routes.cohortQuestions, (questions) => ({ questions })),
}
type Call = keyof typeof calls

/** Every console call not answered otherwise: the session is signed in, the rest waits for ever. */
async function quietConsole(page: Page) {
  await page.route(`**${adminApiBase}/**`, (route) => {
    if (calls.checkSession.url(new URL(route.request().url()))) return json(route, 200, samples.session)
  })
}

/** Answers the pictured machine's call the way its done or error event says. */
async function answerCall(driver: Driver, event: ModelEvent): Promise<boolean> {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
  if (!match) return false
  const route = await driver.held(match[2]!).next()
  if (match[1] === 'done') {
    // The session check reads "not signed in" from a 401 (admin-api-client.ts checkSession).
    if (event.output === null && match[2] === 'checkSession') await json(route, 401, {})
    // No such person reads as the server's 404 (admin-api-client.ts fetchPerson).
    else if (event.output === null && match[2] === 'fetchPerson') await json(route, 404, { message: 'No such signup (it may have been erased already).', code: 'not-found' })
    else await json(route, 200, calls[match[2] as Call]?.reply?.(event.output) ?? event.output ?? {})
    return true
  }
  const error = event.error as Error & { code?: string; link?: string }
  if (error.name === 'ServerMessage') await json(route, 409, { message: error.message, code: error.code, link: error.link })
  else await json(route, 500, {})
  return true
}

const section = (page: Page, heading: string) => page.locator(`section[aria-labelledby="${heading}"]`)

function consoleGallery(
  model: Model,
  options: {
    /** The address of the area that shows the machine (src/admin/area-list.ts), which the picture opens. */
    area: AreaPath
    calls: Call[]
    region: (page: Page, snapshot: AnyMachineSnapshot) => Locator
    shows: (page: Page, snapshot: AnyMachineSnapshot) => Promise<unknown>
    act: (page: Page, event: ModelEvent, after: AnyMachineSnapshot) => Promise<unknown>
    /** Sample events no gesture causes here (another section asks for them): left out of the walk. */
    withoutEvents?: string[]
    prepare?: (page: Page) => Promise<void>
    /** The page the machine lives on when it is not the area's own (a person's page). */
    url?: string
    leftOut?: Record<string, string>
    /** When a state looks different by more than its value (the record of a send, by where the send stands). */
    pictureKey?: (snapshot: AnyMachineSnapshot) => string
    detail?: (snapshot: AnyMachineSnapshot) => string | undefined
  },
): GalleryMachine {
  return {
    machine: model.machine,
    variants: [{ name: '', site: 'endpoint', input: model.input }],
    url: options.url ?? consoleAddress(options.area),
    ready: 'h1',
    prepare: async (page) => {
      await quietConsole(page)
      await options.prepare?.(page)
    },
    holdMatching: Object.fromEntries(options.calls.map((call) => [call, { url: calls[call].url, method: calls[call].method }])),
    region: options.region,
    events: model.events.filter((event) => !options.withoutEvents?.includes(event.type)),
    serializeState: model.serializeState,
    // The console's pictures differ by state: the model's keys tell pages and cursors apart for its guards.
    pictureKey: options.pictureKey ?? ((snapshot) => JSON.stringify(snapshot.value)),
    detail: options.detail,
    act: async (driver, event, after) => {
      if (await answerCall(driver, event)) return
      await options.act(driver.page, event, after)
    },
    shows: async ({ page }, snapshot) => {
      await options.shows(page, snapshot)
    },
    leftOut: options.leftOut,
  }
}

/** The Overview's other parts (issue 47), asked beside the figures and shown in their places once all are in: the
 * checklist, the 30 days' funnel, the invitations and the updates' rates, answered at once. */
async function answerOverviewParts(page: Page) {
  await page.route((url) => pattern(routes.setup).test(url.pathname), (route) => json(route, 200, samples.summary.setup))
  await page.route((url) => calls.fetchReport.url(url), (route) => json(route, 200, analyticsSamples.report))
  await page.route((url) => calls.fetchWaves.url(url), (route) => json(route, 200, wavesSamples.notReady))
  // The updates' rates together (issue 49): 1,200 emails gone, 6 bounced for good and 1 marked as spam.
  await page.route((url) => pattern(routes.sendRates).test(url.pathname), (route) => json(route, 200, { emails: 1200, hardBounces: 6, complaints: 1, guard: sendGuardDefaults }))
}

const busy = (locator: Locator, value: boolean) => locator.and(locator.page().locator(`[aria-busy="${String(value)}"]`)).waitFor()

export const summaryGallery = consoleGallery(summaryModel, {
  area: '/',
  calls: ['fetchSummary'],
  prepare: answerOverviewParts,
  // The parts' four calls are answered at once by `prepare`, whatever the figures' state: the pictures are of the totals.
  withoutEvents: ['xstate.done.actor.fetchParts'],
  region: (page, snapshot) => (snapshot.matches('loading') ? page.getByText('Loading the figures…') : section(page, 'totals-heading')),
  shows: async (page, snapshot) => {
    if (snapshot.matches('loading')) return page.getByText('Loading the figures…').waitFor()
    if (snapshot.matches('failed')) return section(page, 'totals-heading').getByRole('alert').waitFor()
    return busy(section(page, 'totals-heading'), false)
  },
  act: (page, event) => (event.type === 'RELOAD' ? section(page, 'totals-heading').getByRole('button', { name: 'Try again' }).click() : unknownGesture(event)),
})

export const auditGallery = consoleGallery(auditModel, {
  area: '/audit',
  calls: ['fetchAudit'],
  region: (page) => section(page, 'audit-heading'),
  shows: async (page, snapshot) => {
    const audit = section(page, 'audit-heading')
    if (snapshot.matches('failed')) return audit.getByRole('alert').waitFor()
    await busy(audit, snapshot.matches('loading'))
  },
  act: (page, event) => {
    const audit = section(page, 'audit-heading')
    if (event.type === 'RELOAD') return audit.getByRole('button', { name: 'Try again' }).click()
    if (event.type === 'OLDER') return audit.getByRole('button', { name: 'Older entries' }).click()
    if (event.type === 'NEWER') return audit.getByRole('button', { name: 'Newer entries' }).click()
    return unknownGesture(event)
  },
})

export const analyticsGallery = consoleGallery(analyticsModel, {
  area: '/sources',
  calls: ['fetchReport'],
  region: (page) => section(page, 'analytics-heading'),
  shows: async (page, snapshot) => {
    const analytics = section(page, 'analytics-heading')
    if (snapshot.matches('failed')) return analytics.getByRole('alert').filter({ hasText: adminAnalyticsMessages.failed }).waitFor()
    await busy(analytics, snapshot.matches('loading'))
  },
  act: (page, event) => {
    const analytics = section(page, 'analytics-heading')
    if (event.type === 'CHOOSE_RANGE') return analytics.getByRole('button', { name: `Last ${String(event.days)} days` }).click()
    if (event.type === 'RELOAD') return analytics.getByRole('button', { name: /Try again|Refresh/ }).click()
    return unknownGesture(event)
  },
})

const tableStatus = (page: Page) => section(page, 'signups-heading').getByRole('status')

export const tableGallery = consoleGallery(tableModel, {
  area: '/people',
  calls: ['fetchSignups'],
  region: (page) => section(page, 'signups-heading'),
  shows: async (page, snapshot) => {
    const table = section(page, 'signups-heading')
    if (snapshot.matches('loading')) return tableStatus(page).filter({ hasText: 'Loading signups…' }).waitFor()
    if (snapshot.matches('failed')) return table.getByRole('alert').waitFor()
    if (snapshot.matches('empty')) return tableStatus(page).filter({ hasText: 'Nobody' }).waitFor()
    await table.getByRole('table').waitFor()
  },
  act: async (page, event) => {
    const table = section(page, 'signups-heading')
    const pager = table.getByRole('navigation', { name: 'Pages of signups' })
    if (event.type === 'SEARCH') {
      await table.getByLabel('Search by email or name').fill(String(event.search))
      return table.getByRole('button', { name: 'Search', exact: true }).click()
    }
    if (event.type === 'SORT') return table.getByRole('button', { name: 'Email', exact: true }).click()
    if (event.type === 'RELOAD') return table.getByRole('button', { name: 'Try again' }).click()
    if (event.type === 'GO_TO_PAGE') {
      await pager.getByRole('spinbutton', { name: 'Go to page' }).fill(String(event.page))
      return pager.getByRole('button', { name: 'Go', exact: true }).click()
    }
    const names: Record<string, string> = { FIRST_PAGE: 'First page', PREVIOUS_PAGE: 'Previous page', NEXT_PAGE: 'Next page', LAST_PAGE: 'Last page' }
    if (names[event.type]) return pager.getByRole('button', { name: names[event.type] }).click()
    return unknownGesture(event)
  },
})

export const referralsGallery = consoleGallery(referralsModel, {
  area: '/referrals',
  calls: ['fetchReferrals', 'reviewReferral'],
  region: (page) => section(page, 'referrals-heading'),
  shows: async (page, snapshot) => {
    const referrals = section(page, 'referrals-heading')
    if (snapshot.matches('failed')) return referrals.getByRole('alert').waitFor()
    await busy(referrals, snapshot.hasTag('busy'))
  },
  act: (page, event) => {
    const referrals = section(page, 'referrals-heading')
    if (event.type === 'RELOAD') return referrals.getByRole('button', { name: 'Try again' }).click()
    if (event.type === 'REVIEW') return referrals.getByRole('button', { name: new RegExp(`^${event.verdict === 'APPROVE' ? 'Approve' : 'Reject'} referral of ${String(event.firstName)} `) }).click()
    if (event.type === 'NEXT_HELD') return referrals.getByRole('button', { name: 'Next held referrals' }).click()
    if (event.type === 'PREVIOUS_HELD') return referrals.getByRole('button', { name: 'Previous held referrals' }).click()
    return unknownGesture(event)
  },
})

export const wavesGallery = consoleGallery(wavesModel, {
  area: '/invitations',
  calls: ['fetchWaves', 'fetchNextUp', 'startWave', 'inviteAgain', 'setPace', 'stopPace'],
  region: (page) => section(page, 'waves-heading'),
  shows: async (page, snapshot) => {
    const waves = section(page, 'waves-heading')
    if (snapshot.matches('failed')) return waves.getByRole('alert').waitFor()
    await busy(waves, snapshot.hasTag('busy'))
    if (snapshot.matches('reviewing')) await waves.getByRole('button', { name: 'Cancel' }).waitFor()
  },
  act: async (page, event) => {
    const waves = section(page, 'waves-heading')
    if (event.type === 'RETRY') return waves.getByRole('button', { name: 'Try again' }).click()
    if (event.type === 'PREVIEW') {
      const form = waves.locator('form[aria-label="Invite the next people"]')
      await setRules(form, (event.match ?? []) as AnswerMatch[])
      await form.locator('#wave-count').fill(String(event.count))
      return form.getByRole('button', { name: 'See who is next' }).click()
    }
    if (event.type === 'CONFIRM') return waves.getByRole('button', { name: /^Invite (these|this)/ }).click()
    if (event.type === 'CANCEL') return waves.getByRole('button', { name: 'Cancel' }).click()
    if (event.type === 'SET_PACE') {
      // The page's clock zone is UTC (the context's timezoneId), so the local time typed is the UTC one.
      const form = waves.locator('form[aria-labelledby="pace-heading"]')
      await form.locator('#pace-count').fill(String(event.perDay))
      await form.locator('#pace-time').fill(String(event.atUtc).padStart(5, '0'))
      return form.locator('button[type="submit"]').click()
    }
    if (event.type === 'STOP_PACE') return waves.locator('form[aria-labelledby="pace-heading"] button[type="button"]').click()
    if (event.type === 'AGAIN') return waves.getByRole('button', { name: `Send again to the expired of wave #${String(event.waveId)}` }).click()
    return unknownGesture(event)
  },
  // RELOAD comes from the other sections (after an erasure, a review); RETRY is this section's own button.
  withoutEvents: ['RELOAD'],
  // The cohort's questions (issue 52), asked when a rule is added, answered at once.
  prepare: async (page) => {
    await page.route((url) => calls.fetchChoiceQuestions.url(url), (route) => json(route, 200, { questions: questionsSamples.questions.slice(0, 2) }))
  },
  // By answers (issue 52): the preview that says how many match, and a cohort's refusal in the server's words.
  detail: (snapshot) => byAnswers(snapshot) || undefined,
  pictureKey: (snapshot) => JSON.stringify({ value: snapshot.value, cohort: byAnswers(snapshot) }),
})

/** A state pictured apart for a cohort: its preview (as an owner sees it, and as a role that may not see people),
 * or the refusal of one; '' for the others. */
function byAnswers(snapshot: AnyMachineSnapshot) {
  const { match, error, nextUp } = snapshot.context as { match: AnswerMatch[]; error: string; nextUp: { people: unknown[]; matching?: number } | null }
  if (match.length === 0) return ''
  if (snapshot.matches('reviewing') && nextUp?.matching !== undefined) return nextUp.people.length > 0 ? 'by answers' : 'by answers, people hidden'
  return snapshot.matches('ready') && error !== '' ? 'by answers' : ''
}

/** The invite form's rules made to say `match` (one rule at most here): added or removed, its answers ticked. */
async function setRules(form: Locator, match: AnswerMatch[]) {
  const remove = form.getByRole('button', { name: 'Remove rule 1' })
  if (match.length === 0) {
    if (await remove.isVisible()) await remove.click()
    return
  }
  if (!(await remove.isVisible())) await form.getByRole('button', { name: 'Add a rule by answers' }).click()
  const answers = form.getByRole('group', { name: /^Answers that match rule 1/ })
  await answers.waitFor()
  for (const box of await answers.getByRole('checkbox').all()) await box.setChecked(match[0]!.choices.includes((await box.evaluate((input) => input.parentElement!.textContent ?? '')).trim()))
}

const inviteForm = (page: Page) => section(page, 'waves-heading').locator('form[aria-label="Invite the next people"]')

/** A wave's rules by answers (issue 52), inside the invite form of Invitations: the waves answered at once, the
 * questions as the cohort's own call. */
export const cohortGallery = consoleGallery(cohortModel, {
  area: '/invitations',
  calls: ['fetchChoiceQuestions'],
  // CLEAR comes from the waves' machine once a wave by the rules started: no gesture here causes it.
  withoutEvents: ['CLEAR'],
  prepare: async (page) => {
    await page.route((url) => calls.fetchWaves.url(url), (route) => json(route, 200, wavesSamples.overview))
  },
  region: (page) => inviteForm(page),
  shows: async (page, snapshot) => {
    const form = inviteForm(page)
    if (snapshot.matches('loading')) return form.getByRole('button', { name: 'Loading the questions…' }).waitFor()
    const { rules, error } = snapshot.context as { rules: AnswerMatch[]; error: string }
    if (error) await form.getByRole('alert').filter({ hasText: error }).waitFor()
    if (rules.length === 0) return form.getByRole('button', { name: 'Add a rule by answers' }).waitFor()
    await form.getByRole('combobox', { name: `Question of rule ${rules.length}` }).waitFor()
  },
  act: async (page, event) => {
    const form = inviteForm(page)
    const index = Number(event.index ?? 0)
    if (event.type === 'ADD_RULE') return form.getByRole('button', { name: /^Add (a rule by answers|another rule)$/ }).click()
    if (event.type === 'REMOVE_RULE') return form.getByRole('button', { name: `Remove rule ${index + 1}` }).click()
    if (event.type === 'QUESTION_CHOSEN') return form.getByRole('combobox', { name: `Question of rule ${index + 1}` }).selectOption(String(event.questionId))
    if (event.type === 'CHOICE_TOGGLED') return form.getByRole('group', { name: new RegExp(`^Answers that match rule ${index + 1}`) }).getByRole('checkbox', { name: String(event.choice), exact: true }).click()
    return unknownGesture(event)
  },
  pictureKey: (snapshot) => {
    const { rules, error } = snapshot.context as { rules: AnswerMatch[]; error: string }
    return JSON.stringify({ value: snapshot.value, rules: Math.min(rules.length, 2), chosen: rules[0]?.choices.length ?? 0, error: error !== '' })
  },
  detail: (snapshot) => {
    const { rules, error } = snapshot.context as { rules: AnswerMatch[]; error: string }
    if (error) return error.startsWith('No choice') ? 'no questions' : 'not loaded'
    if (rules.length === 0) return undefined
    return `${rules.length === 1 ? 'one rule' : 'two rules'}${rules[0]!.choices.length > 0 ? ' answered' : ''}`
  },
})

const questionsSection = (page: Page) => section(page, 'questions-heading')

/** The Questions area (issue 52): the list with its counts, the form for a new question or a new version, the
 * question before a retirement, and refusals in words. */
export const questionsGallery = consoleGallery(questionsModel, {
  area: '/questions',
  calls: ['fetchQuestions', 'saveQuestion', 'retireQuestion'],
  region: (page) => questionsSection(page),
  shows: async (page, snapshot) => {
    const questions = questionsSection(page)
    const { error, draft } = snapshot.context as AdminQuestionsSnapshot['context']
    if (snapshot.matches('failed')) return questions.getByRole('alert').filter({ hasText: 'The questions could not be loaded.' }).waitFor()
    if (snapshot.matches('confirmingRetire')) return questions.getByRole('alertdialog').waitFor()
    if (snapshot.matches('saving')) return questions.getByRole('button', { name: 'Saving…' }).waitFor()
    await busy(questions, snapshot.hasTag('busy'))
    if (draft) await questions.locator('#question-form-heading').waitFor()
    if (error) await questions.getByRole('alert').filter({ hasText: error }).waitFor()
  },
  act: (page, event) => {
    const questions = questionsSection(page)
    const button = (name: string) => questions.getByRole('button', { name, exact: true }).click()
    if (event.type === 'RELOAD') return button('Try again')
    if (event.type === 'DEFINE') return button('Define a question')
    if (event.type === 'EDIT') return questions.getByRole('button', { name: /^Edit / }).nth(Number(event.id) - 1).click()
    if (event.type === 'RETIRE') return questions.getByRole('button', { name: /^Retire “/ }).nth(Number(event.id) - 1).click()
    if (event.type === 'KIND_CHOSEN') return questions.getByRole('radio', { name: { single: 'One choice', several: 'Several choices', short: 'Short answer' }[String(event.kind)] }).check()
    if (event.type === 'SENSITIVE_SET') return questions.getByRole('checkbox', { name: 'It asks about health' }).setChecked(Boolean(event.sensitive))
    if (event.type === 'WORDING_CHANGED') return questions.getByLabel('The question, as people read it').fill(String(event.value))
    if (event.type === 'CHOICES_CHANGED') return questions.getByLabel('Choices, one a line').fill(String(event.value))
    if (event.type === 'SAVE') return questions.locator('form button[type="submit"]').click()
    if (event.type === 'CANCEL') return questions.getByRole('button', { name: /^(Cancel|Keep asking it)$/ }).click()
    if (event.type === 'CONFIRM') return button('Retire the question')
    return unknownGesture(event)
  },
  // The form pictured for a new question and for a new version, and once refused in the server's words: a new version
  // that offers a choice twice (the form's own refusals look the same, in its words).
  pictureKey: (snapshot) => {
    const { draft, error } = snapshot.context as AdminQuestionsSnapshot['context']
    if (snapshot.matches('writing') && draft && draft.wording.trim() !== '' && offersTwice(draft) && error !== '') return JSON.stringify({ value: snapshot.value, refused: true })
    return JSON.stringify({ value: snapshot.value, draft: draft ? (draft.id === null ? `new ${draft.kind}${draft.sensitive ? ' sensitive' : ''}` : 'version') : null })
  },
  detail: (snapshot) => {
    const { draft, error } = snapshot.context as AdminQuestionsSnapshot['context']
    const form = draft ? (draft.id === null ? `new ${draft.kind}${draft.sensitive ? ' sensitive' : ''}` : 'new version') : ''
    return [form, error ? 'refused' : ''].filter(Boolean).join(' ') || undefined
  },
})

const apiKeysSection = (page: Page) => section(page, 'api-keys-heading')
const revokeQuestion = (page: Page) => apiKeysSection(page).getByRole('alertdialog')

export const apiKeysGallery = consoleGallery(apiKeysModel, {
  area: '/integrations',
  calls: ['fetchKeys', 'makeKey', 'revokeKey'],
  region: (page) => apiKeysSection(page),
  shows: async (page, snapshot) => {
    const apiKeys = apiKeysSection(page)
    if (snapshot.matches('failed')) return apiKeys.getByRole('alert').filter({ hasText: 'The keys could not be loaded.' }).waitFor()
    if (snapshot.matches('making')) return apiKeys.getByRole('button', { name: 'Making the key…' }).waitFor()
    await busy(apiKeys, snapshot.hasTag('busy'))
    if (snapshot.context.revoking) await revokeQuestion(page).waitFor()
  },
  act: (page, event) => {
    const apiKeys = apiKeysSection(page)
    if (event.type === 'RELOAD') return apiKeys.getByRole('button', { name: 'Try again' }).click()
    if (event.type === 'NAME_CHANGED') return apiKeys.getByLabel('Name (what will use it)').fill(String(event.value))
    if (event.type === 'SCOPE_TOGGLED') return apiKeys.getByRole('checkbox', { name: new RegExp(`^${String(event.scope)} `) }).click()
    if (event.type === 'MAKE') return apiKeys.getByRole('button', { name: 'Make key' }).click()
    if (event.type === 'DISMISS') return apiKeys.getByRole('button', { name: 'I have copied it' }).click()
    if (event.type === 'REVOKE') return apiKeys.getByRole('button', { name: `Revoke key ${String(event.name)}` }).click()
    if (event.type === 'CONFIRM') return revokeQuestion(page).getByRole('button', { name: /^Revoke/ }).click()
    if (event.type === 'CANCEL') return revokeQuestion(page).getByRole('button', { name: 'Keep it' }).click()
    return unknownGesture(event)
  },
})

const updatesSection = (page: Page) => section(page, 'updates-heading')
/** The question before a send, a deletion or a cancel: its first button goes ahead, its last goes back. */
const updateQuestion = (page: Page) => updatesSection(page).getByRole('group', { name: /\?$/ })

/** What shows each state that waits on a request (the pressed button's words); the others show the section not busy. */
const updatesBusyWords: Record<string, string | RegExp> = {
  opening: 'Opening the update…',
  saving: 'Saving…',
  previewing: 'Loading the preview…',
  refreshingPreview: 'Loading the preview…',
  testing: 'Sending the test…',
  counting: 'Counting who each audience holds…',
  countingMatch: 'Counting who matches…',
  starting: 'Starting…',
  moving: /^(Pausing|Resuming|Unscheduling|Cancelling)…$/,
  deleting: 'Deleting…',
}

const recordOf = (snapshot: AnyMachineSnapshot) => (snapshot.matches('watching') ? (snapshot.context as AdminUpdatesSnapshot['context']).update?.send?.state : undefined)

export const updatesGallery = consoleGallery(updatesModel, {
  area: '/updates',
  // saveUpdate first: Playwright asks the newest route first, so the GETs and the DELETE on an update's path are
  // held by their own calls and only a POST or a PUT falls through to it.
  calls: ['saveUpdate', 'fetchUpdates', 'fetchUpdate', 'deleteUpdate', 'fetchPreview', 'sendTest', 'fetchAudiences', 'fetchMatchCounts', 'startSend', 'moveSend'],
  region: (page) => updatesSection(page),
  shows: async (page, snapshot) => {
    const updates = updatesSection(page)
    const state = String(snapshot.value)
    if (snapshot.matches('failed')) return updates.getByRole('alert').filter({ hasText: adminUpdatesMessages.loadFailed }).waitFor()
    if (snapshot.matches('loading')) return busy(updates, true)
    const words = updatesBusyWords[state]
    if (words) return updates.getByText(words).first().waitFor()
    await busy(updates, false)
    if (snapshot.matches('list')) return updates.getByRole('table').waitFor()
    if (snapshot.matches('writing')) return updates.locator('#update-editor-heading').waitFor()
    if (snapshot.matches('choosing')) return updates.getByRole('button', { name: 'Review the send' }).waitFor()
    if (['confirmingSend', 'confirmingDelete', 'confirmingCancel'].includes(state)) return updateQuestion(page).waitFor()
    // Watching and refreshing look alike: the record stays as it was while it is fetched again.
    return updates.locator('#update-record-heading').waitFor()
  },
  act: async (page, event) => {
    const updates = updatesSection(page)
    const button = (name: string | RegExp) => updates.getByRole('button', { name, exact: typeof name === 'string' }).click()
    if (event.type === 'RETRY') return button('Try again')
    if (event.type === 'NEW') return button('Write an update')
    if (event.type === 'OPEN') return updates.getByRole('table').getByRole('button').first().click()
    if (event.type === 'CLOSE') return button('Back to the list')
    if (event.type === 'EDIT') return updates.getByLabel(event.field === 'subject' ? 'Subject' : event.field === 'preheader' ? 'Preheader' : 'Body (Markdown)').fill(String(event.value))
    if (event.type === 'SAVE') return button(/^Save (draft|changes)$/)
    if (event.type === 'PREVIEW') return button('Preview')
    if (event.type === 'TEST') return button('Send a test to myself')
    if (event.type === 'PREPARE_SEND') return button('Send to the list…')
    if (event.type === 'DELETE') return button('Delete draft')
    if (event.type === 'PAUSE') return button('Pause')
    if (event.type === 'RESUME') return button('Resume')
    if (event.type === 'UNSCHEDULE') return button('Unschedule')
    if (event.type === 'CANCEL_SEND') return button('Cancel the send…')
    if (event.type === 'CONFIRM') return updateQuestion(page).getByRole('button').first().click()
    // Back from the send form, or "Keep it"/"Back" under a question: only one of them is on screen at a time.
    if (event.type === 'BACK') return updates.getByRole('button', { name: 'Back to the draft' }).or(updateQuestion(page).getByRole('button').last()).click()
    if (event.type === 'REVIEW_SEND') {
      const at = event.at as string | null
      await updates.locator(`input[name="update-audience"][value="${String(event.audience)}"]`).check()
      await updates.locator(`input[name="update-when"][value="${at === null ? 'now' : 'at'}"]`).check()
      // The page's clock zone is UTC (the context's timezoneId), so the local time typed is the instant's own.
      if (at !== null) await updates.getByLabel('Date and time (your local time)').fill(at.slice(0, 16))
      await updates.getByLabel('Emails a second (optional)').fill(event.perSecond === null ? '' : String(event.perSecond))
      await setRules(updates.locator(`form[aria-labelledby="${updateIds.sendForm}"]`), (event.match ?? []) as AnswerMatch[])
      return button('Review the send')
    }
    // The record's poll: the page's clock (installed by the gallery) runs on to it at once.
    if (event.type.startsWith('xstate.after.recordPoll.')) return page.clock.runFor(recordPollMs)
    return unknownGesture(event)
  },
  // RELOAD has no button in this section (its "Try again" sends RETRY), and no other section sends it.
  withoutEvents: ['RELOAD'],
  // The record offers other moves by where the send stands (Pause while sending, Resume while paused, none once
  // done): one picture of it for each.
  // By answers (issue 52): the last look that counts who match (as an owner sees it, and "fewer than 5"), and the
  // form again with a refusal of a send by answers.
  pictureKey: (snapshot) => JSON.stringify({ value: snapshot.value, send: recordOf(snapshot), cohort: updateByAnswers(snapshot) }),
  detail: (snapshot) => recordOf(snapshot) ?? (updateByAnswers(snapshot) || undefined),
  // The send's rules ask for the questions when a rule is added, answered at once.
  prepare: async (page) => {
    await page.route((url) => calls.fetchChoiceQuestions.url(url), (route) => json(route, 200, { questions: questionsSamples.questions.slice(0, 2) }))
  },
})

/** A send state pictured apart for its rules by answers; '' for the others. */
function updateByAnswers(snapshot: AnyMachineSnapshot) {
  const { sendAsked, matchCounts, error } = snapshot.context as AdminUpdatesSnapshot['context']
  if (!sendAsked?.match) return ''
  if (snapshot.matches('confirmingSend') && matchCounts) return typeof matchCounts.counts[sendAsked.audience] === 'number' ? 'by answers' : 'by answers, fewer than 5'
  return snapshot.matches('choosing') && error !== '' ? 'by answers' : ''
}

const webhooksSection = (page: Page) => section(page, 'webhooks-heading')

/** What the team reads in the list once it is ready: a refusal or a log that failed, a new secret, an open log. */
function webhooksReadyLook(snapshot: AnyMachineSnapshot): string | undefined {
  if (!snapshot.matches('ready')) return undefined
  const { error, secret, log } = snapshot.context as AdminWebhooksSnapshot['context']
  if (error === adminWebhooksMessages.logFailed) return 'log failed'
  if (error) return 'change refused'
  if (secret) return 'secret shown'
  if (log) return 'log open'
  return undefined
}

export const webhooksGallery = consoleGallery(
  {
    ...webhooksModel,
    // The client decides whether a change was a test from the change's kind, not from the reply: the walk adds an
    // endpoint (the change whose reply the view reads) and leaves out the answer only a test gets. A test opens the
    // log through loadingLog, which OPEN_LOG pictures already.
    // The log's background read (after deliveryPoll) is left out: it needs a delivery held waiting by the server, and
    // it looks as `ready` does (issue 47).
    events: webhooksModel.events.filter(
      (event) =>
        !(event.type === 'CHANGE' && (event.change as WebhookChange).kind !== 'add') &&
        !(event.type === 'xstate.done.actor.applyChange' && (event.output as ChangeDone).tested) &&
        !event.type.startsWith('xstate.after.deliveryPoll') &&
        !(event.type === 'xstate.done.actor.fetchDeliveries' && hasWaitingDelivery(event.output as WebhookDeliveriesReply)),
    ),
  },
  {
    area: '/integrations',
    // applyChange first: Playwright asks the newest route first, so the GETs of the list and of a log are held by
    // their own calls and only a change falls through to it.
    calls: ['applyChange', 'fetchEndpoints', 'fetchDeliveries'],
    region: (page) => webhooksSection(page),
    shows: async (page, snapshot) => {
      const webhooks = webhooksSection(page)
      if (snapshot.matches('failed')) return webhooks.getByRole('alert').filter({ hasText: adminWebhooksMessages.failed }).waitFor()
      if (snapshot.matches('confirmingDelete')) return webhooks.getByRole('alertdialog').waitFor()
      await busy(webhooks, snapshot.hasTag('busy'))
      const { error, secret, log } = snapshot.context as AdminWebhooksSnapshot['context']
      if (error) await webhooks.getByRole('alert').filter({ hasText: error }).waitFor()
      if (secret) await webhooks.getByRole('button', { name: 'I have copied it' }).waitFor()
      if (log && snapshot.matches('ready')) await webhooks.locator('#webhooks-log').waitFor()
    },
    act: async (page, event, after) => {
      const webhooks = webhooksSection(page)
      const button = (name: string) => webhooks.getByRole('button', { name, exact: true }).click()
      if (event.type === 'RELOAD') return button('Try again')
      if (event.type === 'CHANGE') {
        const change = event.change as WebhookChange
        if (change.kind !== 'add') return unknownGesture(event)
        await webhooks.getByLabel('Endpoint URL (https)').fill(change.url)
        for (const type of change.events) await webhooks.locator(`input[id="webhook-add-${type}"]`).check()
        return button('Add endpoint')
      }
      if (event.type === 'DISMISS_SECRET') return button('I have copied it')
      if (event.type === 'DELETE') return button(`Delete: ${String(event.url)}`)
      if (event.type === 'CONFIRM') return button('Delete the endpoint')
      if (event.type === 'CANCEL') return button('Keep it')
      if (event.type === 'OPEN_LOG') {
        const endpoint = (after.context as AdminWebhooksSnapshot['context']).list?.endpoints.find((row) => row.id === event.id)
        return button(`Delivery log: ${String(endpoint?.url)}`)
      }
      if (event.type === 'RELOAD_LOG') return button('Refresh the log')
      if (event.type === 'OLDER_LOG') return button('Older deliveries')
      if (event.type === 'CLOSE_LOG') return button('Close the log')
      return unknownGesture(event)
    },
    // The list's looks once ready are pictured each (a refusal, a failed log, a new secret, an open log); the busy
    // states look alike whatever is kept on screen around them.
    pictureKey: (snapshot) => JSON.stringify({ value: snapshot.value, look: webhooksReadyLook(snapshot) }),
    detail: webhooksReadyLook,
    leftOut: { pollingLog: 'The open log read again in the background while a delivery waits: it looks as ready does, every button working.' },
  },
)

const teamSection = (page: Page) => section(page, 'team-heading')

export const teamGallery = consoleGallery(teamModel, {
  area: '/team',
  calls: ['fetchTeam', 'changeTeam'],
  region: (page) => teamSection(page),
  shows: async (page, snapshot) => {
    const team = teamSection(page)
    if (snapshot.matches('failed')) return team.getByRole('alert').filter({ hasText: adminTeamMessages.failed }).waitFor()
    if (snapshot.matches('confirmingRemove')) return team.getByRole('alertdialog').waitFor()
    await busy(team, snapshot.hasTag('busy'))
    const { error } = snapshot.context as AdminTeamSnapshot['context']
    if (error) await team.getByRole('alert').filter({ hasText: error }).waitFor()
  },
  act: (page, event) => {
    const team = teamSection(page)
    const button = (name: string) => team.getByRole('button', { name, exact: true }).click()
    if (event.type === 'RELOAD') return button('Try again')
    if (event.type === 'EMAIL_CHANGED') return team.getByLabel('Email address').fill(String(event.value))
    if (event.type === 'ROLE_CHOSEN') return team.getByLabel('Role', { exact: true }).selectOption(String(event.role))
    if (event.type === 'INVITE') return button('Invite')
    if (event.type === 'CHANGE_ROLE') return team.getByRole('combobox', { name: `Role of ${String(event.email)}` }).selectOption(String(event.role))
    if (event.type === 'REMOVE') return button(`Remove ${String(event.email)}`)
    if (event.type === 'CONFIRM') return team.getByRole('alertdialog').getByRole('button', { name: /^Remove / }).click()
    if (event.type === 'CANCEL') return button('Keep them')
    return unknownGesture(event)
  },
  // The list's looks once ready: a refusal in the server's words is pictured apart.
  pictureKey: (snapshot) => JSON.stringify({ value: snapshot.value, refused: Boolean((snapshot.context as AdminTeamSnapshot['context']).error) }),
})

const eraseDialog = (page: Page) => page.locator('dialog[aria-labelledby="erase-heading"]')

/** A person's page (issue 47): Ada's, whose record the person machine's samples hold. */
const personUrl = consoleAddress(`/people/${personSample.signup.id}`)

export const eraseGallery = consoleGallery(eraseModel, {
  area: '/people',
  calls: ['eraseSignup'],
  url: personUrl,
  // Ada's page, whose Erase button starts the machine (issue 47: Erase is on a person's page, not the table's rows).
  prepare: async (page) => {
    await page.route(
      (url) => calls.fetchPerson.url(url),
      (route) => json(route, 200, { person: personSample }),
    )
  },
  region: (page, snapshot) =>
    snapshot.matches('idle') ? section(page, 'person-heading') : snapshot.matches('erased') ? page.getByRole('status').filter({ hasText: String(snapshot.context.message) }) : eraseDialog(page),
  shows: async (page, snapshot) => {
    if (snapshot.matches('idle')) return page.getByRole('button', { name: `Erase ${samples.row.email}` }).waitFor()
    if (snapshot.matches('erased')) return page.getByRole('status').filter({ hasText: String(snapshot.context.message) }).waitFor()
    if (snapshot.matches('failed')) return eraseDialog(page).getByRole('alert').waitFor()
    await busy(eraseDialog(page), snapshot.matches('erasing')).catch(() => eraseDialog(page).waitFor())
  },
  act: (page, event) => {
    if (event.type === 'ERASE_REQUESTED') return page.getByRole('button', { name: `Erase ${samples.row.email}` }).click()
    if (event.type === 'CONFIRM') return eraseDialog(page).getByRole('button', { name: /Erase/ }).first().click()
    if (event.type === 'CANCEL') return eraseDialog(page).getByRole('button', { name: 'Cancel' }).click()
    return unknownGesture(event)
  },
})

/** A person's page in each state of its machine; an erasure from it goes through at once (the erase machine's own
 * states are pictured by eraseGallery). */
export const personGallery = consoleGallery(personModel, {
  area: '/people',
  calls: ['fetchPerson'],
  url: personUrl,
  prepare: async (page) => {
    await page.route(
      (url) => calls.eraseSignup.url(url),
      (route) => json(route, 200, {}),
    )
  },
  region: (page) => section(page, 'person-heading'),
  shows: async (page, snapshot) => {
    if (snapshot.matches('loading')) return busy(section(page, 'person-heading'), true)
    if (snapshot.matches('loaded')) return page.getByRole('heading', { name: personSample.signup.email }).waitFor()
    if (snapshot.matches('notFound')) return page.getByRole('heading', { name: 'No such person' }).waitFor()
    if (snapshot.matches('failed')) return section(page, 'person-heading').getByRole('alert').waitFor()
    return page.getByRole('heading', { name: 'Erased' }).waitFor()
  },
  act: async (page, event) => {
    if (event.type === 'RETRY') return page.getByRole('button', { name: 'Try again' }).click()
    if (event.type === 'ERASED') {
      await page.getByRole('button', { name: `Erase ${personSample.signup.email}` }).click()
      return eraseDialog(page).getByRole('button', { name: 'Erase for good' }).click()
    }
    return unknownGesture(event)
  },
})

const suppressionsSection = (page: Page) => section(page, 'suppressions-heading')

/** The suppression list (issue 49), under People: Bo, refused by his mail server, then an erased address. */
export const suppressionsGallery = consoleGallery(
  {
    ...suppressionsModel,
    // Only an address on the page has a Lift button: a lift of one not shown is the machine's guard, no gesture's.
    events: suppressionsModel.events.filter((event) => !(event.type === 'LIFT' && event.email !== suppressionSamples.entry.email)),
    // A refusal is told apart while the list is shown; a reload keeping it has no button (Try again is the failed
    // list's), so no picture waits for one.
    serializeState: (snapshot) => (snapshot.matches('ready') ? suppressionsModel.serializeState(snapshot) : JSON.stringify({ ...JSON.parse(suppressionsModel.serializeState(snapshot)), error: false })),
  },
  {
    area: '/people',
    url: consoleAddress('/people/suppressed'),
    calls: ['fetchSuppressions', 'liftSuppression'],
    region: (page) => suppressionsSection(page),
    shows: async (page, snapshot) => {
      const list = suppressionsSection(page)
      if (snapshot.matches('failed')) return list.getByRole('alert').filter({ hasText: adminSuppressionsMessages.failed }).waitFor()
      await busy(list, snapshot.hasTag('busy'))
      const { error, lifted } = snapshot.context as AdminSuppressionsSnapshot['context']
      if (error) await list.getByRole('alert').filter({ hasText: error }).waitFor()
      else if (lifted && snapshot.matches('ready')) await list.getByRole('status').filter({ hasText: adminSuppressionsMessages.lifted(lifted) }).waitFor()
    },
    act: (page, event) => {
      const list = suppressionsSection(page)
      if (event.type === 'RELOAD') return list.getByRole('button', { name: 'Try again' }).click()
      if (event.type === 'OLDER') return list.getByRole('button', { name: 'Older entries' }).click()
      if (event.type === 'NEWER') return list.getByRole('button', { name: 'Newer entries' }).click()
      if (event.type === 'LIFT') return list.getByRole('button', { name: `Lift ${String(event.email)}` }).click()
      return unknownGesture(event)
    },
    // A lift refused, and one done, are pictured apart from the plain list.
    pictureKey: (snapshot) => {
      const { error, lifted } = snapshot.context as AdminSuppressionsSnapshot['context']
      return JSON.stringify({ value: snapshot.value, said: error ? 'refused' : lifted && snapshot.matches('ready') ? 'lifted' : null })
    },
  },
)

/** Ada's page while her address is suppressed: Lift sits on its Email row (issue 49). */
const { reason, source, words, suppressedAt } = suppressionSamples.entry
const suppressedPerson = { ...personSample, suppression: { reason, source, words, suppressedAt } }
const liftButton = (page: Page) => section(page, 'person-heading').getByRole('button', { name: `Lift ${personSample.signup.email} off the suppression list` })

export const liftGallery = consoleGallery(
  // The button names the person's own address: an empty one is the machine's guard, which no gesture makes.
  { ...liftModel, events: liftModel.events.filter((event) => !(event.type === 'LIFT' && event.email === '')) },
  {
    area: '/people',
    url: personUrl,
    calls: ['liftSuppression'],
    prepare: async (page) => {
      await page.route(
        (url) => calls.fetchPerson.url(url),
        (route) => json(route, 200, { person: suppressedPerson }),
      )
    },
    region: (page) => section(page, 'person-heading'),
    shows: async (page, snapshot) => {
      const { error } = snapshot.context as AdminLiftSnapshot['context']
      if (error) return section(page, 'person-heading').getByRole('alert').filter({ hasText: error }).waitFor()
      await liftButton(page).waitFor()
    },
    act: (page, event) => (event.type === 'LIFT' ? liftButton(page).click() : unknownGesture(event)),
    // A refusal in the server's words is pictured apart from one it could not explain.
    pictureKey: (snapshot) => JSON.stringify({ value: snapshot.value, error: (snapshot.context as AdminLiftSnapshot['context']).error }),
  },
)

const mailDomainSection = (page: Page) => section(page, 'mail-domain-heading')

/** The check of MAIL_FROM's domain, in the Overview's Setup once the figures are in (issue 49). */
export const mailDomainGallery = consoleGallery(mailDomainModel, {
  area: '/',
  calls: ['checkMailDomain'],
  prepare: async (page) => {
    await answerOverviewParts(page)
    await page.route((url) => calls.fetchSummary.url(url), (route) => json(route, 200, samples.summary))
  },
  region: (page) => mailDomainSection(page),
  shows: async (page, snapshot) => {
    const check = mailDomainSection(page)
    const { error } = snapshot.context as AdminMailDomainSnapshot['context']
    if (snapshot.matches('failed')) return check.getByRole('alert').filter({ hasText: error ?? adminMailDomainMessages.failed }).waitFor()
    if (snapshot.matches('checked')) return check.getByRole('status').filter({ hasText: 'records in place' }).waitFor()
    await busy(check, snapshot.matches('checking'))
  },
  act: (page, event) => (event.type === 'CHECK' ? mailDomainSection(page).getByRole('button', { name: /^Check/ }).click() : unknownGesture(event)),
  // A failure in the server's words (MAIL_FROM not set) is pictured apart from one it could not explain.
  pictureKey: (snapshot) => JSON.stringify({ value: snapshot.value, error: (snapshot.context as AdminMailDomainSnapshot['context']).error }),
})

const signInShows: Record<string, (page: Page, snapshot: AnyMachineSnapshot) => Promise<void>> = {
  checking: (page) => page.getByText('Checking your session…').waitFor(),
  signedOut: (page, snapshot) => page.locator('#admin-sign-in-status').filter({ hasText: String(snapshot.context.message) || /^$/ }).waitFor({ state: 'attached' }),
  requesting: (page) => page.getByRole('button', { name: 'Sending…' }).waitFor(),
  linkSent: (page) => page.getByRole('button', { name: 'Send another link' }).waitFor(),
  confirming: (page) => page.getByRole('button', { name: 'Sign in', exact: true }).and(page.locator(':enabled')).waitFor(),
  verifying: (page) => page.getByRole('button', { name: 'Signing in…' }).waitFor(),
  signedIn: (page) => page.getByText('Signed in as').waitFor(),
  signingOut: (page) => page.getByRole('button', { name: 'Signing out…' }).waitFor(),
}

const signInGallery: Parameters<typeof consoleGallery>[1] = {
  area: '/',
  calls: ['checkSession', 'requestLink', 'verifyToken', 'signOut'],
  // The sign-in screen whole; once signed in, the console's bar (who is signed in, and Sign out).
  region: (page) => page.locator('h1').locator('xpath=..'),
  shows: (page, snapshot) => signInShows[String(snapshot.value)]!(page, snapshot),
  act: (page, event) => {
    if (event.type === 'EMAIL_CHANGED') return page.getByLabel('Work email').fill(String(event.value))
    if (event.type === 'SUBMIT') return page.getByRole('button', { name: /sign-in link|another link/ }).click()
    if (event.type === 'CONFIRM') return page.getByRole('button', { name: 'Sign in', exact: true }).click()
    if (event.type === 'SIGN_OUT') return page.getByRole('button', { name: 'Sign out' }).click()
    return unknownGesture(event)
  },
  // A lost session is another call's 401 while signed in; the states it leads to are reached without it.
  withoutEvents: ['SESSION_LOST'],
}

export const adminSignInGallery: GalleryMachine = (() => {
  const withoutLink = consoleGallery(signInWithoutLink, signInGallery)
  return {
    ...withoutLink,
    // Opened plainly, and from a sign-in link (its token in the address's fragment, as the email's link has it).
    variants: [
      { name: 'opened plainly', site: 'endpoint', input: signInWithoutLink.input },
      { name: 'from a sign-in link', site: 'endpoint', input: signInWithLink.input },
    ],
    url: (_steps, variant) => {
      const { token } = variant.input as { token: string | null }
      return token === null ? consoleAddress('/') : `${consoleAddress('/')}#token=${token}`
    },
  }
})()

function unknownGesture(event: ModelEvent): Promise<void> {
  return Promise.reject(new Error(`no gesture for ${event.type}`))
}
