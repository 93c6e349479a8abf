// The campaign that brought a visitor, for the consent record of their signup: `utm_source`, `utm_medium`
// and `utm_campaign` from the address they landed on, and the referring site's origin (never its full
// URL, which may carry a search or a path about the visitor). Kept once per browser session in
// sessionStorage: the first landing wins, so the site's own pages and later reloads never overwrite it.
// Tiny and dependency-free: the entry calls captureLanding() before the app hydrates.

export interface LandingCampaign {
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  referrerOrigin?: string
}

export const LANDING_STORAGE_KEY = 'stride.landing'
/** The server drops longer values; so do we, rather than send something it will not keep. */
const MAX_LENGTH = 100
const parameters = [
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
] as const

const clean = (value: string | null) => {
  const trimmed = (value ?? '').trim()
  // eslint-disable-next-line no-control-regex
  return trimmed && trimmed.length <= MAX_LENGTH && !/[\u0000-\u001f\u007f]/.test(trimmed) ? trimmed : undefined
}

/** What the landing address and the referrer say, with junk left out. */
export function campaignOf(landingUrl: string, referrer: string): LandingCampaign {
  const campaign: LandingCampaign = {}
  let landing: URL
  try {
    landing = new URL(landingUrl)
  } catch {
    return campaign
  }
  for (const [parameter, field] of parameters) {
    const value = clean(landing.searchParams.get(parameter))
    if (value) campaign[field] = value
  }
  try {
    const from = new URL(referrer)
    if ((from.protocol === 'https:' || from.protocol === 'http:') && from.origin !== landing.origin) campaign.referrerOrigin = from.origin
  } catch {
    // no referrer, or not a URL: nothing to keep
  }
  return campaign
}

/** Records the landing of this session, unless one is recorded already. Storage may be missing or full. */
export function captureLanding(landingUrl: string, referrer: string, storage: Storage | undefined = safeSessionStorage()) {
  try {
    if (!storage || storage.getItem(LANDING_STORAGE_KEY) !== null) return
    storage.setItem(LANDING_STORAGE_KEY, JSON.stringify(campaignOf(landingUrl, referrer)))
  } catch {
    // private mode or storage disabled: the signup simply carries no campaign
  }
}

/** The campaign recorded for this session; empty when there is none (or on the server). */
export function landingCampaign(storage: Storage | undefined = safeSessionStorage()): LandingCampaign {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(LANDING_STORAGE_KEY) ?? '{}')
    if (typeof stored !== 'object' || stored === null) return {}
    const campaign: LandingCampaign = {}
    for (const [, field] of parameters) {
      const value = clean(typeof (stored as Record<string, unknown>)[field] === 'string' ? ((stored as Record<string, string>)[field] ?? null) : null)
      if (value) campaign[field] = value
    }
    const origin = (stored as Record<string, unknown>).referrerOrigin
    if (typeof origin === 'string' && /^https?:\/\/[^/?#\s]+$/.test(origin)) campaign.referrerOrigin = origin
    return campaign
  } catch {
    return {}
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage
  } catch {
    return undefined // a browser that forbids storage throws on access
  }
}
