// The campaign that brought a visitor, for the consent record of their signup: `utm_source`, `utm_medium`
// and `utm_campaign` from the address they landed on, and the referring site's origin (never its full
// URL, which may carry a search or a path about the visitor). Kept once per browser session in
// sessionStorage: the first landing wins, so the site's own pages and later reloads never overwrite it.
// Small on purpose: it is part of the JavaScript every page loads up front (the entry calls captureLanding).

export interface LandingCampaign {
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  referrerOrigin?: string
}

export const LANDING_STORAGE_KEY = 'stride.landing'
const fields = { utm_source: 'utmSource', utm_medium: 'utmMedium', utm_campaign: 'utmCampaign' } as const

/** A value worth keeping: trimmed, 1 to 100 characters (what the server keeps), no control characters. */
// eslint-disable-next-line no-control-regex
const clean = (value: unknown) => (typeof value === 'string' && /^[^\u0000-\u001f\u007f]{1,100}$/.test(value.trim()) ? value.trim() : undefined)

/** What the landing address and the referrer say, with junk left out. */
export function campaignOf(landingUrl: string, referrer: string): LandingCampaign {
  const campaign: LandingCampaign = {}
  try {
    const landing = new URL(landingUrl)
    for (const [parameter, field] of Object.entries(fields)) {
      const value = clean(landing.searchParams.get(parameter))
      if (value) campaign[field] = value
    }
    const from = new URL(referrer)
    if (/^https?:$/.test(from.protocol) && from.origin !== landing.origin) campaign.referrerOrigin = from.origin
  } catch {
    // a landing or a referrer that is not a URL (no referrer at all, most often): nothing more to keep
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
