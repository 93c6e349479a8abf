// The console machines as models: their sample events and state keys (see admin-model.ts).
import { adminAnalyticsMachine, type AdminAnalyticsSnapshot } from '../machines/admin-analytics-machine'
import { adminApiKeysMachine, type AdminApiKeysSnapshot } from '../machines/admin-api-keys-machine'
import type { ApiKeyRow, MadeApiKey } from '../shared/api-keys'
import { adminAuditMachine, type AdminAuditSnapshot } from '../machines/admin-audit-machine'
import { adminEraseMachine } from '../machines/admin-erase-machine'
import { adminReferralsMachine, type AdminReferralsSnapshot } from '../machines/admin-referrals-machine'
import { adminSignInMachine } from '../machines/admin-sign-in-machine'
import { adminSummaryMachine, type AdminSummary } from '../machines/admin-summary-machine'
import { adminInviteUrlMachine } from '../machines/admin-invite-url-machine'
import { adminTableMachine, pageCount, type AdminTableSnapshot } from '../machines/admin-table-machine'
import { fewerThanFive, type AnalyticsReport, type FunnelRow } from '../shared/analytics'
import type { AuditReply, ReferralsReply, SessionReply, SignupPage } from '../shared/console-api'
import type { ConsoleSignupRow } from '../shared/console-rows'
import { adminUpdatesMachine, type AdminUpdatesSnapshot } from '../machines/admin-updates-machine'
import { adminWavesMachine } from '../machines/admin-waves-machine'
import { adminTeamMachine, type AdminTeamSnapshot } from '../machines/admin-team-machine'
import { permissions, type Role, type TeamMember } from '../shared/team'
import { adminWebhooksMachine, hasWaitingDelivery, type AdminWebhooksSnapshot, type DirectChange } from '../machines/admin-webhooks-machine'
import type { UpdateSendState } from '../machines/update-send-machine'
import type { CohortNextUp, Funnel, NextUp, Pace, WaveRow, WavesOverview } from '../shared/launch-rows'
import type { AnswerMatch } from '../shared/questions'
import { webhookEventTypes, type WebhookDeliveriesReply, type WebhookEndpointsReply } from '../shared/webhook-rows'
import { sendGuardDefaults, type AudiencesReply, type CohortAudiencesReply, type UpdateDraft, type UpdatePreview, type UpdateRecord, type UpdateSummary } from '../shared/update-rows'
import { done, failed, type Model, type ModelEvent } from './admin-model'

const admin = 'team@company.example'
export const samples = {
  admin,
  /** An owner's session: every permission (shared/team.ts). */
  session: { email: admin, role: 'owner', permissions: [...permissions] } satisfies SessionReply,
  token: 'x'.repeat(43),
  linkSent: 'If that address may sign in, a sign-in link is on its way. It works once, for 15 minutes.',
  row: { id: 7, createdAt: '2026-11-20T10:00:00.000Z', email: 'ada@example.com', firstName: 'Ada', source: 'home', status: 'pending', place: null, credits: 0, heldReferrals: 0, referredBy: null, referrer: null, utmCampaign: null, utmSource: null, referrerOrigin: null } satisfies ConsoleSignupRow,
  summary: {
    totals: { all: 3, pending: 2, confirmed: 1, invited: 0, claimed: 0, expired: 0, unsubscribed: 0 },
    outbox: { waiting: 2, oldestSeconds: 4 },
    perDay: [{ day: '2026-11-22', count: 3 }],
    bySource: [{ source: 'home', count: 3 }],
    referrals: { perDay: [{ day: '2026-11-22', count: 1 }], credited: 1, held: 0, refused: 0 },
    setup: {
      items: [
        { name: 'SMTP_URL', label: 'Mail server', done: true, says: 'SMTP_URL is set: emails go out through your mail server.' },
        { name: 'INVITE_URL', label: 'Invitation link', done: false, says: 'Set the invitation link (INVITE_URL) in Settings below, or in the environment: until then waves are refused.' },
      ],
      inviteUrl: { url: null, from: null },
    },
    funnel: {
      days: 30,
      enabled: true,
      exact: true,
      total: { key: '', visitors: 40, views: 52, signups: 3, confirmed: 1, invited: 0, claimed: 0, activated: 0 },
      sources: [{ key: 'launch', visitors: 30, views: 40, signups: 2, confirmed: 1, invited: 0, claimed: 0, activated: 0 }],
    },
    waves: { waves: [], pace: null, ready: false, waiting: 1 },
  } satisfies AdminSummary,
}

const emailValid = (email: string) => /^\S+@\S+\.\S+$/.test(email.trim())

const signInModel = (token: string | null, session?: SessionReply): Model => ({
  machine: adminSignInMachine,
  input: session ? { token, session } : { token },
  events: [
    { type: 'EMAIL_CHANGED', value: samples.admin },
    { type: 'EMAIL_CHANGED', value: 'not-an-email' },
    { type: 'SUBMIT' },
    { type: 'CONFIRM' },
    { type: 'SIGN_OUT' },
    { type: 'SESSION_LOST' },
    done('checkSession', null),
    done('checkSession', samples.session),
    failed('checkSession'),
    done('requestLink', { message: samples.linkSent }),
    failed('requestLink'),
    done('verifyToken', samples.session),
    failed('verifyToken'),
    done('signOut', undefined),
    failed('signOut'),
  ],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, emailValid: emailValid(snapshot.context.email), token: snapshot.context.token !== null }),
})

export const signInWithLink = signInModel(samples.token)
export const signInWithoutLink = signInModel(null)
/** The console started with the session its page already had (src/admin/main.tsx): signed in from the start. */
export const signInWithSession = signInModel(null, samples.session)

/** The table machine's answers: the first of two pages (a cursor onward), the last (a cursor back), and nobody
 * after a partial search that looked through the newest 100,000 of a million. */
export const tableSamples = {
  firstPage: { rows: [samples.row], total: 30, page: 1, cursors: { before: null, after: 'next-after-25' }, scope: { kind: 'everyone' } },
  lastPage: { rows: [samples.row], total: 30, page: 2, cursors: { before: 'back-before-26', after: null }, scope: { kind: 'everyone' } },
  onlyPage: { rows: [samples.row], total: 1, page: 1, cursors: { before: null, after: null }, scope: { kind: 'everyone' } },
  nobody: { rows: [], total: 0, page: 1, cursors: { before: null, after: null }, scope: { kind: 'partial', scanned: 100_000, of: 1_000_000 } },
} satisfies Record<string, SignupPage>

export const tableModel: Model = {
  machine: adminTableMachine,
  events: [
    { type: 'SEARCH', search: 'ada' },
    { type: 'SORT', sort: 'email' },
    { type: 'NEXT_PAGE' },
    { type: 'PREVIOUS_PAGE' },
    { type: 'FIRST_PAGE' },
    { type: 'LAST_PAGE' },
    { type: 'GO_TO_PAGE', page: 2 },
    { type: 'GO_TO_PAGE', page: 3 },
    { type: 'RELOAD' },
    done('fetchSignups', tableSamples.firstPage),
    done('fetchSignups', tableSamples.lastPage),
    done('fetchSignups', tableSamples.nobody),
    failed('fetchSignups'),
  ],
  // The guards read the page on screen, how many pages there are and which cursors the answer gave.
  serializeState: (snapshot) => {
    const { shown } = snapshot.context as AdminTableSnapshot['context']
    return JSON.stringify({ value: snapshot.value, page: shown.page, pages: pageCount(snapshot.context), after: shown.cursors.after !== null, before: shown.cursors.before !== null })
  },
}

const heldReferral = (friendId: number) => ({
  friendId,
  friendFirstName: `F${friendId}`,
  friendEmail: `f${friendId}@example.com`,
  referrerId: 1,
  referrerFirstName: 'Rita',
  referrerEmail: 'rita@example.com',
  decidedAt: '2026-11-24T09:30:00.000Z',
})
/** The referrals machine's answers: a page of held referrals with more after it, the last page, and a page that
 * reviews have emptied. */
export const referralsSamples = {
  morePages: { held: [heldReferral(7)], heldTotal: 30, heldAfter: '2026-11-24T09:30:00.000Z_7', topReferrers: [] },
  lastPage: { held: [heldReferral(31)], heldTotal: 30, heldAfter: null, topReferrers: [] },
  emptied: { held: [], heldTotal: 25, heldAfter: null, topReferrers: [] },
} satisfies Record<string, ReferralsReply>

export const referralsModel: Model = {
  machine: adminReferralsMachine,
  events: [
    { type: 'RELOAD' },
    { type: 'REVIEW', friendId: 7, firstName: 'F7', verdict: 'APPROVE' },
    { type: 'NEXT_HELD' },
    { type: 'PREVIOUS_HELD' },
    done('fetchReferrals', referralsSamples.morePages),
    done('fetchReferrals', referralsSamples.lastPage),
    done('fetchReferrals', referralsSamples.emptied),
    failed('fetchReferrals'),
    done('reviewReferral', undefined),
    failed('reviewReferral'),
  ],
  // The guards read whether a page follows and how many pages back there are (two stand for any number).
  serializeState: (snapshot) => {
    const { referrals, heldTrail } = snapshot.context as AdminReferralsSnapshot['context']
    return JSON.stringify({ value: snapshot.value, more: referrals?.heldAfter ?? null, back: Math.min(heldTrail.length, 2) })
  },
}

/** The audit machine's answers: a page with older entries after it, and the oldest page. */
export const auditSamples = {
  newer: { entries: [{ at: '2026-11-24T09:30:00.000Z', actor: samples.admin, action: 'export', detail: 'all signups' }], older: '51' },
  oldest: { entries: [{ at: '2026-11-20T09:30:00.000Z', actor: samples.admin, action: 'sign-in', detail: '' }], older: null },
} satisfies Record<string, AuditReply>

export const auditModel: Model = {
  machine: adminAuditMachine,
  events: [{ type: 'RELOAD' }, { type: 'OLDER' }, { type: 'NEWER' }, done('fetchAudit', auditSamples.newer), done('fetchAudit', auditSamples.oldest), failed('fetchAudit')],
  serializeState: (snapshot) => {
    const { page, trail } = snapshot.context as AdminAuditSnapshot['context']
    return JSON.stringify({ value: snapshot.value, older: page.older !== null, back: Math.min(trail.length, 2) })
  },
}

export const eraseModel: Model = {
  machine: adminEraseMachine,
  events: [
    { type: 'ERASE_REQUESTED', target: { id: samples.row.id, email: samples.row.email } },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    done('eraseSignup', undefined),
    failed('eraseSignup'),
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
}

export const inviteUrlModel: Model = {
  machine: adminInviteUrlMachine,
  input: { url: null },
  events: [
    { type: 'URL_CHANGED', value: 'https://testflight.apple.com/join/Stride01' },
    { type: 'URL_CHANGED', value: '' },
    { type: 'SAVE' },
    done('saveInviteUrl', { url: 'https://testflight.apple.com/join/Stride01', from: 'console' }),
    failed('saveInviteUrl'),
  ],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, url: (snapshot.context as { url: string }).url !== '' }),
}

export const summaryModel: Model = {
  machine: adminSummaryMachine,
  input: {},
  events: [{ type: 'RELOAD' }, done('fetchSummary', samples.summary), failed('fetchSummary'), done('fetchParts', samples.summary)],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, loaded: snapshot.context.summary !== null, parts: snapshot.context.parts !== null }),
}

/** The same, given the figures at the start (src/admin/main.tsx): it starts ready. */
export const summaryGivenModel: Model = { ...summaryModel, input: { figures: samples.summary } }

const row = (key: string, visitors: FunnelRow['visitors'], signups: FunnelRow['signups'], steps: 'known' | 'unknown' = 'known'): FunnelRow => ({
  key,
  visitors,
  views: visitors,
  signups,
  confirmed: steps === 'known' ? 0 : null,
  invited: steps === 'known' ? 0 : null,
  claimed: steps === 'known' ? 0 : null,
  activated: steps === 'known' ? 0 : null,
})
/** The analytics machine's answer: a month with a campaign that brought signups, a share link, the counts under 5
 * in words and the steps a signup's record cannot know as null; and the same with counting turned off. */
export const analyticsSamples = {
  report: {
    from: '2026-10-29',
    to: '2026-11-27',
    // As a viewer reads it: counts from 1 to 4 hidden.
    exact: false,
    total: row('', 160, 12),
    enabled: true,
    rawDays: 2,
    countEverySeconds: 60,
    countedAt: '2026-11-27T14:52:07.000Z',
    rows: { days: 2, sources: 3, campaigns: 2, landings: 2, pages: 2, referrers: 2, devices: 2 },
    days: [row('2026-11-26', 120, 9), row('2026-11-27', 40, fewerThanFive)],
    sources: [row('launch', 100, 8), row('direct', 52, fewerThanFive), row('referral', fewerThanFive, 0)],
    campaigns: [row('nov', 100, 8), row('', 60, fewerThanFive)],
    landings: [row('/', 150, 10, 'unknown'), row('/about', 10, 0, 'unknown')],
    pages: [row('/', 150, 0, 'unknown'), row('/about', 30, 0, 'unknown')],
    referrers: [row('', 140, 10, 'unknown'), row('news.example.org', 20, fewerThanFive, 'unknown')],
    devices: [row('desktop', 110, 7, 'unknown'), row('phone', 50, fewerThanFive, 'unknown')],
  } satisfies AnalyticsReport,
}

export const analyticsModel: Model = {
  machine: adminAnalyticsMachine,
  events: [
    { type: 'CHOOSE_RANGE', days: 7 },
    { type: 'CHOOSE_RANGE', days: 30 },
    { type: 'CHOOSE_RANGE', days: 90 },
    { type: 'RELOAD' },
    done('fetchReport', analyticsSamples.report),
    failed('fetchReport'),
  ],
  // The guard reads the range asked for last.
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, days: (snapshot.context as AdminAnalyticsSnapshot['context']).days }),
}

const funnel = (invited: number, expired = 0): Funnel => ({ invited, delivered: invited, reminded: 0, claimed: 0, expired, unsubscribed: 0, erased: 0 })
const wave = (id: number, kind: WaveRow['kind'], invited: number, expired = 0): WaveRow => ({
  id,
  kind,
  startedBy: samples.admin,
  startedAt: '2026-11-24T09:00:00.000Z',
  funnel: funnel(invited, expired),
})
const pace: Pace = { perDay: 20, atUtc: '08:30', startedBy: samples.admin, startedAt: '2026-11-24T09:00:00.000Z', lastRunDay: null }

/** The waves machine's answers: an overview with eight people waiting, a pace and a wave with one expired; one
 * without INVITE_URL; who is next (two of the eight, and nobody); the waves a start and a send-again make. */
export const wavesSamples = {
  overview: { waves: [wave(1, 'next', 2, 1)], total: funnel(2, 1), pace, paceEnded: null, waiting: 8, ready: true, lifetimeDays: 14 } satisfies WavesOverview,
  notReady: { waves: [], total: funnel(0), pace: null, paceEnded: null, waiting: 0, ready: false, lifetimeDays: 14 } satisfies WavesOverview,
  nextUp: {
    people: [
      { id: 11, place: 1, firstName: 'Ada', email: 'ada@example.com' },
      { id: 12, place: 2, firstName: 'Ben', email: 'ben@example.com' },
    ],
    count: 2,
    waiting: 8,
  } satisfies NextUp,
  nobodyNext: { people: [], count: 0, waiting: 0 } satisfies NextUp,
  /** A cohort's preview (issue 52): two of the six of the eight waiting who match, as an owner sees them, and as a
   * sender (no one; a cohort under 5 would be refused them). */
  cohortNext: {
    people: [
      { id: 11, place: 1, firstName: 'Ada', email: 'ada@example.com' },
      { id: 14, place: 4, firstName: 'Dev', email: 'dev@example.com' },
    ],
    count: 2,
    waiting: 8,
    matching: 6,
  } satisfies CohortNextUp,
  cohortHidden: { people: [], count: 2, waiting: 8, matching: 6 } satisfies CohortNextUp,
  cohortRules: [{ questionId: 1, choices: ['Under 5 km'] }] satisfies AnswerMatch[],
  started: wave(4, 'next', 2),
  sentAgain: wave(5, 'again', 1),
  pace: { ...pace, perDay: 25, atUtc: '07:45' } satisfies Pace,
}

/** A refusal the server explained, as admin-api-client.ts throws it (with its code when the server sent one, and
 * the link it named when it named one). */
export const refusedBy = (id: string, message: string, code?: string, link?: string): ModelEvent => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error(message), { name: 'ServerMessage' }, code === undefined ? {} : { code }, link === undefined ? {} : { link }),
})
export const listChangedMessage = 'The list changed since you looked (another wave took those people): here is who is next now.'
export const noneExpiredMessage = 'That wave has no expired invitations to send again.'
export const fewerThanFiveMessage = 'Fewer than 5 people in line match. A member who may see people can invite so small a cohort.'

export const wavesModel: Model = {
  machine: adminWavesMachine,
  events: [
    { type: 'RELOAD' },
    { type: 'RETRY' },
    { type: 'PREVIEW', count: 2 },
    { type: 'PREVIEW', count: 0 },
    { type: 'PREVIEW', count: 2, match: wavesSamples.cohortRules },
    { type: 'PREVIEW', count: 2, match: [{ questionId: 1, choices: [] }] },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'SET_PACE', perDay: wavesSamples.pace.perDay, atUtc: wavesSamples.pace.atUtc },
    { type: 'SET_PACE', perDay: wavesSamples.pace.perDay, atUtc: '7:45' },
    { type: 'STOP_PACE' },
    { type: 'AGAIN', waveId: 1 },
    done('fetchWaves', wavesSamples.overview),
    done('fetchWaves', wavesSamples.notReady),
    failed('fetchWaves'),
    done('fetchNextUp', wavesSamples.nextUp),
    done('fetchNextUp', wavesSamples.nobodyNext),
    failed('fetchNextUp'),
    done('fetchNextUp', wavesSamples.cohortNext),
    done('fetchNextUp', wavesSamples.cohortHidden),
    refusedBy('fetchNextUp', fewerThanFiveMessage),
    done('startWave', wavesSamples.started),
    refusedBy('startWave', listChangedMessage, 'list-changed'),
    failed('startWave'),
    done('inviteAgain', wavesSamples.sentAgain),
    refusedBy('inviteAgain', noneExpiredMessage),
    done('setPace', wavesSamples.pace),
    failed('setPace'),
    done('stopPace', undefined),
    failed('stopPace'),
  ],
  // The guards read whether INVITE_URL is set, how many wait, whether a pace is set and how many the preview takes.
  serializeState: (snapshot) => {
    const { overview, nextUp, match } = snapshot.context as { overview: WavesOverview | null; nextUp: NextUp | CohortNextUp | null; match: AnswerMatch[] }
    return JSON.stringify({
      value: snapshot.value,
      ready: overview?.ready,
      waiting: overview?.waiting,
      pace: Boolean(overview?.pace),
      next: nextUp?.count,
      shown: nextUp?.people.length,
      cohort: match.length > 0,
      matching: nextUp !== null && 'matching' in nextUp,
    })
  },
}

const noneSkipped = { unsubscribed: 0, erased: 0, cancelled: 0, unknown: 0, suppressed: 0 }
const record = (audience: number, sent: number): UpdateRecord => ({ audience, toGo: audience - sent, sent, refused: 0, skipped: noneSkipped, unsubscribed: 0, hardBounces: 0, complaints: 0 })
const draft: UpdateDraft = {
  id: 1,
  subject: 'What the coach learned this month',
  preheader: 'Three things, two minutes',
  body: 'Read [the notes](https://stridehealth.example/notes).',
  createdBy: samples.admin,
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedBy: samples.admin,
  updatedAt: '2026-11-27T09:30:00.000Z',
  send: null,
}
const sendOf = (state: Exclude<UpdateSendState, 'draft'>, sent: number): UpdateDraft => ({
  ...draft,
  send: {
    state,
    audience: 'everyone',
    sendAt: '2026-11-27T10:00:00.000Z',
    perSecond: 1,
    requestedBy: samples.admin,
    startedAt: state === 'scheduled' ? null : '2026-11-27T10:00:00.000Z',
    endedAt: state === 'done' || state === 'cancelled' ? '2026-11-27T10:00:03.000Z' : null,
    record: record(3, sent),
    autoPaused: null,
    guard: sendGuardDefaults,
  },
})
/** A refused save's link (http: is not allowed), as the server names it. */
export const refusedLink = 'http://stridehealth.example/notes'
export const refusedLinkMessage = `This link is not allowed: ${refusedLink}. Links must start with https: or mailto:.`
export const wrongStateMessage = 'That update has moved on since you looked (it was scheduled, sent or finished).'
const goneMessage = 'No such update (it may have been deleted).'
export const nobodyMessage = 'Nobody is in that audience now.'
/** The server's refusal of a send by answers to too small a cohort, for a member who may not see people. */
export const cohortTooSmallMessage = 'Fewer than 5 people of that audience match. A member who may see people can send to so small a cohort.'

/** The updates machine's answers: the list, the draft and the same update at each step of its sending, a preview,
 * a test queued and one already on its way, and the audiences' counts (nobody claimed yet). */
export const updatesSamples = {
  list: [{ id: 1, subject: draft.subject, updatedBy: samples.admin, updatedAt: draft.updatedAt, state: 'draft' }] satisfies UpdateSummary[],
  draft,
  edited: 'What the coach learned in November',
  scheduled: sendOf('scheduled', 0),
  sending: sendOf('sending', 1),
  paused: sendOf('paused', 2),
  done: sendOf('done', 3),
  cancelled: sendOf('cancelled', 2),
  preview: {
    subject: draft.subject,
    preheader: draft.preheader,
    html: '<p>light</p>',
    darkHtml: '<p>dark</p>',
    text: 'Read the notes',
  } satisfies UpdatePreview,
  audiences: { counts: { everyone: 3, notInvited: 2, invited: 1, claimed: 0 }, defaultPerSecond: 10 } satisfies AudiencesReply,
  /** A send's rules by answers (issue 52): two of the three match; as a sender sees it, "fewer than 5"; nobody. */
  rules: [{ questionId: 1, choices: ['Under 5 km'] }] satisfies AnswerMatch[],
  matchCounts: { counts: { everyone: 2, notInvited: 1, invited: 1, claimed: 0 }, defaultPerSecond: 10, match: [{ questionId: 1, choices: ['Under 5 km'] }] } satisfies CohortAudiencesReply,
  matchHidden: {
    counts: { everyone: fewerThanFive, notInvited: fewerThanFive, invited: fewerThanFive, claimed: 0 },
    defaultPerSecond: 10,
    match: [{ questionId: 1, choices: ['Under 5 km'] }],
  } satisfies CohortAudiencesReply,
  matchNobody: { counts: { everyone: 0, notInvited: 0, invited: 0, claimed: 0 }, defaultPerSecond: 10, match: [{ questionId: 1, choices: ['Under 5 km'] }] } satisfies CohortAudiencesReply,
  later: '2099-01-01T09:00:00.000Z',
  earlier: '2020-01-01T09:00:00.000Z',
}

const review = (audience: 'everyone' | 'claimed', at: string | null, perSecond: number | null): ModelEvent => ({ type: 'REVIEW_SEND', audience, at, perSecond })
export const pollEvent: ModelEvent = { type: 'xstate.after.recordPoll.adminUpdates.watching' }

export const updatesModel: Model = {
  machine: adminUpdatesMachine,
  events: [
    { type: 'RELOAD' },
    { type: 'RETRY' },
    { type: 'NEW' },
    { type: 'OPEN', id: 1 },
    { type: 'CLOSE' },
    { type: 'EDIT', field: 'subject', value: updatesSamples.edited },
    { type: 'EDIT', field: 'subject', value: draft.subject },
    { type: 'SAVE' },
    { type: 'PREVIEW' },
    { type: 'TEST' },
    { type: 'PREPARE_SEND' },
    review('everyone', null, null),
    review('everyone', updatesSamples.later, 1),
    review('claimed', null, null),
    review('everyone', updatesSamples.earlier, null),
    { type: 'REVIEW_SEND', audience: 'everyone', at: null, perSecond: null, match: updatesSamples.rules },
    { type: 'REVIEW_SEND', audience: 'everyone', at: null, perSecond: null, match: [{ questionId: 1, choices: [] }] },
    review('everyone', null, 0),
    { type: 'CONFIRM' },
    { type: 'BACK' },
    { type: 'DELETE' },
    { type: 'PAUSE' },
    { type: 'RESUME' },
    { type: 'UNSCHEDULE' },
    { type: 'CANCEL_SEND' },
    pollEvent,
    done('fetchUpdates', updatesSamples.list),
    failed('fetchUpdates'),
    done('fetchUpdate', draft),
    done('fetchUpdate', updatesSamples.sending),
    done('fetchUpdate', updatesSamples.paused),
    done('fetchUpdate', updatesSamples.scheduled),
    done('fetchUpdate', updatesSamples.done),
    refusedBy('fetchUpdate', goneMessage, 'not-found'),
    failed('fetchUpdate'),
    done('saveUpdate', draft),
    refusedBy('saveUpdate', refusedLinkMessage, 'link-not-allowed', refusedLink),
    refusedBy('saveUpdate', wrongStateMessage, 'wrong-state'),
    refusedBy('saveUpdate', goneMessage, 'not-found'),
    failed('saveUpdate'),
    done('fetchPreview', updatesSamples.preview),
    refusedBy('fetchPreview', goneMessage, 'not-found'),
    failed('fetchPreview'),
    done('sendTest', { to: samples.admin, queued: true }),
    done('sendTest', { to: samples.admin, queued: false }),
    refusedBy('sendTest', goneMessage, 'not-found'),
    failed('sendTest'),
    done('fetchAudiences', updatesSamples.audiences),
    failed('fetchAudiences'),
    done('fetchMatchCounts', updatesSamples.matchCounts),
    done('fetchMatchCounts', updatesSamples.matchHidden),
    done('fetchMatchCounts', updatesSamples.matchNobody),
    failed('fetchMatchCounts'),
    refusedBy('startSend', cohortTooSmallMessage, 'invalid'),
    done('startSend', updatesSamples.sending),
    done('startSend', updatesSamples.scheduled),
    refusedBy('startSend', nobodyMessage, 'nobody'),
    refusedBy('startSend', wrongStateMessage, 'wrong-state'),
    refusedBy('startSend', goneMessage, 'not-found'),
    failed('startSend'),
    done('moveSend', updatesSamples.paused),
    done('moveSend', updatesSamples.sending),
    done('moveSend', draft),
    done('moveSend', updatesSamples.cancelled),
    refusedBy('moveSend', wrongStateMessage, 'wrong-state'),
    failed('moveSend'),
    done('deleteUpdate', undefined),
    refusedBy('deleteUpdate', wrongStateMessage, 'wrong-state'),
    refusedBy('deleteUpdate', goneMessage, 'not-found'),
    failed('deleteUpdate'),
  ],
  // The guards read where the open update stands, whether its words are all saved, and whether the counts are in.
  serializeState: (snapshot) => {
    const { update, input, audiences, sendAsked, matchCounts } = snapshot.context as AdminUpdatesSnapshot['context']
    // A last look by answers reads "fewer than 5" to a member who may not see people: a state of its own.
    const fewer = sendAsked !== null && typeof matchCounts?.counts[sendAsked.audience] === 'string'
    const unsaved = update === null || update.subject !== input.subject || update.preheader !== input.preheader || update.body !== input.body
    return JSON.stringify({ value: snapshot.value, update: update && (update.send?.state ?? 'draft'), unsaved, counted: audiences !== null, byAnswers: sendAsked?.match !== undefined, fewer })
  },
}

const apiKeyRow: ApiKeyRow = {
  id: 3,
  name: 'App backend',
  scopes: ['people:read'],
  prefix: 'wlk_AbCdEfGh',
  createdBy: samples.admin,
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
}
export const apiKeysSamples = { row: apiKeyRow, made: { key: apiKeyRow, secret: `wlk_${'k'.repeat(43)}` } satisfies MadeApiKey }

/** The API keys machine: a name typed and cleared, a scope toggled, a key made, revoked after the question. */
export const apiKeysModel: Model = {
  machine: adminApiKeysMachine,
  events: [
    { type: 'RELOAD' },
    { type: 'NAME_CHANGED', value: ' App backend ' },
    { type: 'NAME_CHANGED', value: '' },
    { type: 'SCOPE_TOGGLED', scope: 'people:read' },
    { type: 'MAKE' },
    { type: 'DISMISS' },
    { type: 'REVOKE', id: 3, name: 'App backend' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    done('fetchKeys', [apiKeyRow]),
    failed('fetchKeys'),
    done('makeKey', apiKeysSamples.made),
    failed('makeKey'),
    done('revokeKey', undefined),
    failed('revokeKey'),
  ],
  // The guard reads whether the form is filled in; the key shown and the question asked are what the team sees.
  serializeState: (snapshot) => {
    const { name, scopes, made, revoking } = snapshot.context as AdminApiKeysSnapshot['context']
    return JSON.stringify({ value: snapshot.value, named: name.trim() !== '', scoped: scopes.length > 0, made: made !== null, revoking: revoking !== null })
  },
}

const webhookEndpoint = {
  id: 1,
  url: 'https://hooks.example.com/waitlist',
  events: ['person.erased' as const],
  enabled: true,
  off: null,
  previousSecretUntil: null,
  createdAt: '2026-11-27T15:00:00.000Z',
  createdBy: 'team@company.example',
  // One erasure waits for it, as for an endpoint that was down: the question before a deletion names it.
  erasuresWaiting: 1,
}
const webhookList: WebhookEndpointsReply = { endpoints: [webhookEndpoint], eventTypes: webhookEventTypes }
const webhookDelivery = (id: number) => ({
  id,
  webhookId: `msg_${id}`,
  type: 'webhook.test' as const,
  status: 'delivered' as const,
  createdAt: '2026-11-27T15:00:00.000Z',
  attempts: 1,
  lastAttemptAt: '2026-11-27T15:00:01.000Z',
  nextAttemptAt: null,
  replyStatus: 200,
  replyExcerpt: 'ok',
  error: null,
  body: '{}',
})
const lookedAt = '2026-11-27T15:00:05.000Z'
const newestDeliveries: WebhookDeliveriesReply = { deliveries: [webhookDelivery(30), webhookDelivery(29)], older: '29', lookedAt }
const oldestDeliveries: WebhookDeliveriesReply = { deliveries: [webhookDelivery(3)], older: null, lookedAt }
/** A page with a delivery still waiting to be sent: the machine reads it again after deliveryPoll. */
const waitingDeliveries: WebhookDeliveriesReply = { deliveries: [{ ...webhookDelivery(31), status: 'pending', attempts: 0, lastAttemptAt: null, replyStatus: null, replyExcerpt: null }], older: '31', lookedAt }
export const deliveryPollEvent: ModelEvent = { type: 'xstate.after.deliveryPoll.adminWebhooks.ready' }
const webhookSecret = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2Vj'
const webhookRefusal = Object.assign(new Error('Only https: addresses are accepted.'), { name: 'ServerMessage' })

const webhookChanges: DirectChange[] = [
  { kind: 'add', url: 'https://hooks.example.com/waitlist', events: ['person.erased'] },
  { kind: 'test', id: 1 },
  { kind: 'off', id: 1 },
]

/** The webhooks machine: an endpoint added, tested and turned off, its deletion asked about and confirmed or not; a
 * log opened, paged and closed. */
export const webhooksModel: Model = {
  machine: adminWebhooksMachine,
  limit: 2_000,
  events: [
    { type: 'RELOAD' },
    ...webhookChanges.map((change) => ({ type: 'CHANGE', change })),
    { type: 'DELETE', id: webhookEndpoint.id, url: webhookEndpoint.url },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'DISMISS_SECRET' },
    { type: 'OPEN_LOG', id: 1 },
    { type: 'RELOAD_LOG' },
    { type: 'OLDER_LOG' },
    { type: 'CLOSE_LOG' },
    done('fetchEndpoints', webhookList),
    failed('fetchEndpoints'),
    done('applyChange', { endpointId: 1, secret: webhookSecret, tested: false }),
    done('applyChange', { endpointId: 1, tested: true }),
    done('applyChange', { endpointId: 1, tested: false }),
    { type: 'xstate.error.actor.applyChange', error: webhookRefusal },
    done('fetchDeliveries', newestDeliveries),
    done('fetchDeliveries', oldestDeliveries),
    done('fetchDeliveries', waitingDeliveries),
    failed('fetchDeliveries'),
    deliveryPollEvent,
  ],
  // The guards read whether a log is open, has older pages or a delivery waiting, and whether the change on its way
  // is an add or a deletion; the secret and the refusal show as the team reads them.
  serializeState: (snapshot) => {
    const { log, secret, error, adding, deleting } = snapshot.context as AdminWebhooksSnapshot['context']
    const waiting = log !== null && hasWaitingDelivery(log.page)
    return JSON.stringify({ value: snapshot.value, log: log !== null, older: log?.page.older ?? null, waiting, secret: secret !== null, error, adding, deleting: deleting !== null })
  },
}

export const webhooksSamples = { secret: webhookSecret, refusal: webhookRefusal }

const teamMember = (email: string, role: Role, fromSettings = false): TeamMember => ({
  email,
  role,
  addedBy: fromSettings ? 'ADMIN_EMAILS' : samples.admin,
  addedAt: '2026-12-01T09:00:00.000Z',
  lastSignInAt: fromSettings ? '2026-12-05T08:30:00.000Z' : null,
  fromSettings,
})
const editor = 'ed@company.example'
/** The team's answers: the owner the settings name and an editor, then that member with another role (whatever
 * the change, the reply is the team as it stands); and the server's refusal. */
export const teamSamples = {
  editor,
  members: [teamMember(samples.admin, 'owner', true), teamMember(editor, 'editor')],
  changed: [teamMember(samples.admin, 'owner', true), teamMember(editor, 'people')],
  refusal: Object.assign(new Error('The last owner cannot be removed or given another role.'), { name: 'ServerMessage' }),
}

/** The team machine: an address typed (valid or not) and a role chosen, an invitation, a role changed, a removal
 * asked about and confirmed or not; each change answered, or refused in the server's words or with none. */
export const teamModel: Model = {
  machine: adminTeamMachine,
  events: [
    { type: 'RELOAD' },
    { type: 'EMAIL_CHANGED', value: ` ${editor} ` },
    { type: 'EMAIL_CHANGED', value: 'not-an-email' },
    { type: 'ROLE_CHOSEN', role: 'sender' },
    { type: 'INVITE' },
    { type: 'CHANGE_ROLE', email: editor, role: 'people' },
    { type: 'REMOVE', email: editor },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    done('fetchTeam', teamSamples.members),
    failed('fetchTeam'),
    done('changeTeam', teamSamples.changed),
    { type: 'xstate.error.actor.changeTeam', error: teamSamples.refusal },
    failed('changeTeam'),
  ],
  // The guard reads whether the address is valid; the change asked about is what the question and the wait show.
  serializeState: (snapshot) => {
    const { email, change } = snapshot.context as AdminTeamSnapshot['context']
    return JSON.stringify({ value: snapshot.value, emailValid: emailValid(email), change: change?.kind ?? null })
  },
}
