// The campaign of a visitor's landing, for the consent record: only the three utm parameters, a share link's
// referral code and the referring site's origin are kept, the first landing of the session wins, and junk is left out.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LANDING_STORAGE_KEY, campaignOf, captureLanding, landingCampaign } from '../../../src/waitlist/landing-campaign'

const site = 'https://stridehealth.example'

describe('campaignOf', () => {
  it('keeps utm_source, utm_medium and utm_campaign from the landing address', () => {
    expect(campaignOf(`${site}/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-launch&utm_term=x&gclid=y`, '')).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'fall-launch',
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
    expect(campaignOf(`${site}/?utm_source=a%0Ab&utm_medium=%00`, '')).toEqual({})
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
  beforeEach(() => sessionStorage.clear())

  it('records the first landing of the session and reads it back', () => {
    captureLanding(`${site}/?utm_source=newsletter`, 'https://news.example.org/a')
    expect(landingCampaign()).toEqual({ utmSource: 'newsletter', referrerOrigin: 'https://news.example.org' })
  })

  it('lets the first landing win, even one that had no campaign', () => {
    captureLanding(`${site}/`, '')
    captureLanding(`${site}/?utm_source=second`, 'https://other.example/')
    expect(landingCampaign()).toEqual({})

    sessionStorage.clear()
    captureLanding(`${site}/?utm_campaign=first`, '')
    captureLanding(`${site}/?utm_campaign=second`, '')
    expect(landingCampaign()).toEqual({ utmCampaign: 'first' })
  })

  it("keeps the first landing's referral code, lower-cased, and drops a malformed one", () => {
    captureLanding(`${site}/?ref=K7M2QX9P`, '')
    captureLanding(`${site}/?ref=abcdefgh`, '')
    expect(landingCampaign()).toEqual({ referralCode: 'k7m2qx9p' })

    sessionStorage.clear()
    captureLanding(`${site}/`, '')
    captureLanding(`${site}/?ref=abcdefgh`, '')
    expect(landingCampaign(), 'a later share link does not replace a landing without one').toEqual({})

    sessionStorage.clear()
    captureLanding(`${site}/?ref=not-a-code`, '')
    expect(landingCampaign()).toEqual({})
  })

  it('reads back only a referral code that is one', () => {
    sessionStorage.setItem(LANDING_STORAGE_KEY, JSON.stringify({ referralCode: ' K7M2QX9P ' }))
    expect(landingCampaign()).toEqual({ referralCode: 'k7m2qx9p' })
    for (const referralCode of ['k7m2qx9', 'ada@example.com', 42, null, ['k7m2qx9p']]) {
      sessionStorage.setItem(LANDING_STORAGE_KEY, JSON.stringify({ referralCode }))
      expect(landingCampaign(), JSON.stringify(referralCode)).toEqual({})
    }
  })

  it('reads nothing from storage it does not recognise, and never more than an origin', () => {
    for (const junk of ['not json', 'null', '42', '"text"', JSON.stringify({ utmSource: 7, referrerOrigin: 'javascript:alert(1)', other: 'x' })]) {
      sessionStorage.setItem(LANDING_STORAGE_KEY, junk)
      expect(landingCampaign(), junk).toEqual({})
    }
    sessionStorage.setItem(LANDING_STORAGE_KEY, JSON.stringify({ utmMedium: ' social ', referrerOrigin: 'https://a.example/path?q=ada@example.com' }))
    expect(landingCampaign()).toEqual({ utmMedium: 'social', referrerOrigin: 'https://a.example' })
  })

  it('works without storage (storage disabled, full, or missing as on the server)', () => {
    const forbidden = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError')
    })
    expect(() => captureLanding(`${site}/?utm_source=x`, '')).not.toThrow()
    expect(landingCampaign()).toEqual({})
    forbidden.mockRestore()
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError')
    })
    expect(() => captureLanding(`${site}/?utm_source=x`, '')).not.toThrow()
    full.mockRestore()
    vi.stubGlobal('sessionStorage', undefined)
    expect(() => captureLanding(`${site}/?utm_source=x`, '')).not.toThrow()
    expect(landingCampaign()).toEqual({})
    vi.unstubAllGlobals()
  })
})
