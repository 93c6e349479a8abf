// The campaign that brought a visitor, for the consent record of their signup: `utm_source`, `utm_medium`
// and `utm_campaign` from the address they landed on, the referral code of a share link (`ref`, only when it
// is one: shared/referral-code.ts), and the referring site's origin (never its full URL, which may carry a
// search or a path about the visitor). Kept once per browser session in sessionStorage: the first landing
// wins, so the site's own pages and later reloads never overwrite it.
// Small on purpose: it is part of the JavaScript every page loads up front (the entry calls captureLanding).
import { referralCodeOf } from '../../shared/referral-code'
import { consentValue, originOf, type SignupConsent } from '../../shared/signup'

/** The campaign part of a signup's consent record (shared/signup.ts). */
export type LandingCampaign = Omit<SignupConsent, 'consentVersion'>

export const LANDING_STORAGE_KEY = 'stride.landing'
const fields = { utm_source: 'utmSource', utm_medium: 'utmMedium', utm_campaign: 'utmCampaign', ref: 'referralCode' } as const

/** A value worth keeping, by the rule the server keeps the consent record with (shared/signup.ts). */
const clean = (value: unknown) => consentValue(value) ?? undefined

/** What the landing address and the referrer say, with junk left out. */
export function campaignOf(landingUrl: string, referrer: string): LandingCampaign {
  const campaign: LandingCampaign = {}
  try {
    const landing = new URL(landingUrl)
    for (const [parameter, field] of Object.entries(fields)) {
      // A share link's code is kept only when it is one, in lower case.
      const value = (parameter === 'ref' ? referralCodeOf : clean)(landing.searchParams.get(parameter))
      if (value) campaign[field] = value
    }
    const from = originOf(referrer)
    if (from !== null && from !== landing.origin) campaign.referrerOrigin = from
  } catch {
    // a landing address that is not a URL: nothing to keep
  }
  return campaign
}

// sessionStorage may be missing (the server), forbidden (it throws) or full: then there is no campaign.

/** Records the landing of this session, unless one is recorded already. */
export function captureLanding(landingUrl: string, referrer: string) {
  try {
    if (sessionStorage.getItem(LANDING_STORAGE_KEY) === null) sessionStorage.setItem(LANDING_STORAGE_KEY, JSON.stringify(campaignOf(landingUrl, referrer)))
  } catch {
    // no storage: the signup simply carries no campaign
  }
}

/** The campaign recorded for this session; empty when there is none (or on the server). */
export function landingCampaign(): LandingCampaign {
  try {
    const stored = JSON.parse(sessionStorage.getItem(LANDING_STORAGE_KEY) ?? '') as Record<string, unknown>
    // Read back through campaignOf, so only what it keeps survives whatever is in storage (an origin alone).
    const search = new URLSearchParams(Object.entries(fields).map(([parameter, field]) => [parameter, clean(stored[field]) ?? '']))
    return campaignOf(`https://landing.invalid/?${search}`, clean(stored.referrerOrigin) ?? '')
  } catch {
    return {} // nothing stored, unreadable storage or not an object: no campaign
  }
}
