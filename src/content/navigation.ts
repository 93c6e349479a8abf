// Every link the header and footer show, in one place.
import { brand } from '../../shared/brand'

export const headerLinks = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Blog', to: '/blog' },
] as const

/** Every product, one click away: the landing page's products section and the footer list these. The coach
 * has no page of its own yet; its link leads to the landing page's waitlist. */
export const productLinks = [
  { label: brand.coachName, to: '/', hash: 'join' },
  { label: brand.formProductName, to: '/form', hash: undefined },
  { label: brand.kneeProductName, to: '/knee', hash: undefined },
  { label: brand.gymHeroName, to: '/gym-hero', hash: undefined },
] as const

export const companyLinks = [
  { label: 'About', to: '/about' },
  { label: 'Blog', to: '/blog' },
] as const

export const legalLinks = [
  { label: 'Privacy Policy', to: '/legal', hash: 'privacy-policy' },
  { label: 'Terms of Service', to: '/legal', hash: undefined },
  { label: 'Cookie Policy', to: '/legal', hash: 'cookie-policy' },
  { label: 'Delete my data', to: '/waitlist/erase', hash: undefined },
  { label: 'Get a copy of my data', to: '/waitlist/copy', hash: undefined },
] as const

export const socialLinks = [
  { label: 'Twitter', href: brand.social.twitter },
  { label: 'Instagram', href: brand.social.instagram },
  { label: 'LinkedIn', href: brand.social.linkedin },
  { label: 'Email', href: `mailto:${brand.contactEmail}` },
] as const

export const footerCopy = {
  tagline: `${brand.legalName} is a public benefit corporation building an AI coach for everyday health and exercise.`,
  iosButton: `${brand.launch.platform} app coming soon`,
  copyright: (year: number) => `© ${year} ${brand.legalName}. All rights reserved.`,
}
