// The console's mail machines as models (admin-model.ts), issue 49: the suppression list, a lift from a person's
// page, and the check of MAIL_FROM's domain. Their samples are what the model tests replay and what the gallery
// answers with: Bo, refused by his mail server, on the newest page; an erased address that complained, on the oldest.
import { adminLiftMachine, type AdminLiftSnapshot } from '../machines/admin-lift-machine'
import { adminMailDomainMachine, type AdminMailDomainSnapshot } from '../machines/admin-mail-domain-machine'
import { adminSuppressionsMachine, type AdminSuppressionsSnapshot } from '../machines/admin-suppressions-machine'
import type { MailDomainReply } from '../shared/mail-domain'
import type { SuppressionsReply } from '../shared/suppression'
import { done, failed, type Model } from './admin-model'

const entry = { email: 'bo@example.com', personId: 3, reason: 'hard-bounce', source: 'postmark', words: '550 unknown user', suppressedAt: '2026-12-06T10:00:00.000Z' } as const

/** A refusal the server explained (admin-api-client.ts's ServerMessage). */
const serverMessage = (message: string) => Object.assign(new Error(message), { name: 'ServerMessage' })

export const suppressionSamples = {
  entry,
  newest: { entries: [entry], older: '2026-12-06T10:00:00.000Z|' + 'a'.repeat(64) } satisfies SuppressionsReply,
  oldest: { entries: [{ ...entry, email: null, personId: null, reason: 'complaint', source: 'ses', words: '', suppressedAt: '2026-12-02T08:00:00.000Z' }], older: null } satisfies SuppressionsReply,
  refusal: serverMessage('That address is not on the suppression list.'),
}

export const suppressionsModel: Model = {
  machine: adminSuppressionsMachine,
  events: [
    { type: 'RELOAD' },
    { type: 'OLDER' },
    { type: 'NEWER' },
    { type: 'LIFT', email: entry.email },
    { type: 'LIFT', email: 'nobody@example.com' },
    done('fetchSuppressions', suppressionSamples.newest),
    done('fetchSuppressions', suppressionSamples.oldest),
    failed('fetchSuppressions'),
    done('liftSuppression', undefined),
    { type: 'xstate.error.actor.liftSuppression', error: suppressionSamples.refusal },
  ],
  serializeState: (snapshot) => {
    const { page, trail, error } = snapshot.context as AdminSuppressionsSnapshot['context']
    return JSON.stringify({ value: snapshot.value, older: page.older !== null, bo: page.entries.some((row) => row.email === entry.email), back: Math.min(trail.length, 2), error: error !== null })
  },
}

export const liftModel: Model = {
  machine: adminLiftMachine,
  events: [
    { type: 'LIFT', email: entry.email },
    { type: 'LIFT', email: '' },
    done('liftSuppression', undefined),
    { type: 'xstate.error.actor.liftSuppression', error: suppressionSamples.refusal },
    failed('liftSuppression'),
  ],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, error: (snapshot.context as AdminLiftSnapshot['context']).error }),
}

export const mailDomainSamples = {
  reply: {
    domain: 'stride.example',
    checks: [
      { record: 'SPF', host: 'stride.example', found: 'v=spf1 include:mail.example -all', ok: true, says: 'SPF is set at stride.example.', add: null },
      { record: 'DMARC', host: '_dmarc.stride.example', found: null, ok: false, says: 'No DMARC record at _dmarc.stride.example.', add: '_dmarc.stride.example TXT "v=DMARC1; p=none; rua=mailto:dmarc@stride.example"' },
    ],
  } satisfies MailDomainReply,
  refusal: serverMessage('Set MAIL_FROM first: the domain checked is its own.'),
}

export const mailDomainModel: Model = {
  machine: adminMailDomainMachine,
  events: [{ type: 'CHECK' }, done('checkMailDomain', mailDomainSamples.reply), failed('checkMailDomain'), { type: 'xstate.error.actor.checkMailDomain', error: mailDomainSamples.refusal }],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, error: (snapshot.context as AdminMailDomainSnapshot['context']).error }),
}
