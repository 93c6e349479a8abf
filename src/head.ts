import { formOutcomes, outcomePath } from '../server/form-outcomes'
import { brand } from './brand'
import { pageMeta, type PageMetaKey } from './content/seo'

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
      { property: 'og:image:alt', content: `${brand.companyName}: your AI health and exercise coach, launching ${brand.launch.season} on ${brand.launch.platform}` },
      { name: 'twitter:card', content: 'summary_large_image' },
    ],
    links: url ? [{ rel: 'canonical', href: url }] : [],
  }
}

/** Every prerendered page, in sitemap order. */
export const pagePaths: PagePath[] = ['/', '/form', '/knee', '/gym-hero', '/about', '/blog', '/legal']

/** The outcome pages of a form post: a title of their own, never indexed, no canonical. */
export function outcomeHead(ok: boolean) {
  const title = ok ? `You're on the waitlist | ${brand.companyName}` : `Waitlist | ${brand.companyName}`
  return { meta: [{ title }, { name: 'robots', content: 'noindex' }], links: [] }
}

/** Prerendered, but outside the sitemap: the form post's outcome pages. */
export const unlistedPagePaths: string[] = formOutcomes.map((entry) => outcomePath(entry.code))
