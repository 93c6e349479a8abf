// The campaign of a visitor's landing, for the consent record and the visit beacon: only the five utm parameters, a
// share link's referral code and the referring site's origin are kept, in memory, the first landing of the app's
// run wins, and junk is left out.
import { afterEach, describe, expect, it } from 'vitest'
import { campaignOf, captureLanding, forgetLanding, landingCampaign, signupCampaign } from '../../../src/waitlist/landing-campaign'

const site = 'https://stridehealth.example'

describe('campaignOf', () => {
  it('keeps the five utm parameters from the landing address, and nothing else of it', () => {
    const landing = `${site}/about?utm_source=newsletter&utm_medium=email&utm_campaign=fall-launch&utm_content=hero&utm_term=knee%20pain&gclid=y&fbclid=z#top`
    expect(campaignOf(landing, '')).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'fall-launch',
      utmContent: 'hero',
      utmTerm: 'knee pain',
    })
  })

  it("keeps only the referring site's origin, never its path, search or fragment", () => {
    const campaign = campaignOf(`${site}/`, 'https://news.example.org/story/42?user=ada@example.com#comments')
    expect(campaign).toEqual({ referrerOrigin: 'https://news.example.org' })
    expect(JSON.stringify(campaign)).not.toMatch(/story|ada|comments/)
  })

  it('ignores a referrer from the site itself', () => {
    expect(campaignOf(`${site}/about`, `${site}/blog`)).toEqual({})
  })

  it.each([
    ['no referrer', ''],
    ['not a URL', 'not a url'],
    ['another scheme', 'android-app://com.example.app/'],
    ['a file', 'file:///etc/passwd'],
  ])('ignores a referrer that is %s', (_case, referrer) => {
    expect(campaignOf(`${site}/`, referrer)).toEqual({})
  })

  it('drops empty, blank, overlong and control-character values', () => {
    const long = 'x'.repeat(101)
    expect(campaignOf(`${site}/?utm_source=&utm_medium=%20%20&utm_campaign=${long}`, '')).toEqual({})
    expect(campaignOf(`${site}/?utm_source=a%0Ab&utm_medium=%00&utm_content=%7F&utm_term=${long}`, '')).toEqual({})
    expect(campaignOf(`${site}/?utm_source=%20spring%20`, '')).toEqual({ utmSource: 'spring' })
  })

  it("keeps a share link's referral code, in lower case", () => {
    expect(campaignOf(`${site}/?ref=K7M2QX9P`, '')).toEqual({ referralCode: 'k7m2qx9p' })
    expect(campaignOf(`${site}/?ref=%20k7m2qx9p%20&utm_source=friend`, '')).toEqual({ referralCode: 'k7m2qx9p', utmSource: 'friend' })
  })

  it.each([
    ['empty', ''],
    ['too short', 'k7m2qx9'],
    ['too long', 'k7m2qx9pp'],
    ['with a letter the alphabet leaves out', 'k7m2qx9l'],
    ['with a zero', 'k7m2qx90'],
    ['with punctuation', 'k7m2-x9p'],
    ['an address', 'ada@example.com'],
  ])('drops a referral code that is %s', (_case, ref) => {
    expect(campaignOf(`${site}/?ref=${encodeURIComponent(ref)}`, '')).toEqual({})
  })

  it('gives nothing for a landing address that is not a URL', () => {
    expect(campaignOf('::', 'https://news.example.org/')).toEqual({})
  })
})

describe('captureLanding and landingCampaign', () => {
  // Each test is a new run of the app, as a reload is.
  afterEach(() => forgetLanding())

  it('records the first landing of the run and reads it back', () => {
    captureLanding(`${site}/?utm_source=newsletter&utm_term=knees`, 'https://news.example.org/a')
    expect(landingCampaign()).toEqual({ utmSource: 'newsletter', utmTerm: 'knees', referrerOrigin: 'https://news.example.org' })
  })

  it('lets the first landing win, even one that had no campaign: the site\'s own page changes never record another', () => {
    captureLanding(`${site}/`, '')
    captureLanding(`${site}/?utm_source=second`, 'https://other.example/')
    expect(landingCampaign()).toEqual({})

    forgetLanding() // a reload
    captureLanding(`${site}/?utm_campaign=first`, '')
    captureLanding(`${site}/about?utm_campaign=second`, `${site}/`)
    expect(landingCampaign()).toEqual({ utmCampaign: 'first' })
  })

  it("keeps the first landing's referral code, lower-cased, and drops a malformed one", () => {
    captureLanding(`${site}/?ref=K7M2QX9P`, '')
    captureLanding(`${site}/?ref=abcdefgh`, '')
    expect(landingCampaign()).toEqual({ referralCode: 'k7m2qx9p' })

    forgetLanding()
    captureLanding(`${site}/`, '')
    captureLanding(`${site}/?ref=abcdefgh`, '')
    expect(landingCampaign(), 'a later share link does not replace a landing without one').toEqual({})

    forgetLanding()
    captureLanding(`${site}/?ref=not-a-code`, '')
    expect(landingCampaign()).toEqual({})
  })

  it('is empty before any landing is recorded (as on the server)', () => {
    expect(landingCampaign()).toEqual({})
    expect(signupCampaign()).toEqual({})
  })

  it("gives a signup's consent record all of it but utm_content and utm_term", () => {
    captureLanding(`${site}/?utm_source=a&utm_medium=b&utm_campaign=c&utm_content=d&utm_term=e&ref=k7m2qx9p`, 'https://news.example.org/')
    expect(signupCampaign()).toEqual({ utmSource: 'a', utmMedium: 'b', utmCampaign: 'c', referralCode: 'k7m2qx9p', referrerOrigin: 'https://news.example.org' })
    expect(landingCampaign()).toMatchObject({ utmContent: 'd', utmTerm: 'e' })
  })

  it('keeps nothing in a cookie or in storage', () => {
    captureLanding(`${site}/?utm_source=newsletter&ref=k7m2qx9p`, 'https://news.example.org/')
    expect(document.cookie).toBe('')
    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0])
  })
})
