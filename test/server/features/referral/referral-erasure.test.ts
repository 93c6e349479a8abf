// @vitest-environment node
// The erase-and-repeat attack on referrals, as it was measured from outside (2026-11-24): from one address, a
// fake friend joins through the attacker's share link, confirms from the emailed link, asks for erasure and
// confirms it from the emailed link, and again. Through the real routes at the default rate limits, on a real
// database (SQLite here, PostgreSQL in `npm run test:server:postgres`) with real email. When erasing a friend
// also erased the decision, nothing counted them: 11 credits in 64 s, place 49 to 1. Every decision now counts
// toward the limits whatever became of its friend, so one network earns at most `sameNetwork - 1` credits a
// day, and the console's figures say so.
import type { ParsedMail } from 'mailparser'
import { afterEach, expect, it } from 'vitest'
import { hashSecret, newSecret } from '../../../../server/platform/secrets/tokens'
import { defaultConsentRateLimit } from '../../../../server/features/consent/consent-routes'
import { defaultRateLimit } from '../../../../server/platform/http/rate-limit'
import { noConsentRecord } from '../../../../server/features/signup/validate'
import { referralReviews } from '../../../../server/features/referral/referral-reviews'
import { messages } from '../../../../shared/messages'
import { referralRules } from '../../../../shared/rules'
import { pageText } from '../../../utils/page-text'
import { startTestServer, validSignup, type TestServer } from '../../harness'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'
import { runsOnBothEngines } from '../../../utils/store-suite'
import { inboxForFile } from '../../../utils/file-inbox'

runsOnBothEngines()

const inbox = inboxForFile()
let server: TestServer
afterEach(() => server?.close())

// One round of the attack costs one signup and three consent requests (confirm, ask for erasure, confirm it),
// so the default limits allow this many rounds a minute from one address.
const roundsPerMinute = Math.min(defaultRateLimit.max, Math.floor(defaultConsentRateLimit.max / 3))
// Before: every round was credited (the daily cap and the farm rule counted only friends still listed).
const creditsPerHourBefore = roundsPerMinute * 60
// After: one network's friends are credited until the farm rule holds the `sameNetwork`th of the day (the
// burst rule and the daily cap come later); held ones earn nothing unless the team approves them.
const creditsPerNetworkPerDay = Math.min(referralRules.sameNetwork - 1, referralRules.burst - 1, referralRules.dailyCap)
/** As many rounds as the default limits allow in one minute, next to the attacker's own signup and confirmation. */
const rounds = Math.min(defaultRateLimit.max - 1, Math.floor((defaultConsentRateLimit.max - 1) / 3))
const ahead = 48

const postJson = (path: string, body: unknown) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) })
const tokenIn = (mail: ParsedMail, path: string) => new RegExp(`https?://[^\\s]+${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '')
/** The next email to `to` that carries a link to `path` (others, like the welcome email, are passed over). */
async function linkFor(to: string, path: string) {
  for (;;) {
    const found = tokenIn(await inbox.next(to), path)
    if (found) return { url: found[0], token: found[1]! }
  }
}
async function joinAndConfirm(email: string, referralCode?: string) {
  const joined = await server.post({ ...validSignup, email, ...(referralCode && { referralCode }) })
  expect(await joined.json()).toEqual({ ok: true, message: messages.success })
  const { token } = await linkFor(email, '/waitlist/confirm')
  expect(await (await postJson('/api/waitlist/confirm', { token })).json()).toMatchObject({ ok: true, message: messages.confirmed })
}
async function eraseFromItsInbox(email: string) {
  expect(await (await postJson('/api/waitlist/erase', { email })).json()).toEqual({ ok: true, message: messages.eraseRequested })
  const { token } = await linkFor(email, '/waitlist/erase/confirm')
  expect(await (await postJson('/api/waitlist/erase/confirm', { token })).json()).toEqual({ ok: true, message: messages.erased })
}

it('holds the erase-and-repeat attack to the farm rule, at the default limits, and the console counts every credit', async () => {
  server = await startTestServer({ mail: { smtpUrl: inbox.url }, rateLimit: defaultRateLimit })
  expect(rounds).toBeGreaterThan(creditsPerNetworkPerDay)
  expect([creditsPerHourBefore, creditsPerNetworkPerDay]).toEqual([600, 3])
  // People ahead of the attacker, confirmed through the store (not the routes, whose limits are the attacker's).
  const { db } = server.store.database
  for (let index = 0; index < ahead; index++) {
    const email = `early-${index}@example.com`
    await server.store.add({ ...validSignup, email, emailNormalized: email, submissionId: null, consent: noConsentRecord })
    const { id } = await db.selectFrom('signups').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow()
    const secret = newSecret()
    await saveLinkTokens(server.store.database.db, [{ hash: hashSecret(secret), purpose: 'confirm', personId: id, expiresAt: new Date(Date.now() + 86_400_000) }])
    expect(await server.store.consent.useToken('confirm', hashSecret(secret), new Date())).toEqual({ signupId: id })
  }

  await joinAndConfirm('attacker@example.com')
  const place = await linkFor('attacker@example.com', '/waitlist/place')
  const page = await (await fetch(place.url)).text()
  expect(pageText(page)).toContain(`you're number ${ahead + 1} in line`)
  const code = /\/\?ref=([2-9a-hjkmnp-z]{8})"/.exec(page)![1]!

  for (let round = 0; round < rounds; round++) {
    const fake = `fake-${round}@example.net`
    await joinAndConfirm(fake, code)
    await eraseFromItsInbox(fake)
  }

  // Every fake friend is gone; the decisions stay, and the attacker's credits are bounded by the farm rule.
  expect(await db.selectFrom('signups').select('email').where('email', 'like', 'fake-%').execute()).toEqual([])
  const { referrals } = await server.store.admin.summary(new Date(), 1)
  expect(referrals.credited).toBeLessThanOrEqual(creditsPerNetworkPerDay)
  expect(referrals.credited + referrals.held + referrals.refused).toBe(rounds)
  // The console's totals agree with its top referrers, and the page with both.
  expect(await referralReviews(server.store.database, server.store.line).topReferrers(10)).toEqual([expect.objectContaining({ email: 'attacker@example.com', credits: referrals.credited })])
  expect(pageText(await (await fetch(place.url)).text())).toContain(`you're number ${ahead + 1 - referrals.credited * referralRules.boostPlaces} in line`)
}, 60_000)
