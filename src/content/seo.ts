// Per-page <title> and meta description. Keys are route paths, plus 'notFound' for the 404 page.
import { brand } from '../../shared/brand'
import type { PageMeta } from './types'

export type PageMetaKey = '/' | '/form' | '/knee' | '/gym-hero' | '/about' | '/blog' | '/legal' | 'notFound'

const suffix = ` | ${brand.companyName}`

export const pageMeta: Record<PageMetaKey, PageMeta> = {
  '/': {
    title: `${brand.companyName} — your AI health and exercise coach`,
    description: `${brand.coachName} builds a plan around your goals and schedule, remembers context and adapts to real life. Launching ${brand.launch.season} on ${brand.launch.platform}.`,
  },
  '/form': {
    title: `${brand.formProductName}: AI Exercise Form Analysis${suffix}`,
    description: `${brand.formProductName} uses your phone's camera and AI to give clear, rep-by-rep feedback on your exercise form. Mobile app coming soon.`,
  },
  '/knee': {
    title: `${brand.kneeProductName}: Knee-Strengthening Program${suffix}`,
    description: `${brand.kneeProductName} is a gradual, guided program of short sessions to build strength and confidence in your knees.`,
  },
  '/gym-hero': {
    title: `${brand.gymHeroName} (Free Beta)${suffix}`,
    description: `${brand.gymHeroName} is a free beta that reviews your workout videos and gives rep-by-rep feedback on your form.`,
  },
  '/about': {
    title: `About Us${suffix}`,
    description: `${brand.legalName} is a public benefit corporation building personal, patient AI coaching for healthier, more active lives.`,
  },
  '/blog': {
    title: `Blog${suffix}`,
    description: `Notes on coaching, movement and responsible health technology from the ${brand.companyName} team. Coming soon.`,
  },
  '/legal': {
    title: `Legal: Terms, Privacy and Cookies${suffix}`,
    description: `Read the ${brand.companyName} Terms of Service and Privacy Policy, including how we protect your health and movement data.`,
  },
  notFound: {
    title: `Page Not Found${suffix}`,
    description: `We couldn't find that page. Head back to the ${brand.companyName} home page to learn about ${brand.coachName}.`,
  },
}

/** The consent pages, by flow: their headings and titles (never indexed, none in the sitemap). The
 * erasure request page shares its title with the page that confirms an erasure. */
export const tokenPageTitles = {
  confirm: 'Confirm your email',
  unsubscribe: 'Unsubscribe',
  erase: 'Delete your data',
  news: 'News and updates',
  copy: 'Get a copy of your data',
} as const

