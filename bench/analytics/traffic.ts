// The traffic bench/analytics.ts counts, written once for the beacons it posts and the days it seeds: a site of a
// few hundred pages, a few dozen campaign sources and campaigns, a few thousand referring sites, six phones in ten.
// A few of each pool take most of the traffic (a pick is the product of two uniform draws, so the first entries
// are the likeliest), as on a real site, where the home page and one launch post outweigh the long tail.

const mainPages = ['/', '/coach', '/knee', '/gym-hero', '/about', '/blog', '/form', '/legal', '/privacy', '/press']
/** 300 paths: the site's own pages, then blog posts. */
export const pages = [...mainPages, ...Array.from({ length: 290 }, (_, k) => `/blog/training-after-an-injury-part-${k + 1}`)]

const namedSources = ['launch', 'newsletter', 'instagram', 'tiktok', 'youtube', 'linkedin', 'reddit', 'x', 'facebook', 'google-ads']
/** 40 campaign sources (utm_source). */
export const sources = [...namedSources, ...Array.from({ length: 30 }, (_, k) => `partner-gym-${k + 1}`)]

/** 60 campaigns (utm_campaign). */
export const campaigns = Array.from({ length: 60 }, (_, k) => `${['launch', 'spring', 'knee-care', 'coach-beta', 'press'][k % 5]}-2026-wave-${k + 1}`)

const namedReferrers = ['news.ycombinator.com', 'www.google.com', 'duckduckgo.com', 'www.bing.com', 't.co', 'l.facebook.com', 'www.reddit.com', 'lnkd.in']
/** 3,000 referring sites' host names. */
export const referrers = [...namedReferrers, ...Array.from({ length: 2992 }, (_, k) => `running-and-recovery-blog-${k + 1}.example.com`)]

/** Six browsers a visitor may use; the first three say they are phones. */
export const userAgents = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
]

/** Page views per visitor in a day (110,000 views by 40,000 visitors). */
export const viewsPerVisitor = 2.75

/** How a visit arrived, in hundredths: a campaign link, another site, a friend's share link, or none. */
export const arrivals = { campaign: 35, referrer: 25, shareLink: 10 }

/** An index into a pool of `size`, the first entries likeliest. */
const skewed = (size: number) => Math.floor(Math.random() * Math.random() * size)

/** A visitor: an address of their own (the analytics limit is per address) and one of the browsers. Visitor `n`
 * is the same address and browser every time, so their views of the day count as one visitor. */
export function visitorOf(n: number): { address: string; userAgent: string } {
  const address = `${10 + ((n >> 24) & 63)}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  return { address, userAgent: userAgents[(n * 7) % 10 < 6 ? n % 3 : 3 + (n % 3)]! }
}

/** One beacon's body as the site sends it: the landing view carries how the visit arrived; the views after it the
 * same campaign (the landing keeps it for the visit), no referrer (the site's own pages), another page. */
export function beaconBody(landing: boolean): string {
  const arrival = Math.random() * 100
  const page = landing ? pages[skewed(mainPages.length * 3) % pages.length]! : pages[skewed(pages.length)]!
  if (arrival < arrivals.campaign)
    return JSON.stringify({ page, utmSource: sources[skewed(sources.length)], utmMedium: 'social', utmCampaign: campaigns[skewed(campaigns.length)] })
  if (landing && arrival < arrivals.campaign + arrivals.referrer) return JSON.stringify({ page, referrer: referrers[skewed(referrers.length)] })
  if (arrival < arrivals.campaign + arrivals.referrer + arrivals.shareLink) return JSON.stringify({ page, ref: `ann-${skewed(5000).toString(36)}` })
  return JSON.stringify({ page })
}
