// @vitest-environment jsdom
// An invitation and its one reminder (issue 22), built by the same functions the outbox calls: each has both
// parts, says whose it is and what early access is, says how long its link works in words from the number the
// code uses (a different number gives different words, so none are typed in), carries the personal claim link on
// the endpoint's address and the one-click unsubscribe, and nothing else that reaches a server.
import { describe, expect, it } from 'vitest'
import { invitationEmail, invitationReminderEmail } from '../../../../server/features/launch/launch-emails'
import { brand, mailto } from '../../../../shared/brand'
import { consentApi, consentPages, invitePagePath } from '../../../../shared/consent-paths'
import { expiresOnWords, inWords, invitationRules } from '../../../../shared/rules'

// The claim page is the endpoint's own, the unsubscribe page the site's: two addresses, so the test tells them apart.
const links = { siteUrl: 'https://stridehealth.example', apiUrl: 'https://api.stridehealth.example' }
const to = { email: 'val@example.com', firstName: 'Val' }
// Tokens have the real ones' form (43 base64url characters).
const tokens = { invite: 'In'.repeat(22).slice(0, 43), unsubscribe: 'Un'.repeat(22).slice(0, 43) }
const expiresAt = new Date('2026-12-08T12:00:00Z')

const claimUrl = `${links.apiUrl}${invitePagePath}?token=${tokens.invite}`
const unsubscribeUrl = `${links.siteUrl}${consentPages.unsubscribe}?token=${tokens.unsubscribe}`
const squash = (text: string) => text.replace(/\s+/g, ' ').trim()
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

const invitation = invitationEmail(to, links, tokens, { expiresAt, lifetimeMs: invitationRules.lifetimeMs })
const reminder = invitationReminderEmail(to, links, tokens, { expiresAt, leftMs: invitationRules.reminderBeforeMs })
const cases = [
  ['the invitation', invitation],
  ['the reminder', reminder],
] as const

describe.each(cases)('%s', (_, mail) => {
  const doc = parse(mail.html)
  const text = squash(mail.text)

  it('has a plain-text part and an HTML part that say the same', () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html/)
    expect(mail.text.length).toBeGreaterThan(200)
    expect(mail.text).not.toMatch(/<[a-z]/i)
    for (const paragraph of doc.body.querySelectorAll('p:not([data-skip-in-text="true"])')) expect(text).toContain(squash(paragraph.textContent ?? ''))
  })

  it("names the brand, greets the person and says what early access is, and nothing it can't keep", () => {
    expect(mail.subject).toContain(brand.coachName)
    for (const name of [brand.companyName, brand.coachName, brand.legalName]) expect(text).toContain(name)
    expect(text).toContain('Hi Val,')
    expect(text).toContain(`the AI health and exercise coach from ${brand.companyName}`)
    expect(text).toMatch(new RegExp(`you can use (${brand.coachName}|it) on ${brand.launch.platform} before it opens to everyone`))
    expect(text).not.toMatch(/\bfree\b|\$|price/i)
  })

  it('says when the invitation ends, in words, in UTC', () => {
    expect(expiresOnWords(expiresAt)).toBe('Tuesday, December 8, 2026')
    expect(text).toContain(expiresOnWords(expiresAt))
    // 23:30 UTC is still the 8th, whatever the machine's own time zone.
    expect(expiresOnWords(new Date('2026-12-08T23:30:00Z'))).toBe('Tuesday, December 8, 2026')
  })

  it("carries the personal claim link on the endpoint's address, as a button and in the text", () => {
    expect(mail.links).toEqual([
      { label: 'Claim', url: claimUrl },
      { label: 'Unsubscribe', url: unsubscribeUrl },
    ])
    expect(doc.querySelector('a[data-action-link]')?.getAttribute('href')).toBe(claimUrl)
    expect(mail.text).toContain(`Open my invitation: ${claimUrl}`)
    expect(text).toMatch(/yours alone and works once/)
    expect(text).toMatch(/Opening it changes nothing: the button on the page it opens claims your invitation/)
  })

  it('says how to leave the list: ignore it, or the one-click unsubscribe, which its headers carry too', () => {
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links.apiUrl}${consentApi.unsubscribe}?token=${tokens.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribeUrl}`)
    expect(text).toMatch(/ignore this email/)
    expect(text).toMatch(/To stop all our emails, .*use the unsubscribe link at the end of this email/)
  })

  it('tracks nothing: no image or anything else loaded when opened, and no link but ours', () => {
    expect(doc.querySelectorAll('img, picture, video, audio, iframe, object, embed, link[href]')).toHaveLength(0)
    expect(mail.html).not.toMatch(/url\(|background=|\bsrc=/i)
    const hrefs = new Set([...doc.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href')))
    // Ours: the claim, the unsubscribe, the reply address, and the footer's pages for erasing one's data and getting
    // a copy of it (issue 51).
    expect(hrefs).toEqual(new Set([claimUrl, unsubscribeUrl, mailto(), `${links.siteUrl}${consentPages.erase}`, `${links.siteUrl}${consentPages.copy}`]))
  })
})

describe('the invitation', () => {
  const text = squash(invitation.text)

  it('says how long its link works in words from the lifetime the code gives it, not typed in', () => {
    const lifetime = inWords(invitationRules.lifetimeMs)
    expect(text).toContain(`It works for ${lifetime}, until ${expiresOnWords(expiresAt)}.`)
    const week = invitationEmail(to, links, tokens, { expiresAt, lifetimeMs: 7 * 86_400_000 })
    expect(squash(week.text)).toContain(`It works for 7 days, until ${expiresOnWords(expiresAt)}.`)
    expect(week.text).not.toContain(lifetime)
    expect(week.html).not.toContain(lifetime)
  })

  it('says that ignoring it brings one reminder, and then nothing', () => {
    expect(text).toContain(`the invitation ends by itself on ${expiresOnWords(expiresAt)}, and we will send one reminder before then`)
  })
})

describe('the reminder', () => {
  const text = squash(reminder.text)

  it('says it is the only one, and how long is left in words from the number the code uses', () => {
    expect(text).toContain('This is the only reminder we will send.')
    expect(text).toContain(`it ends in ${inWords(invitationRules.reminderBeforeMs)}, on ${expiresOnWords(expiresAt)}.`)
    const hours = invitationReminderEmail(to, links, tokens, { expiresAt, leftMs: 12 * 3_600_000 })
    expect(squash(hours.text)).toContain(`it ends in 12 hours, on ${expiresOnWords(expiresAt)}.`)
  })

  it('rounds what is left, so a reminder a retry sent a little late still reads in days', () => {
    const late = invitationReminderEmail(to, links, tokens, { expiresAt, leftMs: invitationRules.reminderBeforeMs - 90_000 })
    expect(squash(late.text)).toContain(`it ends in ${inWords(invitationRules.reminderBeforeMs)}, on`)
  })
})
