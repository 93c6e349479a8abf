// What each route (docs/product-rules.md#pages-and-routes) must show, read from the site's own content
// modules (one place for each fact), so the browser checks follow the copy when it changes.
import { brand } from '../../shared/brand'
import { aboutPage } from '../../src/content/about'
import { hero } from '../../src/content/home'
import { blogPage } from '../../src/content/blog'
import { notFoundPage } from '../../src/content/not-found'
import { cookiePolicyNotice, privacyPolicy } from '../../src/content/privacy'
import { formPage, gymHeroPage, kneePage } from '../../src/content/products'
import { pageMeta } from '../../src/content/seo'
import { termsOfService } from '../../src/content/terms'

export interface RouteExpectation {
  path: string
  title: string
  h1: string
  /** Sentences the page must show (a few per route, enough to know it is the right page). */
  texts: string[]
}

export const routes: RouteExpectation[] = [
  { path: '/', title: pageMeta['/'].title, h1: hero.title, texts: [hero.badge, hero.lead] },
  { path: '/form', title: pageMeta['/form'].title, h1: formPage.title, texts: [formPage.lead, formPage.buttonLabel, ...formPage.points] },
  { path: '/knee', title: pageMeta['/knee'].title, h1: kneePage.title, texts: [kneePage.lead, ...kneePage.bullets] },
  { path: '/gym-hero', title: pageMeta['/gym-hero'].title, h1: gymHeroPage.title, texts: [gymHeroPage.badge, gymHeroPage.lead] },
  { path: '/about', title: pageMeta['/about'].title, h1: aboutPage.title, texts: [aboutPage.lead, aboutPage.story.heading, aboutPage.wontChange.heading] },
  { path: '/blog', title: pageMeta['/blog'].title, h1: blogPage.title, texts: [blogPage.body] },
  { path: '/legal', title: pageMeta['/legal'].title, h1: termsOfService.title, texts: [`Last updated ${termsOfService.versions[0].date}`, termsOfService.intro[0]!] },
]

/** The not-found page, reached through a path no route matches. */
export const notFound: RouteExpectation = {
  path: '/no-such-page',
  title: pageMeta.notFound.title,
  h1: notFoundPage.title,
  texts: [notFoundPage.body],
}

export const legal = {
  terms: termsOfService.title,
  privacy: privacyPolicy.title,
  cookies: cookiePolicyNotice,
}

export const contactHref = `mailto:${brand.contactEmail}`

/** Every page a visitor can open, the 404 included. */
export const allPages = [...routes, notFound]
