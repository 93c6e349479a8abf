// What the site tells the endpoint about a visit (issue 32, "Where signups come from"), counted without cookies,
// storage or a third party: one beacon when a page is shown (after the app is idle) and one at each route change,
// to `analyticsPath` on the endpoint's own origin, as `navigator.sendBeacon` posts it (a text/plain body of JSON).
// The endpoint adds nothing from the request but the device class (phone or desktop, from the User-Agent, which it
// never keeps) and, with the IP address, a visitor hash of the day (a daily random salt, the site, the IP address
// and the User-Agent; the salt is destroyed after its day). A browser that sends `Sec-GPC: 1` or `DNT: 1` is not
// counted. One description for both sides.

/** Where the beacon goes: beside the waitlist endpoint (`/api/waitlist` → `/api/analytics/visit`). */
export const analyticsPath = '/api/analytics/visit'

/** The beacon's body, every field a short string or absent. `page` is the path only (no query, no hash);
 * `referrer` is the referring site's host name only, and only when it is another site; the campaign is the landing
 * address's UTM parameters and a share link's `ref` code, as the landing recorded them for this visit. */
export type VisitBeacon = {
  page: string
  referrer?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  utmContent?: string
  utmTerm?: string
  ref?: string
}

/** The largest beacon body the endpoint reads, in bytes: the fields above with room to spare. */
export const visitBeaconMaxBytes = 2048
