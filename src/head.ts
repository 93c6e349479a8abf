import { tokenPageReferrerPolicy } from '../shared/consent-paths'
import { newsFormOutcomes, outcomeCodes, outcomePath } from '../shared/outcome-codes'
import { brand } from '../shared/brand'
import { pageMeta, tokenPageTitles, type PageMetaKey } from './content/seo'

export type PagePath = Exclude<PageMetaKey, 'notFound'>

/** Title, description, canonical link and Open Graph tags of one page, for a route's `head`. */
export function pageHead(key: PageMetaKey) {
  const { title, description } = pageMeta[key]
  const url = key === 'notFound' ? undefined : new URL(key, brand.siteUrl).href
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: brand.companyName },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      ...(url ? [{ property: 'og:url', content: url }] : [{ name: 'robots', content: 'noindex' }]),
      { property: 'og:image', content: new URL('/og-image.png', brand.siteUrl).href },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { property: 'og:image:alt', content: `${brand.companyName}: an AI health and exercise coach, launching ${brand.launch.season} on ${brand.launch.platform}. The logo, the headline, and a phone showing a first conversation with ${brand.coachName}.` },
      { name: 'twitter:card', content: 'summary_large_image' },
    ],
    links: url ? [{ rel: 'canonical', href: url }] : [],
  }
}

/** Every prerendered page, in sitemap order. */
export const pagePaths: PagePath[] = ['/', '/form', '/knee', '/gym-hero', '/about', '/blog', '/legal']

/** The outcome pages of a form post: a title of their own, never indexed, no canonical. Those whose form chooses
 * news and updates carry its token in their address: their referrer policy is in the page too. */
export function outcomeHead(code: string) {
  const head = noindexHead(`${outcomeTitle(code)} | ${brand.companyName}`)
  return (newsFormOutcomes as readonly string[]).includes(code) ? withTokenReferrerPolicy(head) : head
}

// A consent outcome is titled by its flow, read from its code ('confirm-link-invalid', 'erased', 'news-on'…):
// the page's own heading says more, and the codes' sentences stay out of the JavaScript every page loads.
const outcomeTitle = (code: string) => {
  const flow = /^(confirm|unsubscribe|erase|news|copy)/.exec(code)?.[1] as keyof typeof tokenPageTitles | undefined
  return code === outcomeCodes.success ? "You're on the waitlist" : flow ? tokenPageTitles[flow] : 'Waitlist'
}

/** The consent pages: the pages behind the links in our emails carry a token, and the erasure request
 * page is for people already on the list; none is indexed, none has a canonical. */
export const consentPageHead = (flow: keyof typeof tokenPageTitles) => noindexHead(`${tokenPageTitles[flow]} | ${brand.companyName}`)

/** A page behind an email's link: its referrer policy in the page itself too, for hosts that send no header. */
export const tokenPageHead = (flow: keyof typeof tokenPageTitles) => withTokenReferrerPolicy(consentPageHead(flow))

type Head = { meta: Record<string, string>[]; links: Record<string, string>[] }
const withTokenReferrerPolicy = (head: Head): Head => ({ ...head, meta: [...head.meta, { name: 'referrer', content: tokenPageReferrerPolicy }] })

const noindexHead = (title: string): Head => ({ meta: [{ title }, { name: 'robots', content: 'noindex' }], links: [] })

/** Prerendered, but outside the sitemap: the form post's outcome pages. */
// (Pure: only the prerenderer reads it, so the browser's bundle leaves it out.)
export const unlistedPagePaths: string[] = /* @__PURE__ */ Object.values(outcomeCodes).map(outcomePath)
