// @vitest-environment node
// The rules both sides read: each sentence that names a lifetime is built from the lifetime itself.
import { describe, expect, it } from 'vitest'
import { adminMessages } from '../../server/features/console/admin-messages'
import { signInMessage } from '../../server/features/console/sign-in-mail'
import { confirmationEmail, erasureEmail } from '../../server/features/consent/consent-emails'
import { messages } from '../../shared/messages'
import { inWords, linkLifetimesMs, looksLikeEmail } from '../../shared/rules'

describe('shared rules', () => {
  it.each([
    [7 * 86_400_000, '7 days'],
    [86_400_000, '1 day'],
    [15 * 60_000, '15 minutes'],
    [60_000, '1 minute'],
    [3_600_000, '1 hour'],
  ])('says %i ms as %j', (ms, words) => {
    expect(inWords(ms)).toBe(words)
  })

  it('names every link lifetime in the words of the emails and replies that promise it', () => {
    const links = { siteUrl: 'https://stridehealth.example', apiUrl: 'https://stridehealth.example' }
    const tokens = { confirm: 'c', erase: 'e', unsubscribe: 'u' }
    expect(confirmationEmail({ email: 'ann@example.com', firstName: 'Ann' }, links, tokens).text).toContain(`works for ${inWords(linkLifetimesMs.confirm)}`)
    expect(erasureEmail({ email: 'ann@example.com' }, links, tokens).text).toContain(`works for ${inWords(linkLifetimesMs.erase)}`)
    expect(messages.eraseRequested).toContain(`works for ${inWords(linkLifetimesMs.erase)}`)
    expect(signInMessage('ann@example.com', 'https://x.example').text).toContain(`within ${inWords(linkLifetimesMs.signIn)}`)
    expect(adminMessages.signInRequested).toContain(`for ${inWords(linkLifetimesMs.signIn)}`)
  })

  it("checks a typed address with the site's loose rule", () => {
    expect(['ann@example.com', ' a@b.c ', 'a,b@c.d'].map(looksLikeEmail)).toEqual([true, true, true])
    expect(['ann@example', 'ann example.com', 'a @b.c', ''].map(looksLikeEmail)).toEqual([false, false, false, false])
  })
})
