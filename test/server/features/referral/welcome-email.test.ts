// @vitest-environment node
// A first confirmation queues a welcome (server/features/referral/line.ts), and the outbox sender sends it: the private
// link to the person's place, their share link. Only to someone still confirmed when it goes out: a person who
// unsubscribed in between gets no email (the entry is skipped), and so does one without a referral code.
import { expect, it } from 'vitest'
import { hashSecret } from '../../../../server/platform/secrets/tokens'
import type { OutboxSender } from '../../../../server/platform/outbox/outbox-sender'
import { welcomeSubject } from '../../../../server/features/referral/welcome-email'
import type { OutgoingMail } from '../../../../server/platform/mail/mailer'
import { placePagePath } from '../../../../shared/consent-paths'
import { shareLinkOf } from '../../../../shared/referral-code'
import type { StoredStatus } from '../../../../shared/stored-statuses'
import { memorySenders } from '../../../utils/memory-sender'
import type { Stores } from '../../../../tools/open-store'
import { validSignup } from '../../harness'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

// The place page is the endpoint's own, the share link the site's: two addresses, so the test tells them apart.
const links = { siteUrl: 'http://127.0.0.1:3000', apiUrl: 'http://127.0.0.1:4000' }
const startSender = memorySenders()
const start = () => startSender({ links })

const tokenOf = (mail: OutgoingMail, label: string) => new URL(mail.links.find((link) => link.label === label)!.url).searchParams.get('token')!
const mailsTo = (sent: OutgoingMail[], email: string) => sent.filter((mail) => mail.to === email)
const outcomes = async (store: Stores, signupId: number) =>
  (await store.database.db.selectFrom('outbox').select(['kind', 'outcome']).where('signup_id', '=', signupId).orderBy('id').execute()).map((row) => `${row.kind}:${row.outcome}`)
const idOf = async (store: Stores, email: string) => (await store.database.db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()).id

/** Signs up and confirms through the confirmation email's own link; the welcome is then queued, not yet sent. */
async function signUpAndConfirm(store: Stores, sender: OutboxSender, sent: OutgoingMail[], email: string) {
  await store.add({ ...validSignup, email, emailNormalized: email, submissionId: null })
  await sender.idle()
  const [confirmation] = mailsTo(sent, email)
  expect(confirmation, `a confirmation to ${email}`).toBeDefined()
  expect(await store.consent.useToken('confirm', hashSecret(tokenOf(confirmation!, 'Confirm')), new Date())).toEqual({ signupId: expect.any(Number) })
  return confirmation!
}

it('sends a confirmed person the welcome: their private place link, their share link, a one-click unsubscribe', async () => {
  const { store, sender, sent } = await start()
  await signUpAndConfirm(store, sender, sent, 'welcome@example.com')
  await sender.idle()
  const signupId = await idOf(store, 'welcome@example.com')
  expect(await outcomes(store, signupId)).toEqual(['confirm:sent', 'welcome:sent'])

  const welcome = mailsTo(sent, 'welcome@example.com').find((mail) => mail.subject === welcomeSubject)
  expect(welcome, 'the welcome email').toBeDefined()
  const { referral_code: code } = await store.database.db.selectFrom('signups').select('referral_code').where('id', '=', signupId).executeTakeFirstOrThrow()
  expect(code).not.toBeNull()
  const placeUrl = welcome!.links.find((link) => link.label === 'Your place')!.url
  expect(placeUrl).toMatch(new RegExp(`^${links.apiUrl}${placePagePath}\\?token=[\\w-]{43}$`))
  expect(welcome!.links.map((link) => link.url)).toContain(shareLinkOf(links.siteUrl, code!))
  expect(welcome!.text).toContain(shareLinkOf(links.siteUrl, code!))
  expect(welcome!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

  // The place link's token is a real one, of its own purpose: it opens the person's place.
  const place = await store.line.yourPlace(hashSecret(tokenOf(welcome!, 'Your place')), new Date())
  expect(place).toMatchObject({ place: 1, inLine: 1, firstName: validSignup.firstName, referralCode: code, unsubscribed: false })
  // And the unsubscribe link in it works like the others.
  expect(await store.consent.useToken('unsubscribe', hashSecret(tokenOf(welcome!, 'Unsubscribe')), new Date())).toEqual({ signupId })
})

it('skips the welcome of someone who unsubscribed before it went out: no email', async () => {
  const { store, sender, sent } = await start()
  const confirmation = await signUpAndConfirm(store, sender, sent, 'gone@example.com')
  // Unsubscribed with the confirmation email's link, before the sender looked again.
  expect(await store.consent.useToken('unsubscribe', hashSecret(tokenOf(confirmation, 'Unsubscribe')), new Date())).toEqual({ signupId: expect.any(Number) })
  await sender.idle()
  const signupId = await idOf(store, 'gone@example.com')
  expect(await outcomes(store, signupId)).toEqual(['confirm:sent', 'welcome:skipped'])
  expect(mailsTo(sent, 'gone@example.com').map((mail) => mail.subject)).toEqual([confirmation.subject])
})

it('sends a welcome queued for a confirmed row and skips one for an unsubscribed row (rows set directly)', async () => {
  const { store, sender, sent } = await start()
  const { db } = store.database
  const at = new Date().toISOString()
  const people: { email: string; status: StoredStatus; code: string | null }[] = [
    { email: 'row-confirmed@example.com', status: 'confirmed', code: 'abcd2345' },
    { email: 'row-unsubscribed@example.com', status: 'unsubscribed', code: 'efgh6789' },
    { email: 'row-no-code@example.com', status: 'confirmed', code: null },
  ]
  for (const person of people) await store.add({ ...validSignup, email: person.email, emailNormalized: person.email, submissionId: null })
  await sender.idle() // their confirmations
  for (const person of people) {
    const signupId = await idOf(store, person.email)
    await db.updateTable('signups').set({ status: person.status, referral_code: person.code }).where('id', '=', signupId).execute()
    await db.insertInto('outbox').values({ kind: 'welcome', signup_id: signupId, created_at: at, next_attempt_at: at }).execute()
  }
  sent.length = 0
  await sender.idle()

  expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([['row-confirmed@example.com', welcomeSubject]])
  expect(sent[0]!.links.map((link) => link.url)).toContain(shareLinkOf(links.siteUrl, 'abcd2345'))
  expect(await outcomes(store, await idOf(store, 'row-confirmed@example.com'))).toEqual(['confirm:sent', 'welcome:sent'])
  expect(await outcomes(store, await idOf(store, 'row-unsubscribed@example.com'))).toEqual(['confirm:sent', 'welcome:skipped'])
  expect(await outcomes(store, await idOf(store, 'row-no-code@example.com'))).toEqual(['confirm:sent', 'welcome:skipped'])
})
