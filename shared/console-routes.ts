// Every route of the console's API under /api/admin, once (issue 46): its method, its path, what it is sent,
// what it answers, and the permission it needs (shared/team.ts). The server mounts each route from here and
// checks its permission; the console's client calls through here; the gallery and the tests read it. A path
// is written nowhere else. `null` as the permission: open to every signed-in member (their own session).
import type { AnalyticsReport } from './analytics'
import type { ApiKeysReply, MadeApiKey, MakeApiKey } from './api-keys'
import type { AuditReply, ConsoleSummary, ReferralsReply, SessionReply, SignInRequested, SignupPage } from './console-api'
import type { CohortNextUp, NextUp, Pace, PaceRequest, WaveRequest, WaveRow, WavesOverview } from './launch-rows'
import type { OwnCopy } from './own-copy'
import type { PersonReply } from './person-record'
import type { AskedQuestion, QuestionEdit, QuestionInput, QuestionRow, QuestionsReply } from './questions'
import type { MailDomainReply } from './mail-domain'
import type { InviteUrlChange, InviteUrlSetting, SetupReply } from './setup'
import type { Permission, TeamInvite, TeamRemoval, TeamReply, TeamRoleChange } from './team'
import type { SuppressionsReply } from './suppression'
import type { AudiencesReply, CohortAudiencesReply, SendRates, SendRequest, UpdateInput, UpdatePreview, UpdateReply, UpdatesReply, UpdateTestReply } from './update-rows'
import type { WebhookDeliveriesReply, WebhookEndpointsReply, WebhookSecretReply } from './webhook-rows'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One route. `Body` and `Answer` exist only as types: what the client sends and what the server replies. A
 * reply of `'csv'` is a download the browser follows as a plain link. */
export type ConsoleRoute<Body = unknown, Answer = unknown> = {
  method: Method
  /** Hono's form: `:id` for a parameter. */
  path: string
  /** The permission the server checks; `null` only for a member's own session, 'open' only before sign-in. */
  permission: Permission | null | 'open'
  /** Never read: carries the types. */
  readonly types?: { body: Body; answer: Answer }
}

const route =
  <Body = void, Answer = void>() =>
  (method: Method, path: string, permission: Permission | null | 'open'): ConsoleRoute<Body, Answer> => ({ method, path, permission })

type Csv = 'csv'
type Ok = Record<string, never>

export const consoleRoutes = {
  // Signing in and out, and one's own session.
  signInRequest: route<{ email: string }, SignInRequested>()('POST', '/sign-in/request', 'open'),
  signInVerify: route<{ token: string }, SessionReply>()('POST', '/sign-in/verify', 'open'),
  session: route<void, SessionReply>()('GET', '/session', null),
  signOut: route<Ok, void>()('POST', '/sign-out', null),

  // The front page's figures, and the people.
  summary: route<void, ConsoleSummary>()('GET', '/summary', 'figures:read'),
  signups: route<void, SignupPage>()('GET', '/signups', 'people:read'),
  signupsCsv: route<void, Csv>()('GET', '/signups.csv', 'people:export'),
  eraseSignup: route<Ok, void>()('POST', '/signups/:id/erase', 'people:erase'),
  /** Everything held about one person (shared/person-record.ts). */
  person: route<void, PersonReply>()('GET', '/people/:id', 'people:read'),
  /** The person's own copy of their data as a JSON file (shared/own-copy.ts), for a request by post or phone. */
  personCopy: route<void, OwnCopy>()('GET', '/people/:id/copy.json', 'people:export'),
  audit: route<void, AuditReply>()('GET', '/audit', 'audit:read'),

  // The suppression list (issue 49): its entries with their reasons (addresses: people:read), and lifting one off it
  // or putting one on it by hand, audited.
  suppressions: route<void, SuppressionsReply>()('GET', '/suppressions', 'people:read'),
  suppress: route<{ email: string; words?: string }, Ok>()('POST', '/suppressions', 'suppressions:manage'),
  liftSuppression: route<{ email: string }, Ok>()('POST', '/suppressions/lift', 'suppressions:manage'),

  // The setup checklist: whether each setting a launch needs is set, never a secret's value. figures:read, as the
  // Overview it sits on: every role sees what is missing, and who can fix it is named by the item.
  setup: route<void, SetupReply>()('GET', '/setup', 'figures:read'),
  /** MAIL_FROM's domain looked up in DNS now (SPF, DKIM, DMARC; issue 49), with the record to add for one missing. */
  mailDomain: route<void, MailDomainReply>()('GET', '/setup/mail-domain', 'figures:read'),
  // The invitation link (INVITE_URL), changed with no restart: owners only (shared/team.ts settings:manage).
  setInviteUrl: route<InviteUrlChange, InviteUrlSetting>()('PUT', '/settings/invite-url', 'settings:manage'),

  // Referrals held for review.
  referrals: route<void, ReferralsReply>()('GET', '/referrals', 'people:read'),
  approveReferral: route<Ok, void>()('POST', '/referrals/:friendId/approve', 'referrals:review'),
  rejectReferral: route<Ok, void>()('POST', '/referrals/:friendId/reject', 'referrals:review'),

  // The questions asked after confirmation (issue 52): counts only, never an answer.
  questions: route<void, QuestionsReply>()('GET', '/questions', 'questions:manage'),
  defineQuestion: route<QuestionInput, { question: QuestionRow }>()('POST', '/questions', 'questions:manage'),
  editQuestion: route<QuestionEdit, { question: QuestionRow }>()('POST', '/questions/:id', 'questions:manage'),
  retireQuestion: route<Ok, { question: QuestionRow }>()('POST', '/questions/:id/retire', 'questions:manage'),
  // The choice questions asked now, for a wave's rules by answers: their words only, no count, to whoever starts waves.
  cohortQuestions: route<void, { questions: AskedQuestion[] }>()('GET', '/questions/asked', 'waves:send'),

  // Invitations in waves.
  waves: route<void, WavesOverview>()('GET', '/waves', 'figures:read'),
  nextUp: route<void, NextUp | CohortNextUp>()('GET', '/waves/next', 'waves:send'),
  startWave: route<WaveRequest, { wave: WaveRow }>()('POST', '/waves', 'waves:send'),
  inviteAgain: route<Ok, { wave: WaveRow }>()('POST', '/waves/:id/again', 'waves:send'),
  setPace: route<PaceRequest, { pace: Pace }>()('POST', '/pace', 'waves:send'),
  stopPace: route<Ok, void>()('POST', '/pace/stop', 'waves:send'),
  wavesCsv: route<void, Csv>()('GET', '/waves.csv', 'people:export'),

  // Updates to the list.
  updates: route<void, UpdatesReply>()('GET', '/updates', 'updates:write'),
  createUpdate: route<UpdateInput, UpdateReply>()('POST', '/updates', 'updates:write'),
  audiences: route<void, AudiencesReply>()('GET', '/updates/audiences', 'updates:write'),
  /** Each audience's count among the people whose answers match a cohort's rules (issue 52), before the send. */
  cohortAudiences: route<void, CohortAudiencesReply>()('GET', '/updates/audiences/match', 'updates:write'),
  update: route<void, UpdateReply>()('GET', '/updates/:id', 'updates:write'),
  editUpdate: route<UpdateInput, UpdateReply>()('PUT', '/updates/:id', 'updates:write'),
  deleteUpdate: route<void, void>()('DELETE', '/updates/:id', 'updates:write'),
  previewUpdate: route<void, UpdatePreview>()('GET', '/updates/:id/preview', 'updates:write'),
  testUpdate: route<void, UpdateTestReply>()('POST', '/updates/:id/test', 'updates:write'),
  sendUpdate: route<SendRequest, UpdateReply>()('POST', '/updates/:id/send', 'updates:send'),
  pauseUpdate: route<void, UpdateReply>()('POST', '/updates/:id/pause', 'updates:send'),
  resumeUpdate: route<void, UpdateReply>()('POST', '/updates/:id/resume', 'updates:send'),
  cancelUpdate: route<void, UpdateReply>()('POST', '/updates/:id/cancel', 'updates:send'),
  unscheduleUpdate: route<void, UpdateReply>()('POST', '/updates/:id/unschedule', 'updates:send'),
  updateRecordCsv: route<void, Csv>()('GET', '/updates/:id/record.csv', 'people:export'),
  /** Every update's bounce and complaint rates together (issue 49), for the Overview: figures, no addresses. */
  sendRates: route<void, SendRates>()('GET', '/send-rates', 'figures:read'),

  // Where signups come from.
  analytics: route<void, AnalyticsReport>()('GET', '/analytics', 'figures:read'),
  analyticsCsv: route<void, Csv>()('GET', '/analytics.csv', 'figures:read'),

  // API keys and webhooks.
  apiKeys: route<void, ApiKeysReply>()('GET', '/api-keys', 'api-keys:manage'),
  makeApiKey: route<MakeApiKey, MadeApiKey>()('POST', '/api-keys', 'api-keys:manage'),
  revokeApiKey: route<Ok, void>()('POST', '/api-keys/:id/revoke', 'api-keys:manage'),
  webhooks: route<void, WebhookEndpointsReply>()('GET', '/webhooks', 'webhooks:manage'),
  addWebhook: route<{ url: string; events: string[] }, WebhookSecretReply>()('POST', '/webhooks', 'webhooks:manage'),
  editWebhook: route<{ url: string; events: string[] }, void>()('PATCH', '/webhooks/:id', 'webhooks:manage'),
  deleteWebhook: route<void, void>()('DELETE', '/webhooks/:id', 'webhooks:manage'),
  webhookOn: route<void, void>()('POST', '/webhooks/:id/on', 'webhooks:manage'),
  webhookOff: route<void, void>()('POST', '/webhooks/:id/off', 'webhooks:manage'),
  rotateWebhook: route<void, WebhookSecretReply>()('POST', '/webhooks/:id/rotate', 'webhooks:manage'),
  testWebhook: route<void, void>()('POST', '/webhooks/:id/test', 'webhooks:manage'),
  webhookDeliveries: route<void, WebhookDeliveriesReply>()('GET', '/webhooks/:id/deliveries', 'webhooks:manage'),

  // The team.
  team: route<void, TeamReply>()('GET', '/team', 'team:manage'),
  inviteMember: route<TeamInvite, TeamReply>()('POST', '/team', 'team:manage'),
  changeRole: route<TeamRoleChange, TeamReply>()('POST', '/team/role', 'team:manage'),
  removeMember: route<TeamRemoval, TeamReply>()('POST', '/team/remove', 'team:manage'),
} as const satisfies Record<string, ConsoleRoute>

export type ConsoleRouteName = keyof typeof consoleRoutes

/** A route's path with its parameters filled in: `pathOf(consoleRoutes.update, { id: 7 })` is `/updates/7`. */
export function pathOf(route: ConsoleRoute, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${route.path} needs :${name}`)
    return encodeURIComponent(String(value))
  })
}
