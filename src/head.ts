import { outcomeCodes, outcomePath } from '../server/form-outcome-codes'
import { brand } from './brand'
import { consentOutcomeTitles, pageMeta, tokenPageTitles, type PageMetaKey } from './content/seo'

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
export const pagePaths: PagePath[] = ['/', '/form', '/knee', '/gym-hero', '/about', '/blog', '/legal', '/waitlist/erase']

/** The outcome pages of a form post: a title of their own, never indexed, no canonical. */
export function outcomeHead(code: string) {
  const name = code === outcomeCodes.success ? "You're on the waitlist" : (consentOutcomeTitles[code] ?? 'Waitlist')
  return noindexHead(`${name} | ${brand.companyName}`)
}

/** The pages behind the links in our emails: they carry a token, so never indexed, no canonical. */
export const tokenPageHead = (action: keyof typeof tokenPageTitles) => noindexHead(`${tokenPageTitles[action]} | ${brand.companyName}`)

const noindexHead = (title: string) => ({ meta: [{ title }, { name: 'robots', content: 'noindex' }], links: [] })

/** Prerendered, but outside the sitemap: the form post's outcome pages. */
export const unlistedPagePaths: string[] = Object.values(outcomeCodes).map(outcomePath)
