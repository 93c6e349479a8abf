// The four console machines as models: their sample events and state keys (see admin-model.ts).
import { adminEraseMachine } from '../../machines/admin-erase-machine'
import { adminSignInMachine } from '../../machines/admin-sign-in-machine'
import { adminSummaryMachine } from '../../machines/admin-summary-machine'
import { adminTableMachine } from '../../machines/admin-table-machine'
import { done, failed, type Model } from './admin-model'

export const samples = {
  admin: 'team@company.example',
  token: 'x'.repeat(43),
  linkSent: 'If that address may sign in, a sign-in link is on its way. It works once, for 15 minutes.',
  row: { id: 7, createdAt: '2026-11-20T10:00:00.000Z', email: 'ada@example.com', firstName: 'Ada', source: 'home', status: '' },
  summary: { totals: { all: 3, pending: 2, confirmed: 1, unsubscribed: 0 }, outbox: { waiting: 2, oldestSeconds: 4 }, perDay: [{ day: '2026-11-22', count: 3 }], bySource: [{ source: 'home', count: 3 }], referrals: { perDay: [{ day: '2026-11-22', count: 1 }], credited: 1, held: 0, refused: 0 }, audit: [] },
}

const emailValid = (email: string) => /^\S+@\S+\.\S+$/.test(email.trim())

const signInModel = (token: string | null): Model => ({
  machine: adminSignInMachine,
  input: { token },
  events: [
    { type: 'EMAIL_CHANGED', value: samples.admin },
    { type: 'EMAIL_CHANGED', value: 'not-an-email' },
    { type: 'SUBMIT' },
    { type: 'CONFIRM' },
    { type: 'SIGN_OUT' },
    { type: 'SESSION_LOST' },
    done('checkSession', null),
    done('checkSession', { email: samples.admin }),
    failed('checkSession'),
    done('requestLink', { message: samples.linkSent }),
    failed('requestLink'),
    done('verifyToken', { email: samples.admin }),
    failed('verifyToken'),
    done('signOut', undefined),
    failed('signOut'),
  ],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, emailValid: emailValid(snapshot.context.email), token: snapshot.context.token !== null }),
})

export const signInWithLink = signInModel(samples.token)
export const signInWithoutLink = signInModel(null)

export const tableModel: Model = {
  machine: adminTableMachine,
  events: [
    { type: 'SEARCH', search: 'ada' },
    { type: 'SORT', sort: 'email' },
    { type: 'PAGE', page: 2 },
    { type: 'RELOAD' },
    done('fetchSignups', { rows: [samples.row], total: 30 }),
    done('fetchSignups', { rows: [], total: 0 }),
    failed('fetchSignups'),
  ],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, pages: Math.ceil(snapshot.context.total / snapshot.context.query.pageSize), page: snapshot.context.query.page }),
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

export const summaryModel: Model = {
  machine: adminSummaryMachine,
  events: [{ type: 'RELOAD' }, done('fetchSummary', samples.summary), failed('fetchSummary')],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, loaded: snapshot.context.summary !== null }),
}
