// The campaign that brought a visitor: the UTM parameters of the address they landed on (`utm_source`,
// `utm_medium`, `utm_campaign`, `utm_content`, `utm_term`), the referral code of a share link (`ref`, only when it
// is one: shared/referral-code.ts), and the referring site's origin (never its full URL, which may carry a search
// or a path about the visitor). A signup's consent record takes all of it but utm_content and utm_term
// (shared/signup.ts); each visit beacon takes all of it (src/waitlist/visit-beacon.ts).
// Kept in memory, in this module, while the app runs: no cookie and no storage (issue 32), so a reload or a new
// tab is a new landing. The first landing of the run wins: the entry records it once, and the site's own page
// changes, which keep this module, never record another.
// Small on purpose: it is part of the JavaScript every page loads up front (the entry calls captureLanding).
import { referralCodeOf } from '../../shared/referral-code'
import { consentValue, originOf, type SignupConsent } from '../../shared/signup'

/** The campaign part of a signup's consent record (shared/signup.ts). */
export type SignupCampaign = Omit<SignupConsent, 'consentVersion'>

/** What the landing recorded: the signup's campaign, and the two UTM parameters only the visit beacon carries. */
export type LandingCampaign = SignupCampaign & { utmContent?: string; utmTerm?: string }

const fields = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_content: 'utmContent',
  utm_term: 'utmTerm',
  ref: 'referralCode',
} as const

/** What the landing address and the referrer say, with junk left out. */
export function campaignOf(landingUrl: string, referrer: string): LandingCampaign {
  const campaign: LandingCampaign = {}
  try {
    const landing = new URL(landingUrl)
    for (const [parameter, field] of Object.entries(fields)) {
      // A value worth keeping, by the rule the server keeps the consent record with (shared/signup.ts); a share
      // link's code only when it is one, in lower case.
      const value = (parameter === 'ref' ? referralCodeOf : consentValue)(landing.searchParams.get(parameter))
      if (value) campaign[field] = value
    }
    const from = originOf(referrer)
    if (from !== null && from !== landing.origin) campaign.referrerOrigin = from
  } catch {
    // a landing address that is not a URL: nothing to keep
  }
  return campaign
}

let landing: LandingCampaign | undefined

/** Records the landing of this run of the app, unless one is recorded already. */
export function captureLanding(landingUrl: string, referrer: string) {
  landing ??= campaignOf(landingUrl, referrer)
}

/** The campaign recorded for this run of the app; empty when there is none (or on the server). */
export const landingCampaign = (): Readonly<LandingCampaign> => landing ?? {}

/** The part of the landing a signup's consent record keeps: utm_content and utm_term are the visit's alone. */
export function signupCampaign(): SignupCampaign {
  const { utmContent: _content, utmTerm: _term, ...campaign } = landingCampaign()
  return campaign
}

/** For tests, what a reload does: the next capture is a new landing. The app never calls it, so the bundle
 * leaves it out. */
export function forgetLanding() {
  landing = undefined
}
