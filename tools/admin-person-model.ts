// The person machine (machines/admin-person-machine.ts) as a model of the console's (admin-model.ts), and the
// record its samples answer with: Ada, who came from a campaign, confirmed, brought Bob, was sent two emails and
// named by one webhook delivery; with nothing of an invitation or an activation yet.
import { adminPersonMachine, type AdminPersonSnapshot } from '../machines/admin-person-machine'
import type { PersonRecord } from '../shared/person-record'
import { done, failed, type Model } from './admin-model'

export const personSample = {
  signup: {
    id: 7,
    email: 'ada@example.com',
    firstName: 'Ada',
    createdAt: '2026-12-01T21:43:09.120Z',
    status: 'confirmed',
    source: 'stride-marketing-site',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'launch-week',
    referrerOrigin: null,
  },
  consent: {
    version: '2026-11-01',
    confirmationQueuedAt: '2026-12-01T21:43:09.120Z',
    confirmedAt: '2026-12-01T21:50:00.000Z',
    unsubscribedAt: null,
    news: { version: null, givenAt: null, withdrawnAt: null },
  },
  line: {
    place: 3,
    code: 'k7m2p9qx',
    credits: 1,
    referredByCode: null,
    referredBy: null,
    referred: [{ id: 8, email: 'bob@example.com', outcome: 'credited', decidedAt: '2026-12-02T08:00:00.000Z' }],
  },
  invitations: [],
  activation: null,
  emails: [
    { kind: 'welcome', status: 'sent', queuedAt: '2026-12-01T21:50:00.000Z', finishedAt: '2026-12-01T21:50:02.000Z' },
    { kind: 'confirm', status: 'sent', queuedAt: '2026-12-01T21:43:09.120Z', finishedAt: '2026-12-01T21:43:11.000Z' },
  ],
  deliveries: [
    { endpointId: 2, endpointUrl: 'https://hooks.example.com/stride', event: 'signup.confirmed', status: 'delivered', createdAt: '2026-12-01T21:50:00.000Z', finishedAt: '2026-12-01T21:50:01.000Z' },
  ],
  suppression: null,
  answers: { sensitiveConsent: null, given: [] },
} satisfies PersonRecord

export const personModel: Model = {
  machine: adminPersonMachine,
  input: { personId: personSample.signup.id },
  events: [{ type: 'RETRY' }, { type: 'RELOAD' }, { type: 'ERASED' }, done('fetchPerson', personSample), done('fetchPerson', null), failed('fetchPerson')],
  serializeState: (snapshot) => {
    const { person, erasedEmail } = snapshot.context as AdminPersonSnapshot['context']
    return JSON.stringify({ value: snapshot.value, person: person !== null, erased: erasedEmail !== '' })
  },
}
